import type { Writable } from 'node:stream';

/**
 * Writes lines to a stream, joining the lines of one turn of the event loop into one write, and
 * honours back-pressure: once `write` returns false, lines wait in order until 'drain'. `blocked`
 * tells the reader to stop taking input meanwhile.
 */
export class FrameWriter {
  readonly #output: Writable;
  readonly #write: (text: string) => boolean;
  readonly #onUnblock: () => void;
  /** Lines not yet handed to the stream, in order. */
  #pending: string[] = [];
  #scheduled = false;
  #blocked = false;
  #broken = false;

  /** `write` defaults to the stream's own; the stdout guard passes the real one it set aside. */
  constructor(output: Writable, onUnblock: () => void, write?: (text: string) => boolean) {
    this.#output = output;
    this.#write = write ?? ((text) => output.write(text));
    this.#onUnblock = onUnblock;
    output.on('drain', () => this.#drain());
    output.on('error', () => {
      this.#broken = true; // the reader went away (EPIPE): nothing more can be delivered
      this.#pending = [];
    });
  }

  get blocked(): boolean {
    return this.#blocked;
  }

  get broken(): boolean {
    return this.#broken;
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
    if (this.#pending.length === 0 || this.#broken) return;
    const text = `${this.#pending.join('\n')}\n`;
    this.#pending = [];
    if (!this.#write(text)) this.#blocked = true;
  }

  #drain(): void {
    this.#blocked = false;
    this.#writePending();
    if (!this.#blocked) this.#onUnblock();
  }
}
