import type { Writable } from 'node:stream';

/**
 * How long a response waits after a notification was handed to the stream. A client that reads the
 * notification and the response in one chunk may handle the response first (the official SDK
 * clients do, then drop the notification as "unknown token"); a response that follows within this
 * gap goes in a later write, so that the peer reads the notification on its own.
 */
const NOTIFICATION_GAP_MS = 2;

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
  /** Lines not yet handed to the stream, in order, and which of them are responses. */
  #pending: string[] = [];
  #responses: boolean[] = [];
  #scheduled = false;
  #blocked = false;
  #broken = false;
  #notifiedAt = -Infinity;
  #held: NodeJS.Timeout | undefined;

  /** `write` defaults to the stream's own; the stdout guard passes the real one it set aside. */
  constructor(output: Writable, onChange: () => void, write?: (text: string) => boolean) {
    this.#output = output;
    this.#write = write ?? ((text) => output.write(text));
    this.#onChange = onChange;
    output.on('drain', () => this.#drain());
    output.on('error', () => {
      this.#broken = true; // the reader went away (EPIPE): nothing more can be delivered
      this.#pending = [];
      this.#responses = [];
    });
  }

  get blocked(): boolean {
    return this.#blocked;
  }

  /** Queues a line; `response` marks the answer to a request, which never shares a write with a notification before it. */
  writeLine(line: string, response = false): void {
    if (this.#broken) return;
    this.#pending.push(line);
    this.#responses.push(response);
    if (!this.#blocked && !this.#scheduled && this.#held === undefined) {
      this.#scheduled = true;
      setImmediate(this.#writeSoon);
    }
  }

  /** Resolves once everything written has been handed to the stream, or after `timeoutMs`. */
  async flush(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    if (!this.#blocked) this.#writePending();
    while ((this.#blocked || this.#held !== undefined || this.#output.writableLength > 0) && !this.#broken && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  readonly #writeSoon = (): void => {
    this.#scheduled = false;
    this.#held = undefined;
    if (!this.#blocked) this.#writePending();
  };

  #writePending(): void {
    const pending = this.#pending;
    let taken = 0;
    let hold = false;
    while (taken < pending.length && !this.#blocked && !this.#broken && !hold) {
      // At least one line per write; more while they fit what the stream buffers before it says "full".
      const room = this.#output.writableHighWaterMark - this.#output.writableLength;
      let text = '';
      let notified = false;
      do {
        if (this.#responses[taken] === true && (notified || this.#tooSoon())) {
          hold = true;
          break;
        }
        if (this.#responses[taken] !== true) notified = true;
        text += `${pending[taken++]!}\n`;
      } while (taken < pending.length && text.length + pending[taken]!.length < room);
      if (text === '') break;
      if (notified) this.#notifiedAt = performance.now();
      if (!this.#write(text)) this.#blocked = true;
    }
    if (taken === pending.length || this.#broken) {
      this.#pending = [];
      this.#responses = [];
    } else {
      this.#pending = pending.slice(taken);
      this.#responses = this.#responses.slice(taken);
    }
    if (hold && !this.#blocked && this.#held === undefined && this.#pending.length > 0) {
      this.#held = setTimeout(this.#writeSoon, NOTIFICATION_GAP_MS);
    }
    if (this.#blocked) this.#onChange();
  }

  #tooSoon(): boolean {
    return this.#notifiedAt !== -Infinity && performance.now() - this.#notifiedAt < NOTIFICATION_GAP_MS;
  }

  #drain(): void {
    this.#blocked = false;
    if (this.#held === undefined) this.#writePending();
    if (!this.#blocked) this.#onChange();
  }
}
