// A tool that logs far more than its client takes: what waits on the SSE stream is bounded (log
// messages past 1 MiB unsent are dropped, said once on stderr), and the response still arrives.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool } from '../../../src/index.js';
import { serveHttp, type HttpServerHandle } from '../../../src/node.js';
import { NOTIFICATION_BACKLOG_BYTES } from '../../../src/transports/backlog.js';
import { callFrame, openSession, post } from './helpers.js';

const MESSAGES = 20_000;
const TEXT = 'x'.repeat(1000);

const flood = defineTool({
  name: 'flood',
  description: 'logs 20,000 messages of 1 kB at once, then answers',
  input: z.object({}),
  handler: (_args, { log }) => {
    for (let i = 0; i < MESSAGES; i++) log('info', TEXT);
    return 'done';
  },
});

let handle: HttpServerHandle;
beforeAll(async () => {
  handle = await serveHttp(new McpServer({ name: 't', version: '1', tools: [flood] }), { port: 0, host: '127.0.0.1' });
});
afterAll(() => handle.close());

describe('HTTP notifications past the stream backlog', () => {
  it('drops log messages once 1 MiB waits unsent on the stream, keeps the response, and says so once', async () => {
    const said: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    vi.spyOn(process.stderr, 'write').mockImplementation((text: string | Uint8Array, ...rest: unknown[]) => {
      if (String(text).startsWith('zod-mcp: http: ')) return said.push(String(text)) > 0;
      return (write as (...args: unknown[]) => boolean)(text, ...rest);
    });
    const session = await openSession(handle.url);
    const res = await post(handle.url, callFrame(1, 'flood'), { 'mcp-session-id': session });
    const second = await post(handle.url, callFrame(2, 'flood'), { 'mcp-session-id': session });
    vi.restoreAllMocks();

    const events = res.body.split('\n\n').filter(Boolean);
    const logs = events.filter((event) => event.includes('"notifications/message"'));
    // About 1 MiB of events is kept (less the chunked encoding's framing), plus whatever the socket
    // took meanwhile: far from all 20 MB.
    const eventBytes = logs[0]!.length + 2;
    expect(logs.length * eventBytes).toBeGreaterThan(0.95 * NOTIFICATION_BACKLOG_BYTES);
    expect(logs.length).toBeLessThan(MESSAGES / 2);
    expect(events.at(-1)).toBe(
      'event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"done"}],"isError":false}}',
    );
    expect(
      second.body.endsWith(
        'data: {"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"done"}],"isError":false}}\n\n',
      ),
    ).toBe(true);
    expect(said).toStrictEqual([
      'zod-mcp: http: a client reads too slowly: log messages and progress notifications to it are dropped while over 1 MiB waits to be written to it (said once)\n',
    ]);
  });
});
