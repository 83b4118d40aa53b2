// Every HTTP status the transport sends, with the exact body (key order included).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpServerHandle } from '../../../src/node.js';
import {
  callFrame,
  httpError,
  initializeFrame,
  openSession,
  post,
  postHeaders,
  send,
  startServer,
  type RawResponse,
} from './helpers.js';

let handle: HttpServerHandle;
let session: string;

beforeAll(async () => {
  handle = await startServer();
  session = await openSession(handle.url);
});
afterAll(() => handle.close());

const withSession = () => ({ 'mcp-session-id': session });

function expectJson(res: RawResponse, status: number, body: string): void {
  expect({ status: res.status, type: res.headers['content-type'], body: res.body }).toEqual({
    status,
    type: 'application/json',
    body,
  });
}

describe('POST', () => {
  it('200: initialize answers JSON with a fresh UUID session id', async () => {
    const res = await post(handle.url, initializeFrame(1));
    expectJson(
      res,
      200,
      '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":true},"logging":{}},"serverInfo":{"name":"test","version":"1.0.0"}}}',
    );
    expect(res.headers['mcp-session-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(res.headers['mcp-session-id']).not.toBe(session);
  });

  it('200: a request gets its response as JSON, with the session id', async () => {
    const res = await post(handle.url, callFrame('a', 'echo', { x: 1 }), withSession());
    expectJson(
      res,
      200,
      '{"jsonrpc":"2.0","id":"a","result":{"content":[{"type":"text","text":"echo({\\"x\\":1})"}],"isError":false}}',
    );
    expect(res.headers['mcp-session-id']).toBe(session);
  });

  it('200: a JSON-RPC error for a request is still a 200 (it answers that id)', async () => {
    const res = await post(handle.url, { jsonrpc: '2.0', id: 9, method: 'nope' }, withSession());
    expectJson(res, 200, '{"jsonrpc":"2.0","id":9,"error":{"code":-32601,"message":"Method not found"}}');
  });

  it.each([
    ['a notification', { jsonrpc: '2.0', method: 'notifications/initialized' }],
    ['an unknown notification', { jsonrpc: '2.0', method: 'notifications/whatever', params: [1] }],
    ['a response', { jsonrpc: '2.0', id: 5, result: {} }],
    ['an error response', { jsonrpc: '2.0', id: 5, error: { code: -1, message: 'no' } }],
  ])('202: %s gets no body', async (_name, frame) => {
    const res = await post(handle.url, frame, withSession());
    expect({ status: res.status, body: res.body }).toEqual({ status: 202, body: '' });
  });

  it('400: bad JSON is a -32700 frame', async () => {
    const res = await send(handle.url, { headers: { ...postHeaders, ...withSession() }, body: '{"jsonrpc":' });
    expectJson(res, 400, httpError('the request body is not valid JSON', -32700, 'Parse error'));
  });

  it('400: an empty body is a -32700 frame', async () => {
    const res = await send(handle.url, { headers: { ...postHeaders, ...withSession() }, body: '' });
    expectJson(res, 400, httpError('the request body is not valid JSON', -32700, 'Parse error'));
  });

  it.each([
    ['a batch', [{ jsonrpc: '2.0', id: 1, method: 'ping' }], 'batches are not supported: send one message per frame'],
    ['a number', 42, 'expected a JSON-RPC message object, got number'],
    ['an empty object', {}, 'expected a request (jsonrpc, id, method) or a notification (jsonrpc, method)'],
  ])('400: %s gets the core -32600 frame', async (_name, frame, data) => {
    const res = await post(handle.url, frame, withSession());
    expectJson(res, 400, httpError(data));
  });

  it('400: no Mcp-Session-Id after initialize', async () => {
    const res = await post(handle.url, { jsonrpc: '2.0', id: 1, method: 'ping' });
    expectJson(res, 400, httpError('Mcp-Session-Id header is required: send initialize first'));
  });

  it('400: an unsupported MCP-Protocol-Version', async () => {
    const res = await post(
      handle.url,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { ...withSession(), 'mcp-protocol-version': '1999-01-01' },
    );
    expectJson(
      res,
      400,
      httpError(
        'unsupported MCP-Protocol-Version: 1999-01-01 (supported: 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05)',
      ),
    );
  });

  it.each([['2025-11-25'], ['2025-06-18'], ['2025-03-26'], ['2024-11-05'], [undefined]])(
    '200: MCP-Protocol-Version %s is accepted whatever was negotiated',
    async (version) => {
      const headers = version === undefined ? withSession() : { ...withSession(), 'mcp-protocol-version': version };
      const res = await post(handle.url, { jsonrpc: '2.0', id: 'p', method: 'ping' }, headers);
      expectJson(res, 200, '{"jsonrpc":"2.0","id":"p","result":{}}');
    },
  );

  it('404: an unknown session id', async () => {
    const res = await post(
      handle.url,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { 'mcp-session-id': 'not-a-session' },
    );
    expectJson(res, 404, httpError('unknown session: it expired or was deleted; send initialize again'));
  });

  it.each([
    ['no Accept', {}],
    ['JSON only', { accept: 'application/json' }],
    ['SSE only', { accept: 'text/event-stream' }],
    ['SSE refused with q=0', { accept: 'application/json, text/event-stream;q=0' }],
  ])('406: %s', async (_name, accept) => {
    const res = await send(handle.url, {
      headers: { 'content-type': 'application/json', ...accept, ...withSession() },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expectJson(res, 406, httpError('Accept must include application/json and text/event-stream'));
  });

  it('200: wildcards in Accept count', async () => {
    const res = await send(handle.url, {
      headers: { 'content-type': 'application/json; charset=utf-8', accept: '*/*', ...withSession() },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expectJson(res, 200, '{"jsonrpc":"2.0","id":1,"result":{}}');
  });

  it.each([['text/plain'], ['application/x-www-form-urlencoded']])('415: Content-Type %s', async (type) => {
    const res = await send(handle.url, {
      headers: { ...postHeaders, 'content-type': type, ...withSession() },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expectJson(res, 415, httpError('Content-Type must be application/json'));
  });
});

describe('endpoint and methods', () => {
  it('404: another path', async () => {
    const res = await post(handle.url.replace('/mcp', '/other'), { jsonrpc: '2.0', id: 1, method: 'ping' });
    expectJson(res, 404, httpError('no MCP endpoint here: it is at /mcp'));
  });

  it('200: a query string does not change the endpoint', async () => {
    const res = await post(`${handle.url}?x=1`, { jsonrpc: '2.0', id: 1, method: 'ping' }, withSession());
    expect(res.status).toBe(200);
  });

  it.each([['PUT'], ['PATCH'], ['OPTIONS']])('405: %s, with Allow', async (method) => {
    const res = await send(handle.url, { method, headers: withSession() });
    expectJson(res, 405, httpError(`method ${method} is not allowed; use GET, POST, DELETE`));
    expect(res.headers.allow).toBe('GET, POST, DELETE');
  });

  it('403: a foreign Host', async () => {
    const res = await post(handle.url, initializeFrame(), { host: 'evil.example.com' });
    expectJson(res, 403, httpError('Host not allowed: evil.example.com'));
  });

  it('406: GET without text/event-stream in Accept', async () => {
    const res = await send(handle.url, { method: 'GET', headers: { accept: 'application/json', ...withSession() } });
    expectJson(res, 406, httpError('Accept must include text/event-stream'));
  });
});
