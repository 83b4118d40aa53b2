// zod-mcp as an OAuth 2.1 resource server behind a real authorization server (oidc-provider on
// loopback): metadata, the 401 a client discovers the authorization server from, the official
// SDK v2 client with its client-credentials provider, tokens for another resource, expired
// tokens, the per-tool scope challenge and a step-up, key rotation, introspection, and the
// Authorization header cases. Both eras.
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, ClientCredentialsProvider, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool } from '../../../../src/index.js';
import { serveHttp, type HttpServerHandle } from '../../../../src/node.js';
import { V2026, envelope } from '../../../helpers/eras.js';
import { startAuthServer, SECRET, type AuthServer } from '../../../helpers/oidc.js';
import { freePort } from '../../../helpers/redis.js';
import { initializeFrame, post, send } from '../helpers.js';
import { DPOP_ALGS } from './dpop-helpers.js';

const whoami = defineTool({
  name: 'whoami',
  description: 'Says who the token is for.',
  input: z.object({}),
  handler: (_args, ctx) => `${ctx.auth?.subject} via ${ctx.auth?.clientId} with ${ctx.auth?.scopes.join(' ')}`,
});
const writeNote = defineTool({
  name: 'write_note',
  description: 'Needs notes:write.',
  input: z.object({ text: z.string() }),
  scopes: ['notes:write'],
  handler: ({ text }) => `noted: ${text}`,
});

let as: AuthServer;
let handle: HttpServerHandle;
let resource: string;
beforeAll(async () => {
  // Short tokens live 3 s: `exp` counts whole seconds, so one of 1 s may have only a moment left when minted.
  as = await startAuthServer({ scopes: ['notes:read', 'notes:write'], shortTtlSec: 3 });
  const port = await freePort();
  resource = `http://127.0.0.1:${port}/mcp`;
  const server = new McpServer({ name: 'notes', version: '1.0.0', tools: [whoami, writeNote] });
  handle = await serveHttp(server, {
    port,
    host: '127.0.0.1',
    auth: {
      issuer: as.issuer,
      resource,
      scopes: ['notes:read'],
      clockToleranceSec: 0,
      jwksCooldownMs: 0,
      introspection: { clientId: 'resource-server', clientSecret: SECRET },
    },
  });
}, 30_000);
afterAll(async () => {
  await handle?.close();
  await as?.stop();
});

const call2026 = (name: string, args: object, token?: string, id = 1) =>
  post(
    handle.url,
    { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, _meta: envelope() } },
    {
      'mcp-protocol-version': V2026,
      'mcp-method': 'tools/call',
      'mcp-name': name,
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
  );
const metadataUrl = () => `${new URL(resource).origin}/.well-known/oauth-protected-resource/mcp`;

describe('protected resource metadata', () => {
  it('is served at the path form and the root form, naming the authorization server and the scopes', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const res = await send(handle.url, { method: 'GET', path });
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(JSON.parse(res.body)).toStrictEqual({
        resource,
        authorization_servers: [as.issuer],
        scopes_supported: ['notes:read', 'notes:write'],
        bearer_methods_supported: ['header'],
        dpop_signing_alg_values_supported: DPOP_ALGS,
      });
    }
  });
});

