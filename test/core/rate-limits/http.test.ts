// Rate limits over HTTP: a refused request is 429 with Retry-After in both eras (a refused
// tools/call stays a 200 result the model reads), and without authorization each client address
// has its own buckets: the connection's peer, or with trustForwardedFor the last X-Forwarded-For entry.
import { Agent } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, type RateLimit } from '../../../src/index.js';
import { serveHttp, type HttpServerHandle } from '../../../src/node.js';
import { V2026, envelope, serverInfoMeta } from '../../helpers/eras.js';
import { openSession, post, type RawResponse } from '../../transports/http/helpers.js';

const add = defineTool({
  name: 'add',
  description: 'Adds.',
  input: z.object({ a: z.number(), b: z.number() }),
  handler: ({ a, b }) => String(a + b),
  rateLimit: { perHour: 1 },
});
let handle: HttpServerHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

async function start(rateLimit?: RateLimit, trustForwardedFor = false): Promise<string> {
  const server = new McpServer({
    name: 'test-server',
    version: '1.2.3',
    tools: [add],
    ...(rateLimit === undefined ? {} : { rateLimit }),
  });
  handle = await serveHttp(server, { port: 0, trustForwardedFor });
  return handle.url;
}
const modernHeaders = (method: string, name?: string) => ({
  'mcp-protocol-version': V2026,
  'mcp-method': method,
  ...(name === undefined ? {} : { 'mcp-name': name }),
});
const list2026 = (url: string, id: number) =>
  post(url, { jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: envelope() } }, modernHeaders('tools/list'));
const add2026 = (url: string, id: number, headers: Record<string, string> = {}, agent?: Agent) =>
  post(
    url,
    { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 }, _meta: envelope() } },
    { ...modernHeaders('tools/call', 'add'), ...headers },
    agent,
  );
const textOf = (res: RawResponse) =>
  (JSON.parse(res.body) as { result: { content: { text: string }[] } }).result.content[0]!.text;
const refusal = (id: number, retryAfterMs: number, detail: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    error: { code: -32029, message: 'Too many requests', data: { retryAfterMs, detail } },
  });
/** The refusal's frame, its retryAfterMs what is left of `fullMs` (the test's own requests took some of it). */
function expectRefusal(res: RawResponse, id: number, fullMs: number, detail: string): void {
  const waited = (JSON.parse(res.body) as { error: { data: { retryAfterMs: number } } }).error.data.retryAfterMs;
  expect(waited).toBeGreaterThan(fullMs - 10_000);
  expect(waited).toBeLessThanOrEqual(fullMs);
  expect({ status: res.status, retryAfter: res.headers['retry-after'], body: res.body }).toStrictEqual({
    status: 429,
    retryAfter: String(Math.ceil(waited / 1000)),
    body: refusal(id, waited, detail),
  });
}

describe('rate limits over HTTP', () => {
  it('2025: past the limit a request is 429 with Retry-After and the -32029 frame; a tools/call is a 200 isError result', async () => {
    const url = await start({ perHour: 3 });
    const session = await openSession(url); // initialize: the first request counted
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
    expect((await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers)).status).toBe(200);
    const call = await post(
      url,
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 } } },
      headers,
    );
    expect({ status: call.status, body: call.body }).toStrictEqual({
      status: 200,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        result: { content: [{ type: 'text', text: '3' }], isError: false },
      }),
    });
    const refused = await post(url, { jsonrpc: '2.0', id: 4, method: 'tools/list' }, headers);
    expectRefusal(refused, 4, 1_200_000, 'rate limit reached: 3 requests an hour; try again in 20 min');
    const limited = await post(
      url,
      { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 } } },
      headers,
    );
    expect({ status: limited.status, retryAfter: limited.headers['retry-after'], body: limited.body }).toStrictEqual({
      status: 200,
      retryAfter: undefined,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 5,
        result: {
          content: [{ type: 'text', text: 'rate limit reached: 3 requests an hour; try again in 20 min' }],
          isError: true,
        },
      }),
    });
  });

  it('2025: an initialize past the limit is 429 too, and opens no session', async () => {
    const url = await start({ perHour: 1 });
    await openSession(url);
    const refused = await post(url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    });
    expectRefusal(refused, 1, 3_600_000, 'rate limit reached: 1 request an hour; try again in 60 min');
    expect(refused.headers['mcp-session-id']).toBeUndefined();
  });

  it('2026: 429 with Retry-After', async () => {
    const url = await start({ perSecond: 1 });
    expect((await list2026(url, 1)).status).toBe(200);
    const refused = await list2026(url, 2);
    expect({
      status: refused.status,
      retryAfter: refused.headers['retry-after'],
      type: refused.headers['content-type'],
    }).toStrictEqual({ status: 429, retryAfter: '1', type: 'application/json' });
    expect(JSON.parse(refused.body)).toMatchObject({
      jsonrpc: '2.0',
      id: 2,
      error: {
        code: -32029,
        message: 'Too many requests',
        data: { detail: 'rate limit reached: 1 request a second; try again in 1 s' },
      },
    });
  });

  it("without authorization each client address has its own buckets: the connection's peer", async () => {
    const url = await start();
    const from = (address: string) =>
      new Agent({ keepAlive: false, localAddress: address } as ConstructorParameters<typeof Agent>[0]);
    const limited = JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      result: {
        resultType: 'complete',
        content: [{ type: 'text', text: 'rate limit reached for tool add: 1 call an hour; try again in 60 min' }],
        isError: true,
        ...serverInfoMeta(),
      },
    });
    expect(textOf(await add2026(url, 1, {}, from('127.0.0.1')))).toBe('3');
    const second = await add2026(url, 2, {}, from('127.0.0.1'));
    expect({ status: second.status, body: second.body }).toStrictEqual({ status: 200, body: limited });
    expect(textOf(await add2026(url, 3, {}, from('127.0.0.2')))).toBe('3');
    // X-Forwarded-For is not believed unless trustForwardedFor says so.
    expect(textOf(await add2026(url, 4, { 'x-forwarded-for': '10.0.0.9' }, from('127.0.0.1')))).toBe(
      'rate limit reached for tool add: 1 call an hour; try again in 60 min',
    );
  });

  it('with trustForwardedFor, the last X-Forwarded-For entry (the one the proxy added)', async () => {
    const url = await start(undefined, true);
    const limitedText = 'rate limit reached for tool add: 1 call an hour; try again in 60 min';
    expect(textOf(await add2026(url, 1, { 'x-forwarded-for': '10.0.0.1' }))).toBe('3');
    expect(textOf(await add2026(url, 2, { 'x-forwarded-for': '10.0.0.1' }))).toBe(limitedText);
    // What the client wrote before the proxy's entry does not make it someone else.
    expect(textOf(await add2026(url, 3, { 'x-forwarded-for': '10.9.9.9, 10.0.0.1' }))).toBe(limitedText);
    expect(textOf(await add2026(url, 4, { 'x-forwarded-for': '10.0.0.1, 10.0.0.2' }))).toBe('3');
    // No header: the peer's address.
    expect(textOf(await add2026(url, 5))).toBe('3');
  });
});
