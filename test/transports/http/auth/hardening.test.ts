// The resource server when the authorization server misbehaves (down, silent, answering oddly), and
// what a token without a scope still must not reach (completion, subscriptions), over real sockets
// on loopback with a hand-made authorization server whose every hit is counted.
import { createServer, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  McpServer,
  defineResource,
  defineResourceTemplate,
  definePrompt,
  defineTool,
  type AuthInfo,
  type AuthOptions,
} from '../../../../src/index.js';
import { serveHttp } from '../../../../src/node.js';
import { V2026, envelope } from '../../../helpers/eras.js';
import { freePort } from '../../../helpers/redis.js';
import { post } from '../helpers.js';

/** A fake authorization server: `answer` decides each response (never answering when it returns 'hang'). */
async function fakeIssuer(answer: (path: string, body: string) => { status: number; json?: unknown } | 'hang') {
  const hits: string[] = [];
  const http: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      hits.push(`${req.method} ${req.url}`);
      const reply = answer(req.url ?? '', body);
      if (reply === 'hang') return;
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.json ?? {}));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  return {
    issuer: `http://127.0.0.1:${port}`,
    hits,
    stop: () => (http.closeAllConnections(), new Promise<void>((resolve) => http.close(() => resolve()))),
  };
}

/** A JWT-shaped token naming `iss` (its signature is garbage: what matters is what happens before it is checked). */
const forged = (iss: string) =>
  `${Buffer.from('{"alg":"ES256","kid":"k"}').toString('base64url')}.${Buffer.from(JSON.stringify({ iss, sub: 'x', exp: 9e9 })).toString('base64url')}.c2ln`;

async function protectedServer(auth: Omit<AuthOptions, 'resource'>, errors: unknown[] = []) {
  const port = await freePort();
  const resource = `http://127.0.0.1:${port}/mcp`;
  const server = new McpServer({
    name: 's',
    version: '1',
    tools: [defineTool({ name: 'echo', description: 'e', input: z.object({}), handler: () => 'ok' })],
    onError: (error) => void errors.push(error),
  });
  const handle = await serveHttp(server, { port, host: '127.0.0.1', auth: { ...auth, resource } });
  const call = (token: string) =>
    post(
      handle.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: {}, _meta: envelope() } },
      {
        'mcp-protocol-version': V2026,
        'mcp-method': 'tools/call',
        'mcp-name': 'echo',
        authorization: `Bearer ${token}`,
      },
    );
  return { handle, call, resource };
}

describe('an authorization server that misbehaves', () => {
  it('down: a token that cannot be checked is 503 (the client keeps it), and the cause is reported', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const errors: unknown[] = [];
    const { handle, call } = await protectedServer({ issuer: closed }, errors);
    const res = await call(forged(closed));
    expect(res.status).toBe(503);
    expect(JSON.parse(res.body)).toStrictEqual({
      error: 'temporarily_unavailable',
      error_description: 'the token could not be checked now; try again',
    });
    expect(res.headers['www-authenticate']).toBeUndefined();
    expect(res.headers['retry-after']).toBe('1');
    expect(String(errors[0])).toContain(`no authorization server metadata for ${closed}`);
    await handle.close();
  });

  it('forged tokens naming it cost one discovery, not one per request', async () => {
    const as = await fakeIssuer(() => ({ status: 404 }));
    const { handle, call } = await protectedServer({ issuer: as.issuer });
    for (let i = 0; i < 6; i++) expect((await call(forged(as.issuer))).status).toBe(503);
    expect(as.hits.length).toBeLessThanOrEqual(2); // the two well-known candidates, once
    await handle.close();
    await as.stop();
  });

  it('silent: each request gets its 503 within the 5 s deadline, and concurrent checks of one token share one', async () => {
    const as = await fakeIssuer(() => 'hang');
    const { handle, call } = await protectedServer({ issuer: as.issuer });
    const started = Date.now();
    const answers = await Promise.all([0, 1, 2].map(() => call(forged(as.issuer))));
    expect(answers.map((res) => [res.status, res.headers['retry-after']])).toStrictEqual([
      [503, '1'],
      [503, '1'],
      [503, '1'],
    ]);
    expect(Date.now() - started).toBeLessThan(7000);
    expect(as.hits.length).toBeLessThanOrEqual(2); // the discovery's candidates, tried once for all three
    await handle.close();
    await as.stop();
  }, 15_000);

  it('introspection: a refresh token, a token not valid yet, or another resource is refused; an inactive answer is remembered a while', async () => {
    let answer: Record<string, unknown> = {};
    const as = await fakeIssuer((path) => (path === '/introspect' ? { status: 200, json: answer } : { status: 404 }));
    const { handle, call, resource } = await protectedServer({
      issuer: as.issuer,
      introspection: { clientId: 'rs', clientSecret: 's', endpoint: `${as.issuer}/introspect` },
    });
    const now = Math.floor(Date.now() / 1000);
    const cases: [Record<string, unknown>, string][] = [
      [
        { active: true, sub: 'u', aud: resource, exp: now + 60, token_type: 'refresh_token' },
        'the token is not an access token',
      ],
      [{ active: true, sub: 'u', aud: resource, exp: now + 60, nbf: now + 600 }, 'the token is not valid yet'],
      [
        { active: true, sub: 'u', aud: 'https://elsewhere/mcp', exp: now + 60 },
        'the token was not issued for this resource',
      ],
      [{ active: false }, 'the token is not active'],
    ];
    for (const [index, [given, why]] of cases.entries()) {
      answer = given;
      const res = await call(`opaque-token-${index}`);
      expect([res.status, JSON.parse(res.body).error_description]).toStrictEqual([401, why]);
    }
    const before = as.hits.length;
    expect((await call('opaque-token-3')).status).toBe(401); // inactive: remembered, not asked again
    expect(as.hits.length).toBe(before);
    answer = { active: true, sub: 'u', aud: resource, exp: now + 60, token_type: 'Bearer', scope: '' };
    expect((await call('opaque-token-ok')).status).toBe(200);
    await handle.close();
    await as.stop();
  });

  it('a verify hook that returns no AuthInfo is our failure (503, reported), not a crash', async () => {
    const errors: unknown[] = [];
    const { handle, call } = await protectedServer(
      { issuer: 'https://unused.example', verify: async () => ({ subject: 'u' }) as unknown as AuthInfo },
      errors,
    );
    expect((await call('anything')).status).toBe(503);
    expect(String(errors[0])).toContain('auth.verify returned something that is not an AuthInfo');
    await handle.close();
  });
});

