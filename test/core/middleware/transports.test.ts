// Middleware on every transport: a module's server with middleware served over stdio (the built
// program) in both eras, and over HTTP (a 2025 session, whose id the middleware sees, and 2026).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveHttp, type HttpServerHandle } from '../../../src/node.js';
import { V2026, modern } from '../../helpers/eras.js';
import { StdioPeer } from '../../helpers/stdio-peer.js';
import { post } from '../../transports/http/helpers.js';

const MODULE = join(import.meta.dirname, 'servers', 'logged.mjs');
const INFO = { _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'logged', version: '1.0.0' } } };
const initialize = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};
const legacyCall = (id: number, a: number, b: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'add', arguments: { a, b } },
});
const modernCall = (id: number, a: number, b: number) => modern(id, 'tools/call', { name: 'add', arguments: { a, b } });

describe('middleware over stdio (zod-mcp serve MODULE)', () => {
  it.each([
    [
      '2025',
      [initialize, legacyCall(1, 2, 3), legacyCall(2, 13, 1)],
      { content: [{ type: 'text', text: '5' }], isError: false },
      { content: [{ type: 'text', text: 'no 13s, please' }], isError: true },
    ],
    [
      '2026',
      [modernCall(1, 2, 3), modernCall(2, 13, 1)],
      { resultType: 'complete', content: [{ type: 'text', text: '5' }], isError: false, ...INFO },
      { resultType: 'complete', content: [{ type: 'text', text: 'no 13s, please' }], isError: true, ...INFO },
    ],
  ])(
    '%s: answers through the chain, and the log goes to stderr, never stdout',
    async (era, frames, five, refused) => {
      const peer = new StdioPeer(['serve', MODULE]);
      for (const frame of frames) peer.send(`${JSON.stringify(frame)}\n`);
      const [one, two] = await Promise.all([peer.waitForId(1, 20_000), peer.waitForId(2, 20_000)]);
      await peer.end();
      expect(one).toStrictEqual({ jsonrpc: '2.0', id: 1, result: five });
      expect(two).toStrictEqual({ jsonrpc: '2.0', id: 2, result: refused });
      expect(peer.lines.every((line) => JSON.parse(line).jsonrpc === '2.0')).toBe(true);
      const logged = peer.stderr.split('\n').filter((line) => line.startsWith('mw: '));
      expect(logged).toStrictEqual([
        ...(era === '2025' ? ['mw: 2025 initialize - -'] : []),
        `mw: ${era} tools/call add -`,
        `mw: ${era} tools/call add -`,
      ]);
    },
    30_000,
  );
});

describe('middleware over HTTP', () => {
  let http: HttpServerHandle;
  const logged: string[] = [];
  beforeAll(async () => {
    const { server } = (await import(MODULE)) as { server: import('../../../src/index.js').McpServer };
    server.use(
      (request, next) => (logged.push(`${request.era} ${request.method} ${request.sessionId ?? '-'}`), next()),
    );
    http = await serveHttp(server, { port: 0, host: '127.0.0.1' });
  });
  afterAll(() => http.close());

  it('2025: a session, whose id the middleware sees (initialize too: it runs in the session it opens); 2026: none; one added last runs innermost', async () => {
    const opened = await post(http.url, initialize);
    const session = opened.headers['mcp-session-id'] as string;
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
    const three = await post(http.url, legacyCall(1, 1, 2), headers);
    expect(JSON.parse(three.body)).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: '3' }], isError: false },
    });
    // Refused by the module's middleware, which comes before the one added here: that one never runs.
    const refused = await post(http.url, legacyCall(3, 13, 0), headers);
    expect(JSON.parse(refused.body)).toStrictEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: 'no 13s, please' }], isError: true },
    });
    const answered = await post(http.url, modernCall(2, 20, 22), {
      'mcp-protocol-version': V2026,
      'mcp-method': 'tools/call',
      'mcp-name': 'add',
    });
    expect(JSON.parse(answered.body)).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { resultType: 'complete', content: [{ type: 'text', text: '42' }], isError: false, ...INFO },
    });
    expect(logged).toStrictEqual([`2025 initialize ${session}`, `2025 tools/call ${session}`, '2026 tools/call -']);
  });
});
