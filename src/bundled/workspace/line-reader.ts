// Splits a file into lines as it streams, so a window of a huge file costs memory for the window only.
import type { FileHandle } from 'node:fs/promises';

export interface Line {
  /** The line's bytes without its `\n`, at most `keepBytes` of them. */
  readonly bytes: Buffer;
  /** The line's full length in bytes, without its `\n`. */
  readonly length: number;
}

/**
 * Yields each line of the file. A final line without `\n` is a line; the empty string after a
 * final `\n` is not. Bytes of a line past `keepBytes` are counted but not kept. A cancelled or
 * timed-out call stops the reading at the next chunk: a window far into a huge file is no loop without end.
 */
export async function* readLines(handle: FileHandle, keepBytes: number, signal?: AbortSignal): AsyncGenerator<Line> {
  let pending: Buffer[] = [];
  let kept = 0;
  let length = 0;
  const take = (piece: Buffer) => {
    length += piece.length;
    const room = keepBytes - kept;
    if (room <= 0) return;
    const part = piece.length > room ? piece.subarray(0, room) : piece;
    pending.push(part);
    kept += part.length;
  };
  const finish = (): Line => {
    const line = { bytes: Buffer.concat(pending), length };
    pending = [];
    kept = 0;
    length = 0;
    return line;
  };
  for await (const chunk of handle.createReadStream({ start: 0, autoClose: false }) as AsyncIterable<Buffer>) {
    signal?.throwIfAborted();
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      take(chunk.subarray(start, newline));
      yield finish();
      start = newline + 1;
    }
    if (start < chunk.length) take(chunk.subarray(start));
  }
  if (length > 0) yield finish();
}
