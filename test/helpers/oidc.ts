// A real OAuth 2.1 / OpenID authorization server for the tests: oidc-provider on a free loopback
// port, with resource indicators (RFC 8707), client credentials, JWT access tokens for the MCP
// resource (opaque ones for the `opaque` client, checked by introspection), and keys it can rotate.
import type { Server } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { freePort } from './redis.js';

export interface AuthServer {
  readonly issuer: string;
  /** Restarts on the same issuer with a new signing key (the old one gone from the JWKS). */
  rotate(): Promise<void>;
  /** A client-credentials token (RFC 8707 `resource`), or the error the server answered. */
  token(
    client: string,
    options: { resource: string; scope?: string; dpop?: string },
  ): Promise<{ access_token?: string; error?: string; scope?: string; token_type?: string }>;
  stop(): Promise<void>;
}

export const SECRET = 'a client secret long enough for oidc-provider';

async function signingKey(kid: string) {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: 'ES256', use: 'sig' };
}

export async function startAuthServer(options: {
  scopes: readonly string[];
  shortTtlSec?: number;
}): Promise<AuthServer> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const scope = options.scopes.join(' ');
  const client = (client_id: string) => ({
    client_id,
    client_secret: SECRET,
    grant_types: ['client_credentials'],
    redirect_uris: [],
    response_types: [],
    scope,
    id_token_signed_response_alg: 'ES256' as const,
  });
  let generation = 0;
  let server: Server | undefined;
  const start = async () => {
    const key = await signingKey(`key-${++generation}`);
    const provider = new Provider(issuer, {
      clients: [client('agent'), client('opaque'), client('short'), client('resource-server')],
      scopes: [...options.scopes],
      jwks: { keys: [key] },
      features: {
        devInteractions: { enabled: false },
        clientCredentials: { enabled: true },
        introspection: { enabled: true },
        // a client that sends a DPoP proof to the token endpoint gets a token bound to its key (cnf.jkt)
        dPoP: { enabled: true },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => undefined as never,
          useGrantedResource: () => true,
          getResourceServerInfo: (ctx, resourceIndicator) => ({
            scope,
            audience: resourceIndicator,
            accessTokenTTL: ctx.oidc.client?.clientId === 'short' ? (options.shortTtlSec ?? 1) : 300,
            accessTokenFormat: ctx.oidc.client?.clientId === 'opaque' ? 'opaque' : 'jwt',
            jwt: { sign: { alg: 'ES256' } },
          }),
        },
      },
      ttl: {
        ClientCredentials: (_ctx, _token, client) => (client.clientId === 'short' ? (options.shortTtlSec ?? 1) : 300),
      },
    });
    await new Promise<void>((resolve) => {
      server = provider.listen(port, '127.0.0.1', () => resolve()) as unknown as Server;
    });
  };
  const stopServer = () =>
    new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  await start();
  return {
    issuer,
    async rotate() {
      server?.closeAllConnections();
      await stopServer();
      await start();
    },
    async token(clientId, request) {
      const res = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${clientId}:${SECRET}`).toString('base64')}`,
          ...(request.dpop === undefined ? {} : { dpop: request.dpop }),
        },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          resource: request.resource,
          ...(request.scope === undefined ? {} : { scope: request.scope }),
        }),
      });
      return (await res.json()) as { access_token?: string; error?: string; scope?: string; token_type?: string };
    },
    async stop() {
      server?.closeAllConnections();
      await stopServer();
    },
  };
}
