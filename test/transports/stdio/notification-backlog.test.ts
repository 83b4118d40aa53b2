// A client that does not read while a tool logs and reports progress: what waits for it is bounded
// (log messages and progress are dropped past 1 MiB, said once), and every response still arrives.
import { Writable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../../src/features/tools/define.js';
import { McpServer } from '../../../src/server.js';
import { NOTIFICATION_BACKLOG_BYTES, createBacklogCheck } from '../../../src/transports/backlog.js';
import { serveStdio } from '../../../src/transports/stdio/serve.js';

const MESSAGES = 5000;
const TEXT = 'x'.repeat(1000);

/** A sink that takes one chunk and then holds everything until `release()`: a reader that stopped reading. */
class StalledSink extends Writable {
  text = '';
  #held: (() => void)[] = [];
  #stalled = true;

  constructor() {
    super({ highWaterMark: 64 });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString();
    if (this.#stalled) this.#held.push(callback);
    else callback();
  }

  release(): void {
    this.#stalled = false;
    for (const callback of this.#held.splice(0)) callback();
  }
}

describe('what a backlog drops', () => {
  const over = NOTIFICATION_BACKLOG_BYTES;
  it.each([
    ['a log message', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } }, true],
    ['progress', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } }, true],
    ['a list change', { jsonrpc: '2.0', method: 'notifications/tools/list_changed' }, false],
    ['a request of the server', { jsonrpc: '2.0', id: 1, method: 'elicitation/create', params: {} }, false],
    ['a response', { jsonrpc: '2.0', id: 1, result: {} }, false],
    ['an error', { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'Invalid Request' } }, false],
  ] as const)('%s over the bound: dropped %s', (_name, message, dropped) => {
    const drops: number[] = [];
    const check = createBacklogCheck(() => drops.push(1));
    expect([check(message, over - 1), check(message, over), check(message, over)]).toStrictEqual([
      false,
      dropped,
      dropped,
    ]);
    expect(drops).toStrictEqual(dropped ? [1] : []);
  });
});

describe('stdio notifications to a client that does not read', () => {
  it(`keeps about 1 MiB of ${MESSAGES} log messages and progress notifications, and answers every call`, async () => {
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    const chatty = defineTool({
      name: 'chatty',
      description: 'logs and reports progress, a turn at a time',
      input: z.object({}),
      handler: async (_args, { log, progress }) => {
        for (let i = 0; i < MESSAGES; i++) {
          log('info', TEXT);
          progress(i, MESSAGES);
          if (i % 100 === 0) await sleep(0);
        }
        finished();
        return 'done';
      },
    });
    const input = new PassThrough();
    const output = new StalledSink();
    const reported: string[] = [];
    const server = new McpServer({ name: 't', version: '1', tools: [chatty] });
    const stdio = serveStdio(server, {
      input,
      output,
      handleSignals: false,
      onError: (error) => reported.push((error as Error).message),
    });
    const call = (id: number) =>
      `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"chatty","_meta":{"progressToken":${id}}}}\n`;
    input.write(call(1) + call(2));
    await done;
    await sleep(20); // the second call finishes in the same turn; their responses are queued
    output.release();
    input.end();
    await stdio.closed;

    const lines = output.text.split('\n').filter(Boolean);
    const notifications = lines.filter((line) => line.includes('"method"'));
    const kept = notifications.reduce((sum, line) => sum + line.length, 0);
    expect(kept).toBeGreaterThan(NOTIFICATION_BACKLOG_BYTES - 2 * 1200);
    expect(kept).toBeLessThan(NOTIFICATION_BACKLOG_BYTES + 2 * 1200);
    expect(lines.filter((line) => !line.includes('"method"')).toSorted()).toStrictEqual([
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"done"}],"isError":false}}',
      '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"done"}],"isError":false}}',
    ]);
    expect(reported).toStrictEqual([
      'the client reads too slowly: log messages and progress notifications to it are dropped while over 1 MiB waits to be written to it (said once)',
    ]);
  });
});
