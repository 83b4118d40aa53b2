// Session lifecycle: initialize -> id, requests in it, DELETE, idle expiry, GET streams, stateless mode.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpServerHandle } from '../../../src/node.js';
import { callFrame, httpError, initializeFrame, openSession, post, send, startServer } from './helpers.js';

let handle: HttpServerHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stateful sessions', () => {
  it('each initialize opens its own session; ids are not interchangeable with made-up ones', async () => {
    handle = await startServer();
    const a = await openSession(handle.url);
    const b = await openSession(handle.url);
    expect(a).not.toBe(b);
    for (const id of [a, b]) expect((await post(handle.url, ping(1), { 'mcp-session-id': id })).status).toBe(200);
  });

  it('a failed initialize opens no session', async () => {
    handle = await startServer();
    const res = await post(handle.url, { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    expect(res.status).toBe(200);
    expect(res.headers['mcp-session-id']).toBeUndefined();
    expect(JSON.parse(res.body)).toMatchObject({ id: 1, error: { code: -32602 } });
  });

  it('logging/setLevel belongs to its session', async () => {
    handle = await startServer();
    const quiet = await openSession(handle.url);
    const loud = await openSession(handle.url);
    await post(
      handle.url,
      { jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'error' } },
      { 'mcp-session-id': quiet },
    );
    const quietRes = await post(handle.url, callFrame(2, 'chatty'), { 'mcp-session-id': quiet });
    const loudRes = await post(handle.url, callFrame(2, 'chatty'), { 'mcp-session-id': loud });
    expect(quietRes.body).not.toContain('notifications/message');
    expect(loudRes.body).toContain('"method":"notifications/message","params":{"level":"info","data":"halfway"}');
  });

  it('DELETE ends the session: 204, then 404 for it and for a second DELETE', async () => {
    handle = await startServer();
    const id = await openSession(handle.url);
    const deleted = await send(handle.url, { method: 'DELETE', headers: { 'mcp-session-id': id } });
    expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 204, body: '' });
    const after = await post(handle.url, ping(1), { 'mcp-session-id': id });
    expect({ status: after.status, body: after.body }).toEqual({
      status: 404,
      body: httpError('unknown session: it expired or was deleted; send initialize again'),
    });
    expect((await send(handle.url, { method: 'DELETE', headers: { 'mcp-session-id': id } })).status).toBe(404);
  });

  it('DELETE without a session id is 400', async () => {
    handle = await startServer();
    const res = await send(handle.url, { method: 'DELETE' });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: httpError('Mcp-Session-Id header is required: send initialize first'),
    });
  });

  it('DELETE cancels the calls in flight: their POST gets a stream that ends with no event', async () => {
    const seen: unknown[] = [];
    handle = await startServer({}, seen);
    const id = await openSession(handle.url);
    const pending = post(handle.url, callFrame(1, 'slow'), { 'mcp-session-id': id });
    await sleep(50);
    await send(handle.url, { method: 'DELETE', headers: { 'mcp-session-id': id } });
    const res = await pending;
    expect({ status: res.status, type: res.headers['content-type'], body: res.body, seen }).toEqual({
      status: 200,
      type: 'text/event-stream',
      body: '',
      seen: ['cancelled'],
    });
  });

  it('an idle session expires after sessionIdleMs', async () => {
    handle = await startServer({ sessionIdleMs: 300 });
    const id = await openSession(handle.url);
    await sleep(200);
    expect((await post(handle.url, ping(1), { 'mcp-session-id': id })).status).toBe(200);
    await sleep(200); // 400 ms after open, 200 ms after the last request: still alive
    expect((await post(handle.url, ping(2), { 'mcp-session-id': id })).status).toBe(200);
    await sleep(700);
    expect((await post(handle.url, ping(3), { 'mcp-session-id': id })).status).toBe(404);
  });

  it('a session with a call in flight does not expire', async () => {
    const seen: unknown[] = [];
    handle = await startServer({ sessionIdleMs: 50 }, seen);
    const id = await openSession(handle.url);
    const pending = post(handle.url, callFrame(1, 'slow'), { 'mcp-session-id': id });
    await sleep(200);
    expect(seen).toEqual([]);
    expect((await post(handle.url, ping(2), { 'mcp-session-id': id })).status).toBe(200);
    await handle.close();
    expect((await pending).status).toBe(200);
  });

  it('an idle session expires with its GET stream open: the stream ends, and its place is free', async () => {
    handle = await startServer({ sessionIdleMs: 200, maxSessions: 1 });
    const id = await openSession(handle.url);
    const stream = openStream(handle.url, id);
    expect((await stream.headers).status).toBe(200);
    await sleep(600); // a timer set after the idle one: it has fired by now
    const next = await post(handle.url, initializeFrame());
    expect({ status: next.status, session: typeof next.headers['mcp-session-id'] }).toStrictEqual({
      status: 200,
      session: 'string',
    });
    expect(await stream.done).toBe(': stream open\n\n');
    const old = await post(handle.url, ping(2), { 'mcp-session-id': id });
    expect({ status: old.status, body: old.body }).toStrictEqual({
      status: 404,
      body: httpError('unknown session: it expired or was deleted; send initialize again'),
    });
  });
});

