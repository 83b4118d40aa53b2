// The claims a resource server must check itself, each with a token that is right in every other
// way: a JWT from the trusted issuer, signed by its key, with no `aud` at all; tokens (JWT and
// introspected) expired past the clock tolerance by seconds and by hours, and within it. Over real
// sockets on loopback, against a hand-made authorization server serving its JWKS and introspection.
import { createServer } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, type AuthOptions } from '../../../../src/index.js';
import { serveHttp, type HttpServerHandle } from '../../../../src/node.js';
import { V2026, envelope } from '../../../helpers/eras.js';
import { freePort } from '../../../helpers/redis.js';
import { post } from '../helpers.js';

const now = () => Math.floor(Date.now() / 1000);
const HOUR = 3600;

let issuer: string;
let introspected: Record<string, unknown> = {};
let sign: (claims: JWTPayload) => Promise<string>;
const handles: HttpServerHandle[] = [];
let stopIssuer: () => Promise<void>;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  sign = (claims) => new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).sign(privateKey);
  const http = createServer((req, res) => {
    req.resume().once('end', () => {
      const body = req.url === '/jwks' ? { keys: [jwk] } : req.url === '/introspect' ? introspected : undefined;
      res
        .writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' })
        .end(JSON.stringify(body ?? {}));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${port}`;
  stopIssuer = () => (http.closeAllConnections(), new Promise<void>((resolve) => http.close(() => resolve())));
});
afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
  await stopIssuer();
});

async function protectedServer(auth: Omit<AuthOptions, 'resource' | 'issuer'>) {
  const port = await freePort();
  const resource = `http://127.0.0.1:${port}/mcp`;
  const server = new McpServer({
    name: 's',
    version: '1',
    tools: [defineTool({ name: 'echo', description: 'e', input: z.object({}), handler: () => 'ok' })],
  });
  const handle = await serveHttp(server, { port, host: '127.0.0.1', auth: { issuer, resource, ...auth } });
  handles.push(handle);
  const call = async (token: string) => {
    const res = await post(
      handle.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: {}, _meta: envelope() } },
      {
        'mcp-protocol-version': V2026,
        'mcp-method': 'tools/call',
        'mcp-name': 'echo',
        authorization: `Bearer ${token}`,
      },
    );
    return res.status === 200
      ? 200
      : [res.status, (JSON.parse(res.body) as { error_description: string }).error_description];
  };
  return { call, resource };
}

describe('JWT access tokens', () => {
  it('a token from the trusted issuer, well signed, with no aud claim: refused (RFC 8707: it names no resource)', async () => {
    const { call, resource } = await protectedServer({ jwksUri: `${issuer}/jwks` });
    const base = { iss: issuer, sub: 'alice', exp: now() + 300 };
    expect(await call(await sign({ ...base, aud: resource }))).toBe(200);
    expect(await call(await sign(base))).toStrictEqual([401, 'the token was not issued for this resource']);
    expect(await call(await sign({ ...base, aud: [] }))).toStrictEqual([
      401,
      'the token was not issued for this resource',
    ]);
  });

  it('expiry against the default tolerance of 30 seconds: 20 s ago passes, 40 s and 8 hours ago are refused', async () => {
    const { call, resource } = await protectedServer({ jwksUri: `${issuer}/jwks` });
    const expired = async (secondsAgo: number) =>
      call(await sign({ iss: issuer, aud: resource, sub: 'alice', exp: now() - secondsAgo }));
    expect(await expired(20)).toBe(200);
    expect(await expired(40)).toStrictEqual([401, 'the token has expired']);
    expect(await expired(8 * HOUR)).toStrictEqual([401, 'the token has expired']);
  });

  it('nbf against the tolerance: 20 s ahead passes, 40 s ahead is refused', async () => {
    const { call, resource } = await protectedServer({ jwksUri: `${issuer}/jwks` });
    const early = async (secondsAhead: number) =>
      call(await sign({ iss: issuer, aud: resource, sub: 'alice', exp: now() + HOUR, nbf: now() + secondsAhead }));
    expect(await early(20)).toBe(200);
    expect(await early(40)).toStrictEqual([401, "the token's nbf claim is not valid"]);
  });
});

describe('opaque tokens, introspected', () => {
  it('an active answer whose exp passed: 20 s ago passes, 40 s and 8 hours ago are refused', async () => {
    const { call, resource } = await protectedServer({
      introspection: { clientId: 'rs', clientSecret: 's', endpoint: `${issuer}/introspect` },
    });
    const cases: [number, 200 | [number, string]][] = [
      [20, 200],
      [40, [401, 'the token has expired']],
      [8 * HOUR, [401, 'the token has expired']],
    ];
    for (const [secondsAgo, outcome] of cases) {
      introspected = { active: true, sub: 'alice', aud: resource, exp: now() - secondsAgo, token_type: 'Bearer' };
      expect([secondsAgo, await call(`opaque-${secondsAgo}`)]).toStrictEqual([secondsAgo, outcome]);
    }
  });

  it('an active answer with no exp, or no aud, is refused', async () => {
    const { call, resource } = await protectedServer({
      introspection: { clientId: 'rs', clientSecret: 's', endpoint: `${issuer}/introspect` },
    });
    introspected = { active: true, sub: 'alice', aud: resource, token_type: 'Bearer' };
    expect(await call('opaque-no-exp')).toStrictEqual([401, 'the token has expired']);
    introspected = { active: true, sub: 'alice', exp: now() + 60, token_type: 'Bearer' };
    expect(await call('opaque-no-aud')).toStrictEqual([401, 'the token was not issued for this resource']);
  });
});
