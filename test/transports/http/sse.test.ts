// A request whose handler notifies before answering turns into an SSE stream: notifications, response, end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpServerHandle } from '../../../src/node.js';
import { callFrame, openSession, post, startServer } from './helpers.js';

let handle: HttpServerHandle;
let session: string;

beforeAll(async () => {
  handle = await startServer();
  session = await openSession(handle.url);
});
afterAll(() => handle.close());

const event = (message: unknown) => `event: message\ndata: ${JSON.stringify(message)}\n\n`;

describe('POST answered as SSE', () => {
  it('streams progress and log notifications in order, then the response, then ends', async () => {
    const res = await post(handle.url, callFrame(7, 'chatty', {}, { progressToken: 'tok' }), {
      'mcp-session-id': session,
    });
    expect({ status: res.status, type: res.headers['content-type'], session: res.headers['mcp-session-id'] }).toEqual({
      status: 200,
      type: 'text/event-stream',
      session,
    });
    expect(res.body).toBe(
      event({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'tok', progress: 1, total: 2 },
      }) +
        event({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'halfway' } }) +
        event({
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: 'tok', progress: 2, total: 2 },
        }) +
        event({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'done' }], isError: false } }),
    );
  });

  it('without a progress token only the log message comes first', async () => {
    const res = await post(handle.url, callFrame(8, 'chatty'), { 'mcp-session-id': session });
    expect(res.body).toBe(
      event({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'halfway' } }) +
        event({ jsonrpc: '2.0', id: 8, result: { content: [{ type: 'text', text: 'done' }], isError: false } }),
    );
  });

  it('a call that notifies nothing stays plain JSON', async () => {
    const res = await post(handle.url, callFrame(9, 'echo', {}, { progressToken: 'tok' }), {
      'mcp-session-id': session,
    });
    expect({ type: res.headers['content-type'], body: res.body }).toEqual({
      type: 'application/json',
      body: '{"jsonrpc":"2.0","id":9,"result":{"content":[{"type":"text","text":"echo({})"}],"isError":false}}',
    });
  });
});
