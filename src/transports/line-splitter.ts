// Splits a byte stream into lines without ever holding more than `maxBytes` of one line.

/** A complete line, or the news that a line passed the limit (its bytes are dropped up to the next newline). */
export type Line = { kind: 'line'; text: string } | { kind: 'overlong' };

export class LineSplitter {
  readonly #maxBytes: number;
  #parts: Buffer[] = [];
  #size = 0;
  #skipping = false;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** Feeds a chunk; returns the lines it completed, in order. `\r\n` endings lose their `\r`. */
  push(chunk: Buffer, out: Line[] = []): Line[] {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline;
      this.#take(chunk.subarray(start, end), out);
      if (newline === -1) break;
      this.#finishLine(out);
      start = newline + 1;
    }
    return out;
  }

  /** At end of input: a last line without a newline still counts. */
  end(out: Line[] = []): Line[] {
    if (this.#size > 0) this.#finishLine(out);
    this.#skipping = false;
    return out;
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
