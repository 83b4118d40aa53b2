import type { Writable } from 'node:stream';

/**
 * Writes lines to a stream and honours back-pressure: once `write` returns false, lines wait in
 * order until 'drain'. `blocked` tells the reader to stop taking input meanwhile.
 */
export class FrameWriter {
  readonly #output: Writable;
  readonly #write: (text: string) => boolean;
  readonly #onUnblock: () => void;
  #queue: string[] = [];
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
      this.#queue = [];
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
    if (this.#blocked) {
      this.#queue.push(line);
      return;
    }
    if (!this.#write(`${line}\n`)) this.#blocked = true;
  }

  /** Resolves once everything written has been handed to the stream, or after `timeoutMs`. */
  async flush(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ((this.#blocked || this.#output.writableLength > 0) && !this.#broken && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  #drain(): void {
    this.#blocked = false;
    while (this.#queue.length > 0 && !this.#blocked) {
      const line = this.#queue.shift()!;
      if (!this.#write(`${line}\n`)) this.#blocked = true;
    }
    if (!this.#blocked) this.#onUnblock();
  }
}
