// A 2025 request that reaches a worker not holding its session is forwarded over loopback to the
// owner's private port: the owner counts it as the client's, not as the forwarding worker's
// 127.0.0.1 (one bucket every client would share). Only a worker with the owner's secret can name
// the client; the private port refuses anything else, and a client's own header is never read.
// The client connects from 127.0.0.2 (loopback too), so an address of 127.0.0.1 can only be the forwarder's.
import { Agent } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { McpServer } from '../../../src/index.js';
import { echo } from '../../../src/demo.js';
import { serveHttp, type HttpOptions, type HttpServerHandle } from '../../../src/node.js';
import { PROTOCOL, callFrame, httpError, openSession, post, send } from '../../transports/http/helpers.js';

const handles: HttpServerHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});

/** A server with a limit on every request, whose store records the keys of each take (and refuses none). */
async function start(options: HttpOptions) {
  const keys: string[] = [];
  const server = new McpServer({
    name: 'w',
    version: '1',
    tools: [echo],
    rateLimit: { perHour: 100 },
    rateLimitStore: { take: (buckets) => void keys.push(...buckets.map((bucket) => bucket.key)) },
  });
  const handle = await serveHttp(server, { port: 0, host: '127.0.0.1', ...options });
  handles.push(handle);
  return { handle, keys };
}

/** The owner ('b.' sessions, a private port) and a worker that forwards 'b.' sessions to it. */
async function pair(trustForwardedFor = false) {
  const owner = await start({ sessionIdPrefix: 'b.', trustForwardedFor });
  const hidden = await owner.handle.listenPrivately();
  const other = await start({
    sessionIdPrefix: 'a.',
    trustForwardedFor,
    forwardSession: (id) => (id.startsWith('b.') ? { host: '127.0.0.1', ...hidden } : undefined),
  });
  return { owner, other, hidden };
}

const from2 = () => new Agent({ keepAlive: false, localAddress: '127.0.0.2' });

describe('a forwarded 2025 request is counted as its client', () => {
  it("the owner charges the client's address, never the forwarding worker's loopback one", async () => {
    const { owner, other } = await pair();
    const session = await openSession(owner.handle.url, from2());
    owner.keys.length = 0;
    const headers = {
      'mcp-session-id': session,
      'mcp-protocol-version': PROTOCOL,
      'x-zod-mcp-client-address': '10.6.6.6',
    };
    for (let i = 0; i < 3; i++) {
      const res = await post(other.handle.url, callFrame(i, 'echo', { i }), headers, from2());
      expect(JSON.parse(res.body)).toStrictEqual({
        jsonrpc: '2.0',
        id: i,
        result: { content: [{ type: 'text', text: `echo({"i":${i}})` }], isError: false },
      });
    }
    expect([owner.keys, other.keys]).toStrictEqual([
      ['server|a:127.0.0.2', 'server|a:127.0.0.2', 'server|a:127.0.0.2'],
      [],
    ]);
  });

  it('behind a trusted proxy, the X-Forwarded-For client the first worker read', async () => {
    const { owner, other } = await pair(true);
    const session = await openSession(owner.handle.url, from2());
    owner.keys.length = 0;
    await post(
      other.handle.url,
      callFrame(1, 'echo'),
      { 'mcp-session-id': session, 'mcp-protocol-version': PROTOCOL, 'x-forwarded-for': '1.1.1.1, 203.0.113.9' },
      from2(),
    );
    await post(
      other.handle.url,
      callFrame(2, 'echo'),
      { 'mcp-session-id': session, 'mcp-protocol-version': PROTOCOL },
      from2(),
    );
    expect(owner.keys).toStrictEqual(['server|a:203.0.113.9', 'server|a:127.0.0.2']);
  });

  it("a client's own X-Zod-Mcp-Client-Address is never read; the private port refuses a request without the owner's secret", async () => {
    const { owner, hidden } = await pair();
    const session = await openSession(owner.handle.url, from2());
    owner.keys.length = 0;
    const forged = {
      'mcp-session-id': session,
      'mcp-protocol-version': PROTOCOL,
      'x-zod-mcp-client-address': '10.6.6.6',
    };
    await post(owner.handle.url, callFrame(1, 'echo'), forged, from2());
    expect(owner.keys).toStrictEqual(['server|a:127.0.0.2']);
    const privateUrl = `http://127.0.0.1:${hidden.port}/mcp`;
    const forbidden = {
      status: 403,
      body: httpError('this port takes only the requests the other workers of this server forward'),
    };
    for (const secret of [undefined, '1', `${hidden.secret.slice(0, -1)}x`, `${hidden.secret}x`]) {
      const res = await post(privateUrl, callFrame(2, 'echo'), {
        ...forged,
        ...(secret === undefined ? {} : { 'x-zod-mcp-forwarded': secret }),
      });
      expect({ status: res.status, body: res.body }).toStrictEqual(forbidden);
    }
    const res = await send(privateUrl, { method: 'GET', path: '/healthz' });
    expect({ status: res.status, body: res.body }).toStrictEqual(forbidden);
    expect(owner.keys).toStrictEqual(['server|a:127.0.0.2']);
  });
});
