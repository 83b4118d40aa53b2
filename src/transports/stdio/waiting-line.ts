// Requests read but not started: at most `maxWaiting` of them and `maxBytes` of their text, so that
// the notifications behind them (a cancel above all) are still read while every slot is taken.

interface Waiting {
  readonly frame: { id: unknown };
  readonly size: number;
}

export class WaitingLine {
  readonly #maxWaiting: number;
  readonly #maxBytes: number;
  #waiting: Waiting[] = [];
  #head = 0;
  #bytes = 0;

  constructor(maxWaiting: number, maxBytes: number) {
    this.#maxWaiting = maxWaiting;
    this.#maxBytes = maxBytes;
  }

  get empty(): boolean {
    return this.#head === this.#waiting.length;
  }

  /** No more may wait: a request read now is refused. */
  get full(): boolean {
    return this.#waiting.length - this.#head >= this.#maxWaiting || this.#bytes >= this.#maxBytes;
  }

  push(frame: { id: unknown }, size: number): void {
    this.#waiting.push({ frame, size });
    this.#bytes += size;
  }

  /** The request at the head of the line, taken out of it (the line must not be empty). */
  take(): { id: unknown } {
    const { frame, size } = this.#waiting[this.#head++]!;
    this.#bytes -= size;
    return frame;
  }

  /** Lets go of what started, a long run of requests at a time (not one array copy per request). */
  compact(): void {
    if (this.#head !== this.#waiting.length && this.#head < this.#maxWaiting) return;
    this.#waiting = this.#waiting.slice(this.#head);
    this.#head = 0;
  }

  /** A cancel for a request that has not started: it leaves the line, as MCP owes it no answer. */
  drop(id: unknown): void {
    const index = this.#waiting.findIndex((request, i) => i >= this.#head && request.frame.id === id);
    if (index === -1) return;
    this.#bytes -= this.#waiting[index]!.size;
    this.#waiting.splice(index, 1);
  }
}
