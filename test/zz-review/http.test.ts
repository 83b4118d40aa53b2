import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineResource, defineTool, serveHttp, type HttpServerHandle } from '../../src/index.js';
import { startAuthServer, SECRET, type AuthServer } from '../helpers/oidc.js';
import { freePort } from '../helpers/redis.js';
import { initializeFrame, post, send } from '../http/helpers.js';

let as: AuthServer; let handle: HttpServerHandle; let resource: string;
const errors: unknown[] = [];
beforeAll(async () => {
  as = await startAuthServer({ scopes: ['notes:read', 'notes:write'] });
  const port = await freePort();
  resource = `http://127.0.0.1:${port}/mcp`;
  const server = new McpServer({ name: 'n', version: '1', onError: (e) => errors.push(e),
    tools: [defineTool({ name: 'whoami', description: 'w', input: z.object({}), handler: (_a, ctx) => String(ctx.auth?.subject) })],
    resources: [defineResource({ uri: 'file:///日本/secret', name: 'u', scopes: ['notes:write'], read: () => 'x' })] });
  handle = await serveHttp(server, { port, host: '127.0.0.1', auth: { issuer: as.issuer, resource, scopes: ['notes:read'], introspection: { clientId: 'resource-server', clientSecret: SECRET } } });
}, 30_000);
afterAll(async () => { await handle?.close(); await as?.stop(); });

describe('gate', () => {
  it('path/method variants without a token', async () => {
    const out: string[] = [];
    for (const [method, path, extra] of [['POST', '/mcp'], ['POST', '/mcp/'], ['POST', '/MCP'], ['POST', '//mcp'], ['POST', '/mcp?x=1'], ['POST', '/mcp#x'], ['GET', '/mcp'], ['DELETE', '/mcp'], ['HEAD', '/mcp'], ['OPTIONS', '/mcp'], ['PUT', '/mcp'], ['POST', '/mcp', { 'x-zod-mcp-forwarded': '1', 'mcp-session-id': 'abc' }], ['POST', '/%6Dcp'], ['POST', '/mcp;x'], ['GET', '/healthz'], ['POST', '/.well-known/oauth-protected-resource/mcp']] as const) {
      const res = await send(handle.url, { method, path, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(extra ?? {}) }, body: method === 'GET' || method === 'HEAD' ? undefined : JSON.stringify(initializeFrame()) });
      out.push(`${method} ${path} ${extra ? 'fwd' : ''} -> ${res.status}`);
    }
    console.log('VARIANTS\n' + out.join('\n'));
  });
  it('GET/DELETE of another principal\'s 2025 session', async () => {
    const agent = (await as.token('agent', { resource, scope: 'notes:read' })).access_token!;
    const other = (await as.token('short', { resource, scope: 'notes:read' })).access_token!;
    const init = await post(handle.url, initializeFrame(), { authorization: `Bearer ${agent}` });
    const sid = init.headers['mcp-session-id'] as string;
    const g = await send(handle.url, { method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': sid, authorization: `Bearer ${other}` } });
    const d = await send(handle.url, { method: 'DELETE', headers: { 'mcp-session-id': sid, authorization: `Bearer ${other}` } });
    const d2 = await send(handle.url, { method: 'DELETE', headers: { 'mcp-session-id': sid, authorization: `Bearer ${agent}` } });
    console.log('XSESSION', init.status, g.status, d.status, d2.status);
  });
  it('403 scope challenge for a resource whose URI is not latin-1', async () => {
    const agent = (await as.token('agent', { resource, scope: 'notes:read' })).access_token!;
    const res = await post(handle.url, { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'file:///日本/secret', _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} } } }, { authorization: `Bearer ${agent}`, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'resources/read', 'mcp-name': encodeURI('file:///日本/secret') });
    console.log('UNICODE', res.status, res.body, res.headers['www-authenticate']);
  });
});
