// What the DPoP tests share: an issuer whose keys a loopback JWKS serves, access tokens bound to a
// client's key, proofs right but for what a test asks to be wrong (jose), and a protected server
// through each mount, asked with fetch.
import { createServer, type Server } from 'node:http';
import {
  SignJWT,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, toFetchHandler, type AuthOptions } from '../../../../src/index.js';
import { serveHttp, toNodeHandler, type HttpServerHandle } from '../../../../src/node.js';
import { envelope } from '../../../helpers/eras.js';
import { freePort } from '../../../helpers/redis.js';

export const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const sha256 = async (text: string) =>
  Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('base64url');

let issuer: string;
let issuerKey: CryptoKey;
let jwksServer: Server;
export const client = { privateKey: undefined as unknown as CryptoKey, jwk: {} as JWK, privateJwk: {} as JWK, jkt: '' };

/** The issuer and the client's key, made before the file's tests and stopped after. */
export function useIssuer(): void {
  beforeAll(async () => {
    const pair = await generateKeyPair('ES256');
    issuerKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    jwksServer = createServer((req, res) => {
      req
        .resume()
        .once('end', () =>
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })),
        );
    });
    const port = await freePort();
    await new Promise<void>((resolve) => jwksServer.listen(port, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${port}`;
    const own = await generateKeyPair('ES256', { extractable: true });
    client.privateKey = own.privateKey;
    client.jwk = await exportJWK(own.publicKey);
    client.privateJwk = await exportJWK(own.privateKey);
    client.jkt = await calculateJwkThumbprint(client.jwk);
  });
  afterAll(() => new Promise<void>((resolve) => jwksServer.close(() => resolve())));
}

/** An access token from the trusted issuer for `aud`, bound to `jkt` unless it is null. */
export function token(aud: string, jkt: string | null = client.jkt, extra: JWTPayload = {}): Promise<string> {
  const claims = {
    sub: 'agent',
    client_id: 'agent',
    scope: 'mcp',
    ...(jkt === null ? {} : { cnf: { jkt } }),
    ...extra,
  };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setIssuer(issuer)
    .setAudience(aud)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(issuerKey);
}

export interface ProofOptions {
  htm?: string;
  htu: string;
  accessToken?: string;
  iat?: number;
  jti?: string;
  nonce?: string;
  typ?: string;
  omit?: readonly string[];
  ath?: string;
  jwk?: JWK;
  tamper?: boolean;
  alg?: 'none' | 'HS256';
}

/** A DPoP proof, right unless told otherwise. */
export async function proof(options: ProofOptions): Promise<string> {
  const payload: Record<string, unknown> = {
    jti: options.jti ?? crypto.randomUUID(),
    htm: options.htm ?? 'POST',
    htu: options.htu,
    iat: options.iat ?? now(),
    ...(options.accessToken === undefined ? {} : { ath: options.ath ?? (await sha256(options.accessToken)) }),
    ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
  };
  for (const claim of options.omit ?? []) delete payload[claim];
  const header = { typ: options.typ ?? 'dpop+jwt', alg: options.alg ?? 'ES256', jwk: options.jwk ?? client.jwk };
  if (options.omit?.includes('jwk')) delete (header as { jwk?: JWK }).jwk;
  if (options.alg === 'none') return `${b64(header)}.${b64(payload)}.`;
  if (options.alg === 'HS256')
    return new SignJWT(payload)
      .setProtectedHeader(header)
      .sign(new TextEncoder().encode('a shared secret of 32 bytes!!!!'));
  const signed = await new SignJWT(payload).setProtectedHeader(header).sign(client.privateKey);
  if (!options.tamper) return signed;
  const [head, body, signature] = signed.split('.');
  return `${head}.${body}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
}

const tool = defineTool({ name: 'echo', description: 'e', input: z.object({}), handler: () => 'ok' });
export type Era = '2025' | '2026';
export const bodyOf = (era: Era) =>
  era === '2026'
    ? { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: {}, _meta: envelope() } }
    : {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      };

export interface Answer {
  status: number;
  challenge: string | null;
  nonce: string | null;
  body: string;
}

export interface Mount {
  url: string;
  send(era: Era, headers: Record<string, string | string[]>, method?: string): Promise<Answer>;
  close(): Promise<void>;
}

export const MOUNTS = ['serveHttp', 'toNodeHandler', 'toFetchHandler'] as const;

/**
 * A protected server through one mount; `send` POSTs (or GETs, DELETEs) with the given headers. `at`:
 * the URL a fetch handler answers as (two of them can be one resource behind a balancer).
 */
export async function mount(
  kind: (typeof MOUNTS)[number],
  auth: Omit<AuthOptions, 'issuer' | 'resource'> = {},
  at?: string,
): Promise<Mount> {
  const port = await freePort();
  const url = at ?? `http://127.0.0.1:${port}/mcp`;
  const options = { issuer, resource: url, jwksUri: `${issuer}/jwks`, ...auth };
  const server = new McpServer({ name: 's', version: '1', tools: [tool] });
  let close: () => Promise<void>;
  let fetchIt: (request: Request) => Promise<Response> = fetch;
  if (kind === 'serveHttp') {
    const handle: HttpServerHandle = await serveHttp(server, { port, host: '127.0.0.1', auth: options });
    close = () => handle.close();
  } else if (kind === 'toNodeHandler') {
    const http = createServer(toNodeHandler(server, { path: '/mcp', auth: options }));
    await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
    close = () => (http.closeAllConnections(), new Promise<void>((resolve) => http.close(() => resolve())));
  } else {
    const handler = toFetchHandler(server, { path: '/mcp', auth: options });
    fetchIt = (request) => handler(request);
    close = async () => {};
  }
  return {
    url,
    close: () => close(),
    async send(era, headers, method = 'POST') {
      const list = new Headers({ 'content-type': 'application/json', accept: 'application/json, text/event-stream' });
      if (era === '2026') list.set('mcp-protocol-version', '2026-07-28');
      if (era === '2026') list.set('mcp-method', 'tools/call');
      if (era === '2026') list.set('mcp-name', 'echo');
      for (const [name, value] of Object.entries(headers))
        for (const each of Array.isArray(value) ? value : [value]) list.append(name, each);
      const init = { method, headers: list, ...(method === 'POST' ? { body: JSON.stringify(bodyOf(era)) } : {}) };
      const response = await fetchIt(new Request(url, init));
      return {
        status: response.status,
        challenge: response.headers.get('www-authenticate'),
        nonce: response.headers.get('dpop-nonce'),
        body: await response.text(),
      };
    },
  };
}

/** The algorithms a DPoP proof may be signed with by default, as the metadata lists them. */
export const DPOP_ALGS = ['ES256', 'ES384', 'ES512', 'EdDSA', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'];
/** The same, as a challenge's `algs`. */
export const ALGS = DPOP_ALGS.join(' ');

/** The 401 of a refused DPoP request: its challenge names the error, the words, and the algorithms. */
export function refused(url: string, error: string, description: string) {
  const metadata = `${new URL(url).origin}/.well-known/oauth-protected-resource/mcp`;
  return {
    status: 401,
    challenge: `DPoP resource_metadata="${metadata}", error="${error}", error_description="${description}", algs="${ALGS}"`,
    body: JSON.stringify({ error, error_description: description }),
  };
}

/** What a refusal is compared by: status, challenge, body. */
export const strip = ({ status, challenge, body }: Answer) => ({ status, challenge, body });
