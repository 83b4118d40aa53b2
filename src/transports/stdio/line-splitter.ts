// Splits a byte stream into lines without ever holding more than `maxBytes` of one line.

/** A complete line, or the news that a line passed the limit (its bytes are dropped up to the next newline). */
export type Line = { kind: 'line'; text: string } | { kind: 'overlong' };

const NEWLINE = 0x0a;

export class LineSplitter {
  readonly #maxBytes: number;
  #parts: Buffer[] = [];
  #size = 0;
  #skipping = false;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /**
   * Feeds a chunk; returns the lines it completed, in order. `\r\n` endings lose their `\r`.
   * The lines that lie whole inside the chunk are decoded with one call, not one per line.
   */
  push(chunk: Buffer, out: Line[] = []): Line[] {
    const last = chunk.lastIndexOf(NEWLINE);
    if (last === -1) {
      this.#take(chunk, out);
      return out;
    }
    let start = 0;
    if (this.#size > 0 || this.#skipping) {
      const first = chunk.indexOf(NEWLINE);
      this.#take(chunk.subarray(0, first), out);
      this.#finishLine(out);
      start = first + 1;
    }
    if (start <= last) this.#splitWhole(chunk, start, last, out);
    this.#take(chunk.subarray(last + 1), out);
    return out;
  }

  /** At end of input: a last line without a newline still counts. */
  end(out: Line[] = []): Line[] {
    if (this.#size > 0) this.#finishLine(out);
    this.#skipping = false;
    return out;
  }

  /** The lines of chunk[start, end), where `end` is a newline; a newline byte never occurs inside a UTF-8 sequence. */
  #splitWhole(chunk: Buffer, start: number, end: number, out: Line[]): void {
    const texts = chunk.toString('utf8', start, end).split('\n');
    // Only a stretch longer than the limit can hold an overlong line: then measure each in bytes.
    let from = end - start > this.#maxBytes ? start : -1;
    for (const raw of texts) {
      if (from !== -1) {
        const to = chunk.indexOf(NEWLINE, from);
        const bytes = to - from;
        from = to + 1;
        if (bytes > this.#maxBytes) {
          out.push({ kind: 'overlong' });
          continue;
        }
      }
      out.push({ kind: 'line', text: raw.endsWith('\r') ? raw.slice(0, -1) : raw });
    }
  }

  #take(piece: Buffer, out: Line[]): void {
    if (this.#skipping || piece.length === 0) return;
    if (this.#size + piece.length > this.#maxBytes) {
      out.push({ kind: 'overlong' });
      this.#parts = [];
      this.#size = 0;
      this.#skipping = true;
      return;
    }
    this.#parts.push(piece);
    this.#size += piece.length;
  }

  #finishLine(out: Line[]): void {
    if (this.#skipping) {
      this.#skipping = false;
      return;
    }
    const bytes = this.#parts.length === 1 ? this.#parts[0]! : Buffer.concat(this.#parts, this.#size);
    this.#parts = [];
    this.#size = 0;
    let text = bytes.toString('utf8');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    out.push({ kind: 'line', text });
  }
}
