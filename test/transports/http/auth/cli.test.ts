// `zod-mcp serve --http --auth-issuer --auth-audience` as a real process behind the real
// authorization server: the commands docs/auth.md shows, and what they serve.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { V2026, envelope } from '../../../helpers/eras.js';
import { startAuthServer, type AuthServer } from '../../../helpers/oidc.js';
import { freePort } from '../../../helpers/redis.js';
import { startServe, type ServeProcess } from '../../../helpers/serve-process.js';
import { post, send } from '../helpers.js';

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
      dpop_signing_alg_values_supported: [
        'ES256',
        'ES384',
        'ES512',
        'EdDSA',
        'RS256',
        'RS384',
        'RS512',
        'PS256',
        'PS384',
        'PS512',
      ],
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
