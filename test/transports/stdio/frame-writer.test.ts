// The stdio writer: lines of one turn in one write, and a response apart from its own notifications.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FrameWriter, type Written } from '../../../src/transports/stdio/frame-writer.js';

/** A stream that records each write with the time it came. */
function recorder() {
  const writes: { text: string; at: number }[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push({ text: chunk.toString(), at: performance.now() });
      done();
    },
  });
  return { output, writes };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('FrameWriter', () => {
  it('joins the lines of one turn into one write', async () => {
    const { output, writes } = recorder();
    const writer = new FrameWriter(output, () => undefined);
    writer.writeLine('a');
    writer.writeLine('b');
    await settle(5);
    expect(writes.map((w) => w.text)).toStrictEqual(['a\nb\n']);
  });

  it('writes a response after its own notification, apart and gapMs later; other lines do not wait', async () => {
    const { output, writes } = recorder();
    const writer = new FrameWriter(output, () => undefined, undefined, 20);
    const mark: Written = { at: undefined };
    writer.writeLine('progress of 1', mark);
    writer.writeAfter('response 1', mark);
    writer.writeLine('response 2');
    await settle(60);
    expect(writes.map((w) => w.text)).toStrictEqual(['progress of 1\nresponse 2\n', 'response 1\n']);
    expect(writes[1]!.at - writes[0]!.at).toBeGreaterThanOrEqual(19);
  });

  it('sends a response at once when its notification went out longer than gapMs ago', async () => {
    const { output, writes } = recorder();
    const writer = new FrameWriter(output, () => undefined, undefined, 5);
    const mark: Written = { at: undefined };
    writer.writeLine('progress', mark);
    await settle(15);
    writer.writeAfter('response', mark);
    await settle(1);
    expect(writes.map((w) => w.text)).toStrictEqual(['progress\n', 'response\n']);
  });

  it('flush waits for held responses, so none is lost at shutdown', async () => {
    const { output, writes } = recorder();
    const writer = new FrameWriter(output, () => undefined, undefined, 30);
    const marks = Array.from({ length: 50 }, () => ({ at: undefined }) as Written);
    marks.forEach((mark, i) => {
      writer.writeLine(`progress ${i}`, mark);
      writer.writeAfter(`response ${i}`, mark);
    });
    await writer.flush(1000);
    const lines = writes.flatMap((w) => w.text.split('\n').filter(Boolean));
    expect(lines.filter((line) => line.startsWith('response'))).toHaveLength(50);
  });
});