describe('the bearer token', () => {
  it('missing: 401 with the metadata URL and the scope to ask for, and no error code', async () => {
    const res = await call2026('whoami', {});
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe(`Bearer resource_metadata="${metadataUrl()}", scope="notes:read"`);
    expect(JSON.parse(res.body)).toStrictEqual({
      error: 'invalid_token',
      error_description: 'this MCP server needs a bearer token (see resource_metadata)',
    });
  });

  it.each([
    ['Basic dXNlcjpwYXNz', 401, undefined],
    ['Bearer', 400, 'invalid_request'],
    ['Bearer two tokens', 400, 'invalid_request'],
    ['Bearer !!not-a-token!!', 400, 'invalid_request'],
    ['Bearer aGVsbG8.d29ybGQ.c2ln', 401, 'invalid_token'],
    ['Bearer opaque-but-unknown', 401, 'invalid_token'],
  ])('%s: %i', async (header, status, error) => {
    const res = await send(handle.url, {
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: header,
      },
      body: JSON.stringify(initializeFrame()),
    });
    expect(res.status).toBe(status);
    if (error !== undefined) expect(JSON.parse(res.body).error).toBe(error);
    if (status === 401) expect(res.headers['www-authenticate']).toContain(`resource_metadata="${metadataUrl()}"`);
    expect(res.body).not.toContain(header.split(' ')[1] ?? '\u0000');
  });

  it('two Authorization headers: 400; a 100 KB token: 431 from Node itself (its 16 KB header limit)', async () => {
    const raw = (headers: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(handle.port, '127.0.0.1', () =>
          socket.end(
            `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 2\r\n${headers}\r\n{}`,
          ),
        );
        let text = '';
        // Node may reset the connection once it has answered 431 (the rest of the headers still on their way): what arrived is the answer.
        socket
          .setEncoding('utf8')
          .on('data', (chunk: string) => (text += chunk))
          .on('error', () => resolve(text))
          .on('close', () => resolve(text));
      });
    expect(await raw('authorization: Bearer a\r\nauthorization: Bearer b\r\n')).toMatch(/^HTTP\/1\.1 400 /);
    expect(await raw(`authorization: Bearer ${'a'.repeat(100_000)}\r\n`)).toMatch(/^HTTP\/1\.1 431 /);
  });

  it('valid: the call runs, and the handler sees who called', async () => {
    const { access_token } = await as.token('agent', { resource, scope: 'notes:read' });
    const res = await call2026('whoami', {}, access_token);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).result.content[0].text).toBe('agent via agent with notes:read');
  });

  it('minted for another resource: 401, not for this resource', async () => {
    const { access_token } = await as.token('agent', { resource: 'http://127.0.0.1:1/elsewhere', scope: 'notes:read' });
    const res = await call2026('whoami', {}, access_token);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe(
      `Bearer resource_metadata="${metadataUrl()}", error="invalid_token", scope="notes:read", error_description="the token was not issued for this resource"`,
    );
  });

  it('expired: 401', async () => {
    const { access_token } = await as.token('short', { resource, scope: 'notes:read' });
    expect((await call2026('whoami', {}, access_token)).status).toBe(200);
    await sleep(4100);
    const res = await call2026('whoami', {}, access_token);
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toStrictEqual({ error: 'invalid_token', error_description: 'the token has expired' });
  }, 20_000);

  it('without the server-wide scope: 403 insufficient_scope', async () => {
    const { access_token } = await as.token('agent', { resource, scope: 'notes:write' });
    const res = await call2026('whoami', {}, access_token);
    expect(res.status).toBe(403);
    expect(res.headers['www-authenticate']).toBe(
      `Bearer resource_metadata="${metadataUrl()}", error="insufficient_scope", scope="notes:read", error_description="this MCP server needs the scope notes:read"`,
    );
  });

  it('opaque: checked by introspection at the same server', async () => {
    const { access_token } = await as.token('opaque', { resource, scope: 'notes:read' });
    expect(access_token).not.toContain('.');
    const res = await call2026('whoami', {}, access_token);
    expect(JSON.parse(res.body).result.content[0].text).toBe('opaque via opaque with notes:read');
  });

  it('signed with a rotated key: the keys are fetched again and the new token is accepted', async () => {
    const old = (await as.token('agent', { resource, scope: 'notes:read' })).access_token!;
    expect((await call2026('whoami', {}, old)).status).toBe(200);
    await as.rotate();
    const fresh = (await as.token('agent', { resource, scope: 'notes:read' })).access_token!;
    expect(JSON.parse(Buffer.from(fresh.split('.')[0]!, 'base64url').toString()).kid).not.toBe(
      JSON.parse(Buffer.from(old.split('.')[0]!, 'base64url').toString()).kid,
    );
    expect((await call2026('whoami', {}, fresh)).status).toBe(200);
    // The old key is still cached; its token stays good until the cached keys age out or it expires.
  });
});

