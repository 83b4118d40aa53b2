// `zod-mcp serve --http --auth-issuer --auth-audience` as a real process behind the real
// authorization server: the commands docs/auth.md shows, and what they serve.
import { createHash } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { V2026, envelope } from '../../../helpers/eras.js';
import { startAuthServer, type AuthServer } from '../../../helpers/oidc.js';
import { freePort } from '../../../helpers/redis.js';
import { startServe, type ServeProcess } from '../../../helpers/serve-process.js';
import { post, send } from '../helpers.js';
import { DPOP_ALGS } from './dpop-helpers.js';

let as: AuthServer;
let served: ServeProcess;
let resource: string;
beforeAll(async () => {
  as = await startAuthServer({ scopes: ['mcp:tools'] });
  const port = await freePort();
  resource = `http://127.0.0.1:${port}/mcp`;
  served = await startServe([
    '--port',
    String(port),
    '--auth-issuer',
    as.issuer,
    '--auth-audience',
    resource,
    '--auth-scopes',
    'mcp:tools',
  ]);
}, 30_000);
afterAll(async () => {
  await served?.stop();
  await as?.stop();
});

describe('serve --http --auth-issuer URL --auth-audience URL --auth-scopes mcp:tools', () => {
  it('serves its protected resource metadata', async () => {
    const res = await send(served.url, { method: 'GET', path: '/.well-known/oauth-protected-resource/mcp' });
    expect(JSON.parse(res.body)).toStrictEqual({
      resource,
      authorization_servers: [as.issuer],
      scopes_supported: ['mcp:tools'],
      bearer_methods_supported: ['header'],
      dpop_signing_alg_values_supported: DPOP_ALGS,
    });
  });

  it('answers 401 without a token, and the call with one', async () => {
    const frame = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'echo', arguments: { hi: 1 }, _meta: envelope() },
    };
    const headers = { 'mcp-protocol-version': V2026, 'mcp-method': 'tools/call', 'mcp-name': 'echo' };
    const refused = await post(served.url, frame, headers);
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toBe(
      `Bearer resource_metadata="${new URL(resource).origin}/.well-known/oauth-protected-resource/mcp", scope="mcp:tools"`,
    );
    const { access_token } = await as.token('agent', { resource, scope: 'mcp:tools' });
    const ok = await post(served.url, frame, { ...headers, authorization: `Bearer ${access_token}` });
    expect(JSON.parse(ok.body).result.content[0].text).toBe('echo({"hi":1})');
  });
});

describe('serve --http --auth-dpop required --public-url URL, with tokens the real authorization server binds', () => {
  let bound: ServeProcess;
  let url: string;
  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}/mcp`;
    bound = await startServe([
      '--port',
      String(port),
      '--auth-issuer',
      as.issuer,
      '--auth-audience',
      url,
      '--auth-dpop',
      'required',
      '--public-url',
      `http://localhost:${port}`,
    ]);
  }, 30_000);
  afterAll(async () => {
    await bound?.stop();
  });

  it('takes a token bound at the token endpoint, with a proof for the public URL, and refuses it as Bearer', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = await exportJWK(publicKey);
    const prove = (htu: string, accessToken?: string) =>
      new SignJWT({
        jti: crypto.randomUUID(),
        htm: 'POST',
        htu,
        iat: Math.floor(Date.now() / 1000),
        ...(accessToken === undefined ? {} : { ath: createHash('sha256').update(accessToken).digest('base64url') }),
      })
        .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk })
        .sign(privateKey);
    const issued = await as.token('agent', { resource: url, dpop: await prove(`${as.issuer}/token`) });
    expect(issued.token_type).toBe('DPoP');
    const token = issued.access_token!;
    const frame = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'echo', arguments: {}, _meta: envelope() },
    };
    const headers = { 'mcp-protocol-version': V2026, 'mcp-method': 'tools/call', 'mcp-name': 'echo' };
    const publicUrl = url.replace('127.0.0.1', 'localhost');
    const ok = await post(bound.url, frame, {
      ...headers,
      authorization: `DPoP ${token}`,
      dpop: await prove(publicUrl, token),
    });
    expect(JSON.parse(ok.body).result.content[0].text).toBe('echo({})');
    const elsewhere = await post(bound.url, frame, {
      ...headers,
      authorization: `DPoP ${token}`,
      dpop: await prove(url, token),
    });
    expect([elsewhere.status, JSON.parse(elsewhere.body).error_description]).toStrictEqual([
      401,
      `the DPoP proof is not for ${publicUrl}`,
    ]);
    const downgraded = await post(bound.url, frame, { ...headers, authorization: `Bearer ${token}` });
    expect([downgraded.status, JSON.parse(downgraded.body).error_description]).toStrictEqual([
      401,
      'this MCP server takes DPoP-bound tokens only',
    ]);
    const metadata = await send(bound.url, { method: 'GET', path: '/.well-known/oauth-protected-resource/mcp' });
    expect(JSON.parse(metadata.body).dpop_bound_access_tokens_required).toBe(true);
  });
});