describe('GET stream', () => {
  it('opens an SSE stream for the session; a second one is 409; DELETE ends it', async () => {
    handle = await startServer({ keepAliveMs: 30 });
    const id = await openSession(handle.url);
    const stream = openStream(handle.url, id);
    const first = await stream.headers;
    expect(first).toMatchObject({ status: 200, type: 'text/event-stream', session: id });
    const second = await send(handle.url, {
      method: 'GET',
      headers: { accept: 'text/event-stream', 'mcp-session-id': id },
    });
    expect({ status: second.status, body: second.body }).toEqual({
      status: 409,
      body: httpError('this session already has a GET stream open'),
    });
    await sleep(100);
    await send(handle.url, { method: 'DELETE', headers: { 'mcp-session-id': id } });
    const text = await stream.done;
    expect(text.startsWith(': stream open\n\n: keep-alive\n\n')).toBe(true);
  });

  it('GET needs a known session', async () => {
    handle = await startServer();
    const res = await send(handle.url, {
      method: 'GET',
      headers: { accept: 'text/event-stream', 'mcp-session-id': 'nope' },
    });
    expect(res.status).toBe(404);
  });
});

describe('stateless', () => {
  it('issues no session id, needs none, and refuses GET and DELETE with 405', async () => {
    handle = await startServer({ stateless: true });
    const init = await post(handle.url, initializeFrame());
    expect({ status: init.status, session: init.headers['mcp-session-id'] }).toEqual({
      status: 200,
      session: undefined,
    });
    const res = await post(handle.url, callFrame(1, 'echo', { a: 1 }), { 'mcp-session-id': 'ignored' });
    expect(res.body).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"echo({\\"a\\":1})"}],"isError":false}}',
    );
    for (const method of ['GET', 'DELETE']) {
      const refused = await send(handle.url, { method, headers: { accept: 'text/event-stream' } });
      expect({ status: refused.status, allow: refused.headers.allow, body: refused.body }).toEqual({
        status: 405,
        allow: 'POST',
        body: httpError('this server is stateless: it only answers POST'),
      });
    }
  });
});

function openStream(url: string, session: string) {
  const target = new URL(url);
  let resolveHeaders: (value: { status: number; type: string | undefined; session: unknown }) => void = () => {};
  const headers = new Promise<{ status: number; type: string | undefined; session: unknown }>(
    (r) => (resolveHeaders = r),
  );
  const done = new Promise<string>((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'GET',
        headers: { accept: 'text/event-stream', 'mcp-session-id': session },
      },
      (res) => {
        resolveHeaders({
          status: res.statusCode ?? 0,
          type: res.headers['content-type'],
          session: res.headers['mcp-session-id'],
        });
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(text));
      },
    );
    req.on('error', reject);
    req.end();
  });
  return { headers, done };
}