describe('per-tool scopes', () => {
  it('tools/list shows only what the token may use, and is private to it', async () => {
    const reader = (await as.token('agent', { resource, scope: 'notes:read' })).access_token!;
    const writer = (await as.token('agent', { resource, scope: 'notes:read notes:write' })).access_token!;
    const list = async (token: string) =>
      JSON.parse(
        (
          await post(
            handle.url,
            { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope() } },
            { 'mcp-protocol-version': V2026, 'mcp-method': 'tools/list', authorization: `Bearer ${token}` },
          )
        ).body,
      ).result;
    const read = await list(reader);
    expect(read.tools.map((tool: { name: string }) => tool.name)).toStrictEqual(['whoami']);
    expect(read.cacheScope).toBe('private');
    expect((await list(writer)).tools.map((tool: { name: string }) => tool.name)).toStrictEqual([
      'whoami',
      'write_note',
    ]);
  });

  it('a call without the tool’s scope: 403 with the challenge (2026 and 2025); with it after stepping up: the answer', async () => {
    const reader = (await as.token('agent', { resource, scope: 'notes:read' })).access_token!;
    const denied = await call2026('write_note', { text: 'hi' }, reader);
    expect(denied.status).toBe(403);
    expect(denied.headers['www-authenticate']).toBe(
      `Bearer resource_metadata="${metadataUrl()}", error="insufficient_scope", scope="notes:read notes:write", error_description="tool write_note needs the scope notes:write"`,
    );
    expect(JSON.parse(denied.body)).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32003,
        message: 'Insufficient scope',
        data: { requiredScopes: ['notes:write'], detail: 'tool write_note needs the scope notes:write' },
      },
    });
    const challenged = /scope="([^"]+)"/.exec(denied.headers['www-authenticate'] as string)![1]!;
    const stepped = (await as.token('agent', { resource, scope: challenged })).access_token!;
    expect(JSON.parse((await call2026('write_note', { text: 'hi' }, stepped)).body).result.content[0].text).toBe(
      'noted: hi',
    );

    // 2025: a session made with a token; its call without the scope gets the same 403.
    const auth = { authorization: `Bearer ${reader}` };
    const init = await post(handle.url, initializeFrame(), auth);
    const session = init.headers['mcp-session-id'] as string;
    const legacy = await post(
      handle.url,
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'write_note', arguments: { text: 'x' } } },
      { ...auth, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' },
    );
    expect(legacy.status).toBe(403);
    expect(legacy.headers['www-authenticate']).toBe(denied.headers['www-authenticate']); // the same challenge as 2026's above
  });

  it('a 2025 session belongs to the token’s subject: another one gets 404', async () => {
    const agent = (await as.token('agent', { resource, scope: 'notes:read' })).access_token!;
    const other = (await as.token('opaque', { resource, scope: 'notes:read' })).access_token!;
    const session = (await post(handle.url, initializeFrame(), { authorization: `Bearer ${agent}` })).headers[
      'mcp-session-id'
    ] as string;
    const res = await post(
      handle.url,
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      { authorization: `Bearer ${other}`, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' },
    );
    expect(res.status).toBe(404);
  });
});

describe('the official SDK v2 client with its client-credentials provider', () => {
  it('discovers the authorization server from the 401, fetches a token and calls a tool (2026)', async () => {
    const provider = new ClientCredentialsProvider({
      clientId: 'agent',
      clientSecret: SECRET,
      scope: 'notes:read',
      expectedIssuer: as.issuer,
    });
    const client = new Client(
      { name: 'v2', version: '2.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } as never },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(handle.url), { authProvider: provider }));
    try {
      expect(await client.callTool({ name: 'whoami', arguments: {} })).toMatchObject({
        content: [{ text: 'agent via agent with notes:read' }],
      });
    } finally {
      await client.close();
    }
  });
});
