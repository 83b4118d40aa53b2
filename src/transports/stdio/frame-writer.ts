import type { Writable } from 'node:stream';

/**
 * Writes lines to a stream, joining the lines of one turn of the event loop into writes as large
 * as the stream's free buffer, and honours back-pressure: once `write` returns false, lines wait
 * in order until 'drain'. `blocked` tells the reader to stop taking input meanwhile, and
 * `onChange` runs whenever it changes.
 */
export class FrameWriter {
  readonly #output: Writable;
  readonly #write: (text: string) => boolean;
  readonly #onChange: () => void;
  /** Lines not yet handed to the stream, in order. */
  #pending: string[] = [];
  #scheduled = false;
  #blocked = false;
  #broken = false;

  /** `write` defaults to the stream's own; the stdout guard passes the real one it set aside. */
  constructor(output: Writable, onChange: () => void, write?: (text: string) => boolean) {
    this.#output = output;
    this.#write = write ?? ((text) => output.write(text));
    this.#onChange = onChange;
    output.on('drain', () => this.#drain());
    output.on('error', () => {
      this.#broken = true; // the reader went away (EPIPE): nothing more can be delivered
      this.#pending = [];
    });
  }

  get blocked(): boolean {
    return this.#blocked;
  }

  writeLine(line: string): void {
    if (this.#broken) return;
    this.#pending.push(line);
    if (!this.#blocked && !this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#writeSoon);
    }
  }

  /** Resolves once everything written has been handed to the stream, or after `timeoutMs`. */
  async flush(timeoutMs: number): Promise<void> {
    if (!this.#blocked) this.#writePending();
    const deadline = Date.now() + timeoutMs;
    while ((this.#blocked || this.#output.writableLength > 0) && !this.#broken && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  readonly #writeSoon = (): void => {
    this.#scheduled = false;
    if (!this.#blocked) this.#writePending();
  };

  #writePending(): void {
    const pending = this.#pending;
    let taken = 0;
    while (taken < pending.length && !this.#blocked && !this.#broken) {
      // At least one line per write; more while they fit what the stream buffers before it says "full".
      const room = this.#output.writableHighWaterMark - this.#output.writableLength;
      let text = `${pending[taken++]!}\n`;
      while (taken < pending.length && text.length + pending[taken]!.length < room) text += `${pending[taken++]!}\n`;
      if (!this.#write(text)) this.#blocked = true;
    }
    this.#pending = taken === pending.length || this.#broken ? [] : pending.slice(taken);
    if (this.#blocked) this.#onChange();
  }

  #drain(): void {
    this.#blocked = false;
    this.#writePending();
    if (!this.#blocked) this.#onChange();
  }
}
