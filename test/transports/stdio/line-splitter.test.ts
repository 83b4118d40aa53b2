// The stdio transport's line splitter on its own: a line of exactly maxLineBytes is a line however
// the chunks cut it, one byte more is overlong, `\r\n` loses its `\r` in one chunk or across two, and
// for any bytes cut anywhere it gives the lines a plain split of the whole stream gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitter, type Line } from '../../../src/transports/stdio/line-splitter.js';

/** Feeds `chunks` in order, then ends: every line given. */
function split(maxBytes: number, chunks: readonly (string | Buffer)[]): Line[] {
  const splitter = new LineSplitter(maxBytes);
  const out: Line[] = [];
  for (const chunk of chunks) splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk, out);
  return splitter.end(out);
}

/** What the splitter must give: the whole stream split at each newline, a line over `maxBytes` (its `\r` counted) overlong. */
function reference(maxBytes: number, bytes: Buffer): Line[] {
  const lines: Line[] = [];
  let from = 0;
  for (;;) {
    const to = bytes.indexOf(0x0a, from);
    const end = to === -1 ? bytes.length : to;
    if (to !== -1 || end > from) {
      if (end - from > maxBytes) lines.push({ kind: 'overlong' });
      else {
        const text = bytes.toString('utf8', from, end);
        lines.push({ kind: 'line', text: text.endsWith('\r') ? text.slice(0, -1) : text });
      }
    }
    if (to === -1) return lines;
    from = to + 1;
  }
}

const line = (text: string): Line => ({ kind: 'line', text });
const OVERLONG: Line = { kind: 'overlong' };

describe('LineSplitter', () => {
  it('a line of exactly maxBytes is a line, in one chunk or cut across two; one byte more is overlong', () => {
    const exact = 'x'.repeat(16);
    expect(split(16, [`${exact}\n`])).toStrictEqual([line(exact)]);
    expect(split(16, [exact.slice(0, 7), `${exact.slice(7)}\n`])).toStrictEqual([line(exact)]);
    expect(split(16, [exact, '\n'])).toStrictEqual([line(exact)]);
    expect(split(16, [`${exact}x\n`])).toStrictEqual([OVERLONG]);
    expect(split(16, [exact.slice(0, 7), `${exact.slice(7)}x\n`])).toStrictEqual([OVERLONG]);
    // An overlong line is dropped up to its newline; the next is read as usual.
    expect(split(16, [`a\n${exact}xx`, `yy\nb\n`])).toStrictEqual([line('a'), OVERLONG, line('b')]);
  });

  it('`\\r\\n` loses its `\\r`, in one chunk or across two; a `\\r` elsewhere stays', () => {
    expect(split(64, ['{"a":1}\r\n{"b":2}\r\n'])).toStrictEqual([line('{"a":1}'), line('{"b":2}')]);
    expect(split(64, ['{"a":1}\r', '\n'])).toStrictEqual([line('{"a":1}')]);
    expect(split(64, ['{"a":1}', '\r\n'])).toStrictEqual([line('{"a":1}')]);
    expect(split(64, ['a\rb\n'])).toStrictEqual([line('a\rb')]);
  });

  it('a last line without a newline counts at the end; a UTF-8 character cut between chunks is whole', () => {
    const snowman = Buffer.from('☃\n');
    expect(split(64, [snowman.subarray(0, 1), snowman.subarray(1, 2), snowman.subarray(2)])).toStrictEqual([line('☃')]);
    expect(split(64, ['a\nb'])).toStrictEqual([line('a'), line('b')]);
  });

  it('for any bytes cut anywhere, the lines of a plain split of the whole stream', () => {
    const text = fc
      .array(fc.constantFrom('a', 'é', '☃', '😀', '\n', '\r', '\r\n', 'xxxxxxxx'), { maxLength: 60 })
      .map((parts) => Buffer.from(parts.join('')));
    fc.assert(
      fc.property(
        text,
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.integer({ min: 1, max: 24 }),
        (bytes, cuts, maxBytes) => {
          const at = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...at].map((from, i) => bytes.subarray(from, [...at, bytes.length][i]));
          expect(split(maxBytes, chunks)).toStrictEqual(reference(maxBytes, bytes));
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
