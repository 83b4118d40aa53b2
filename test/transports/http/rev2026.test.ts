// Streamable HTTP for 2026 requests: stateless POSTs, the statuses the spec pins, the SEP-2243 headers,
// and subscriptions/listen as an SSE response; 2025 sessions on the same endpoint go on as before.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool } from '../../../src/index.js';
import { serveHttp, type HttpServerHandle } from '../../../src/node.js';
import { echo } from '../../../src/demo.js';
import { META, V2026, envelope, modern } from '../../helpers/eras.js';
import { createSlowTool, onSseEvents, openSession, post, send, type RawResponse } from './helpers.js';

const region = defineTool({
  name: 'regional',
  description: 'Answers for a region, mirrored in Mcp-Param-Region; and a count, in Mcp-Param-Count.',
  input: z.object({ region: z.string(), count: z.int().optional(), dry: z.boolean().optional() }),
  headers: { region: 'Region', count: 'Count', dry: 'Dry-Run' },
  handler: ({ region: where, count }) => `${where}:${count ?? '-'}`,
});

let handle: HttpServerHandle;
let server: McpServer;
const seen: unknown[] = [];

beforeAll(async () => {
  server = new McpServer({ name: 'test', version: '1.0.0', tools: [echo, region, createSlowTool(seen)] });
  handle = await serveHttp(server, { port: 0, host: '127.0.0.1', keepAliveMs: 50 });
});
afterAll(() => handle.close());

/** The headers a 2026 client sends for this frame: version, method, and name where the method has one. */
function headersFor(frame: { method: string; params?: Record<string, unknown> }): Record<string, string> {
  const name = frame.params?.name ?? frame.params?.uri;
  return {
    'mcp-protocol-version': V2026,
    'mcp-method': frame.method,
    ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
  };
}

const postModern = (frame: ReturnType<typeof modern>, headers: Record<string, string | undefined> = {}) => {
  const all: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...headersFor(frame), ...headers }))
    if (value !== undefined) all[key] = value;
  return post(handle.url, frame, all);
};

const json = (res: RawResponse) => ({
  status: res.status,
  type: res.headers['content-type'],
  body: JSON.parse(res.body) as unknown,
});
const headerError = (id: number, data: string) => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32020, message: 'Header mismatch', data },
});

describe('stateless POST', () => {
  it('answers JSON with 200, with no session id minted or echoed', async () => {
    const res = await postModern(modern(1, 'tools/call', { name: 'echo', arguments: { x: 1 } }), {
      'mcp-session-id': 'ignored',
    });
    expect(json(res)).toMatchObject({
      status: 200,
      type: 'application/json',
      body: { id: 1, result: { resultType: 'complete', isError: false } },
    });
    expect(res.headers['mcp-session-id']).toBeUndefined();
  });

  it('answers an accepted notification with 202 and no body', async () => {
    const res = await postModern({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 5, _meta: META },
    } as never);
    expect({ status: res.status, body: res.body }).toStrictEqual({ status: 202, body: '' });
  });

  it('gives the refused envelope, version and capability 400, and an unknown or removed method 404, each with its id', async () => {
    const noMeta = { jsonrpc: '2.0', id: 11, method: 'tools/list', params: {} };
    expect(json(await post(handle.url, noMeta, headersFor(noMeta)))).toMatchObject({
      status: 400,
      body: { id: 11, error: { code: -32602 } },
    });
    const old = modern(12, 'server/discover', {
      _meta: envelope({ 'io.modelcontextprotocol/protocolVersion': '2099-01-01' }),
    });
    expect(json(await postModern(old, { 'mcp-protocol-version': '2099-01-01' }))).toMatchObject({
      status: 400,
      body: { id: 12, error: { code: -32022, data: { supported: [V2026], requested: '2099-01-01' } } },
    });
    for (const method of ['initialize', 'ping', 'logging/setLevel', 'nope/nope']) {
      expect(json(await postModern(modern(13, method)))).toStrictEqual({
        status: 404,
        type: 'application/json',
        body: { jsonrpc: '2.0', id: 13, error: { code: -32601, message: 'Method not found' } },
      });
    }
  });

  it('a closed response stream cancels the call (nothing more is sent for it)', async () => {
    const before = seen.length;
    const frame = modern(20, 'tools/call', { name: 'slow' });
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(handle.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headersFor(frame),
        },
      });
      req.on('error', () => resolve());
      req.end(JSON.stringify(frame));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
      req.on('response', () => reject(new Error('the slow call answered')));
    });
    for (let i = 0; i < 50 && seen.length === before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(seen.slice(before)).toStrictEqual(['cancelled']);
  });

  it('2025 sessions on the same endpoint go on as before', async () => {
    const session = await openSession(handle.url);
    const res = await post(
      handle.url,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' },
    );
    expect(json(res)).toStrictEqual({
      status: 200,
      type: 'application/json',
      body: { jsonrpc: '2.0', id: 1, result: {} },
    });
  });
});

