// The DPoP server every runtime serves in test/e2e/runtimes/dpop.test.ts: a fetch handler that
// requires DPoP-bound tokens, with `jose` given to it (a Worker resolves no package at run time) and
// the issuer's key as the test passes it (a verify hook: the runtime need not reach a JWKS).
import * as jose from 'jose';
import { z } from 'zod';
import { McpServer, defineTool, toFetchHandler } from 'zod-mcp';

export const RESOURCE = 'https://mcp.example/mcp';

export function dpopHandler(issuerJwk: string, longLived: boolean) {
  const keys = jose.createLocalJWKSet({ keys: [JSON.parse(issuerJwk) as jose.JWK] });
  const echo = defineTool({ name: 'echo', description: 'Says ok.', input: z.object({}), handler: () => 'ok' });
  const server = new McpServer({ name: 'dpop', version: '1.0.0', tools: [echo] });
  return toFetchHandler(server, {
    path: '/mcp',
    ...(longLived ? { longLived: true } : { stateless: true }),
    auth: {
      issuer: 'https://issuer.example',
      resource: RESOURCE,
      dpop: 'required',
      jose,
      verify: async (token) => {
        const { payload } = await jose.jwtVerify(token, keys, { issuer: 'https://issuer.example', audience: RESOURCE });
        return { subject: String(payload.sub), scopes: [], claims: payload };
      },
    },
  });
}