describe('a token without the scope reaches nothing of what it protects', () => {
  const reader: AuthInfo = { subject: 'u', scopes: [], issuer: 'https://as.example', claims: { sub: 'u' } };
  const server = new McpServer({
    name: 's',
    version: '1',
    tools: [],
    prompts: [
      definePrompt({
        name: 'secret',
        description: 's',
        scopes: ['admin'],
        arguments: z.object({ who: z.enum(['a', 'b']) }),
        get: () => 'x',
      }),
    ],
    resources: [
      defineResource({ uri: 'file:///日本/secret', name: 'jp', scopes: ['admin'], read: () => 'x' }),
      defineResourceTemplate({
        uriTemplate: 'test://doc/{id}',
        name: 'doc',
        variables: z.object({ id: z.enum(['1', '2']) }),
        scopes: ['admin'],
        read: ({ id }) => id,
      }),
    ],
  });

  it('completion/complete of a scoped prompt or template', async () => {
    for (const ref of [
      { type: 'ref/prompt', name: 'secret' },
      { type: 'ref/resource', uri: 'test://doc/{id}' },
    ]) {
      const argument = ref.type === 'ref/prompt' ? { name: 'who', value: '' } : { name: 'id', value: '' };
      const answer = (await server.handle(
        { jsonrpc: '2.0', id: 1, method: 'completion/complete', params: { ref, argument, _meta: envelope() } },
        { auth: reader },
      )) as Record<string, any>;
      expect(answer.error).toMatchObject({ code: -32003, data: { requiredScopes: ['admin'] } });
    }
  });

  it('resources/subscribe (2025), and a listen stream asking for it (2026: left out of the acknowledgement)', async () => {
    const subscribed = (await server.handle(
      { jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: 'test://doc/1' } },
      { auth: reader },
    )) as Record<string, any>;
    expect(subscribed.error).toMatchObject({ code: -32003 });
    const frames: Record<string, any>[] = [];
    const abort = new AbortController();
    const listening = server.handle(
      {
        jsonrpc: '2.0',
        id: 'l',
        method: 'subscriptions/listen',
        params: { notifications: { resourceSubscriptions: ['test://doc/1'] }, _meta: envelope() },
      },
      { auth: reader, notify: (frame) => void frames.push(frame as Record<string, any>), signal: abort.signal },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    server.notifyResourceUpdated('test://doc/1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    abort.abort();
    await listening;
    expect(frames).toStrictEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: {
          _meta: { 'io.modelcontextprotocol/subscriptionId': 'l' },
          notifications: { resourceSubscriptions: [] },
        },
      },
    ]);
  });

  it('over HTTP, a scoped resource with a URI in another script gets its 403 challenge (the text made ASCII), not a 500', async () => {
    const port = await freePort();
    // 2025 and stateless: no Mcp-Name header to carry the URI (a header cannot hold it as it is).
    const handle = await serveHttp(server, {
      port,
      host: '127.0.0.1',
      stateless: true,
      auth: { issuer: 'https://as.example', resource: `http://127.0.0.1:${port}/mcp`, verify: async () => reader },
    });
    const res = await post(
      handle.url,
      { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'file:///日本/secret' } },
      { 'mcp-protocol-version': '2025-06-18', authorization: 'Bearer t' },
    );
    expect(res.status).toBe(403);
    expect(res.headers['www-authenticate']).toContain(
      'error_description="resource ?file:///??/secret? needs the scope admin"',
    );
    await handle.close();
  });
});