describe('SEP-2243 headers', () => {
  const call = (id: number, args: Record<string, unknown>) =>
    modern(id, 'tools/call', { name: 'regional', arguments: args });

  it('refuses a missing or different MCP-Protocol-Version, Mcp-Method or Mcp-Name with 400 -32020', async () => {
    const frame = modern(1, 'tools/list');
    const cases: [Record<string, string | undefined>, string][] = [
      [{ 'mcp-protocol-version': undefined }, 'MCP-Protocol-Version header is required and must be "2026-07-28"'],
      [{ 'mcp-method': undefined }, 'Mcp-Method header is required: "tools/list"'],
      [{ 'mcp-method': 'TOOLS/LIST' }, 'Mcp-Method header "TOOLS/LIST" does not match the body\'s method "tools/list"'],
    ];
    for (const [headers, data] of cases) {
      const res = await post(
        handle.url,
        frame,
        Object.fromEntries(
          Object.entries({ ...headersFor(frame), ...headers }).filter(([, v]) => v !== undefined),
        ) as Record<string, string>,
      );
      expect(json(res)).toStrictEqual({ status: 400, type: 'application/json', body: headerError(1, data) });
    }
    const named = call(2, { region: 'eu' });
    expect(json(await postModern(named, { 'mcp-name': 'other', 'mcp-param-region': 'eu' }))).toStrictEqual({
      status: 400,
      type: 'application/json',
      body: headerError(2, 'Mcp-Name header "other" does not match params.name "regional"'),
    });
  });

  it('a header name is case-insensitive, a value case-sensitive and trimmed', async () => {
    const frame = call(3, { region: 'eu' });
    const res = await send(handle.url, {
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'MCP-PROTOCOL-VERSION': V2026,
        'MCP-METHOD': ' tools/call ',
        'mcp-NAME': 'regional',
        'Mcp-Param-Region': ' eu ',
      },
      body: JSON.stringify(frame),
    });
    expect(json(res)).toMatchObject({ status: 200, body: { result: { content: [{ text: 'eu:-' }] } } });
  });

  it('checks each x-mcp-header argument: required when present, equal, integers by value, base64 decoded', async () => {
    const ok = async (args: Record<string, unknown>, headers: Record<string, string>) =>
      json(await postModern(call(4, args), headers)).status;
    expect(await ok({ region: 'eu' }, { 'mcp-param-region': 'eu' })).toBe(200);
    expect(
      await ok({ region: 'Zürich' }, { 'mcp-param-region': `=?base64?${Buffer.from('Zürich').toString('base64')}?=` }),
    ).toBe(200);
    expect(
      await ok(
        { region: 'eu', count: 3, dry: true },
        { 'mcp-param-region': 'eu', 'mcp-param-count': '3', 'mcp-param-dry-run': 'true' },
      ),
    ).toBe(200);
    const refused = async (args: Record<string, unknown>, headers: Record<string, string>, data: string) => {
      expect(json(await postModern(call(5, args), headers))).toStrictEqual({
        status: 400,
        type: 'application/json',
        body: headerError(5, data),
      });
    };
    await refused({ region: 'eu' }, {}, 'Mcp-Param-Region header is required: the arguments hold "eu"');
    await refused(
      { region: 'eu' },
      { 'mcp-param-region': 'us' },
      'Mcp-Param-Region header "us" does not match the argument "eu"',
    );
    await refused(
      { region: 'eu' },
      { 'mcp-param-region': '=?base64?ZXU?=' },
      'Mcp-Param-Region header: not valid base64 inside =?base64?…?=',
    );
    await refused(
      { region: 'eu', count: 3 },
      { 'mcp-param-region': 'eu', 'mcp-param-count': '3.0' },
      'Mcp-Param-Count header "3.0" does not match the argument 3',
    );
  });
});

describe('era edge cases over HTTP', () => {
  it('a header sent twice is refused, even when the body matches one copy', async () => {
    const frame = modern(30, 'tools/call', { name: 'regional', arguments: { region: 'us, east' } });
    const res = await send(handle.url, {
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headersFor(frame),
        'mcp-param-region': ['us', 'east'] as never,
      },
      body: JSON.stringify(frame),
    });
    expect(json(res)).toStrictEqual({
      status: 400,
      type: 'application/json',
      body: headerError(30, 'Mcp-Param-Region header: sent 2 times; send it once'),
    });
  });

  it("initialize without a claim is a 2025 client's, whatever MCP-Protocol-Version came with it", async () => {
    const init = {
      jsonrpc: '2.0',
      id: 31,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    };
    const res = await post(handle.url, init, { 'mcp-protocol-version': V2026 });
    expect(json(res)).toMatchObject({ status: 200, body: { id: 31, result: { protocolVersion: '2025-11-25' } } });
    expect(res.headers['mcp-session-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a version header that is no date is not a 2026 one: the 2025 rules refuse it', async () => {
    const res = await post(
      handle.url,
      { jsonrpc: '2.0', id: 32, method: 'tools/list' },
      { 'mcp-protocol-version': 'zz' },
    );
    expect(json(res)).toMatchObject({
      status: 400,
      body: { error: { code: -32600, data: expect.stringContaining('unsupported MCP-Protocol-Version: zz') } },
    });
  });

  it('a 2026 POST of a response is refused: 2026 clients post requests and notifications only', async () => {
    const res = await post(handle.url, { jsonrpc: '2.0', id: 33, result: {} }, { 'mcp-protocol-version': V2026 });
    expect(json(res)).toStrictEqual({
      status: 400,
      type: 'application/json',
      body: {
        jsonrpc: '2.0',
        id: 33,
        error: {
          code: -32600,
          message: 'Invalid Request',
          data: 'a 2026 POST carries a request or a notification, not a response',
        },
      },
    });
  });
});

describe('subscriptions/listen over HTTP', () => {
  it('is an SSE stream: the acknowledgement at once, then each change, until the client closes it', async () => {
    const frame = modern('listen-1', 'subscriptions/listen', { notifications: { toolsListChanged: true } });
    const events: string[] = [];
    const closed = await new Promise<boolean>((resolve, reject) => {
      const req = httpRequest(handle.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headersFor(frame),
        },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/event-stream');
        expect(res.headers['x-accel-buffering']).toBe('no');
        onSseEvents(res, (part) => {
          events.push(part);
          if (events.length === 1)
            server.addTool(defineTool({ name: 'late', description: 'late', input: z.object({}), handler: () => '' }));
          const data = events.filter((event) => event.startsWith('event: message'));
          if (data.length === 2 && events.some((event) => event === ': keep-alive')) {
            req.destroy();
            resolve(true);
          }
        });
      });
      req.end(JSON.stringify(frame));
    });
    expect(closed).toBe(true);
    const messages = events
      .filter((event) => event.startsWith('event: message'))
      .map((event) => JSON.parse(event.slice('event: message\ndata: '.length)) as unknown);
    expect(messages).toStrictEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: {
          _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' },
          notifications: { toolsListChanged: true },
        },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/tools/list_changed',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' } },
      },
    ]);
    server.removeTool('late');
  });
});

describe('a server that serves only 2026', () => {
  it('answers GET and DELETE with 405, and takes every POST as a 2026 request', async () => {
    const only = await serveHttp(new McpServer({ name: 't', version: '1', tools: [echo], eras: ['rev2026'] }), {
      port: 0,
    });
    try {
      for (const method of ['GET', 'DELETE']) {
        const res = await send(only.url, { method, headers: { accept: 'text/event-stream' } });
        expect({ status: res.status, allow: res.headers.allow }).toStrictEqual({ status: 405, allow: 'POST' });
      }
      const init = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      };
      expect(json(await post(only.url, init))).toStrictEqual({
        status: 400,
        type: 'application/json',
        body: {
          jsonrpc: '2.0',
          id: 1,
          error: {
            code: -32022,
            message: 'Unsupported protocol version',
            data: { supported: [V2026], requested: '2025-11-25' },
          },
        },
      });
    } finally {
      await only.close();
    }
  });
});
