// DPoP (RFC 9449) at the resource server: every check of §4.3 with a proof wrong in that one way, a
// DPoP-bound token sent as Bearer, replay, the nonce, in both eras, through serveHttp, toNodeHandler
// and toFetchHandler. Tokens and proofs are made with jose; the issuer's keys come from a loopback JWKS.
import { createServer, request as httpRequest, type Server } from 'node:http';
import {
  SignJWT,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, toFetchHandler, type AuthOptions } from '../../../../src/index.js';
import { serveHttp, toNodeHandler, type HttpServerHandle } from '../../../../src/node.js';
import { envelope } from '../../../helpers/eras.js';
import { freePort } from '../../../helpers/redis.js';

const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const sha256 = async (text: string) =>
  Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('base64url');

let issuer: string;
let issuerKey: CryptoKey;
let jwksServer: Server;
const client = { privateKey: undefined as unknown as CryptoKey, jwk: {} as JWK, privateJwk: {} as JWK, jkt: '' };

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

/** An access token from the trusted issuer for `aud`, bound to `jkt` unless it is null. */
function token(aud: string, jkt: string | null = client.jkt, extra: JWTPayload = {}): Promise<string> {
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

interface ProofOptions {
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
async function proof(options: ProofOptions): Promise<string> {
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
type Era = '2025' | '2026';
const bodyOf = (era: Era) =>
  era === '2026'
    ? { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: {}, _meta: envelope() } }
    : {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      };

interface Answer {
  status: number;
  challenge: string | null;
  nonce: string | null;
  body: string;
}

interface Mount {
  url: string;
  send(era: Era, headers: Record<string, string | string[]>, method?: string): Promise<Answer>;
  close(): Promise<void>;
}

const MOUNTS = ['serveHttp', 'toNodeHandler', 'toFetchHandler'] as const;

/** A protected server through one mount; `send` POSTs (or GETs, DELETEs) with the given headers. */
async function mount(
  kind: (typeof MOUNTS)[number],
  auth: Omit<AuthOptions, 'issuer' | 'resource'> = {},
): Promise<Mount> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/mcp`;
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

const ALGS = 'ES256 ES384 ES512 EdDSA RS256 RS384 RS512 PS256 PS384 PS512';

/** The 401 of a refused DPoP request: its challenge names the error, the words, and the algorithms. */
function refused(url: string, error: string, description: string) {
  const metadata = `${new URL(url).origin}/.well-known/oauth-protected-resource/mcp`;
  return {
    status: 401,
    challenge: `DPoP resource_metadata="${metadata}", error="${error}", error_description="${description}", algs="${ALGS}"`,
    body: JSON.stringify({ error, error_description: description }),
  };
}

describe.each(MOUNTS)('DPoP through %s', (kind) => {
  let server: Mount;
  beforeAll(async () => {
    server = await mount(kind);
  });
  afterAll(() => server.close());

  const dpop = async (era: Era, proofOptions: Partial<ProofOptions> = {}, accessToken?: string) => {
    const bound = accessToken ?? (await token(server.url));
    const made = await proof({ htu: server.url, accessToken: bound, ...proofOptions });
    return server.send(era, { authorization: `DPoP ${bound}`, dpop: made });
  };
  const strip = ({ status, challenge, body }: Answer) => ({ status, challenge, body });

  it.each(['2025', '2026'] as const)('era %s: a DPoP-bound token with its proof is served', async (era) => {
    const answer = await dpop(era);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(era === '2026' ? '"text":"ok"' : '"protocolVersion":"2025-11-25"');
  });

  const cases: [string, Partial<ProofOptions>, string][] = [
    ['a tampered signature', { tamper: true }, "the DPoP proof's signature does not verify with its jwk"],
    ['no jti', { omit: ['jti'] }, 'the DPoP proof has no jti of 1 to 256 characters'],
    ['a jti of 257 characters', { jti: 'j'.repeat(257) }, 'the DPoP proof has no jti of 1 to 256 characters'],
    ['no htm', { omit: ['htm'] }, 'the DPoP proof has no htm'],
    ['no htu', { omit: ['htu'] }, 'the DPoP proof has no htu'],
    ['no iat', { omit: ['iat'] }, 'the DPoP proof has no iat'],
    ['no jwk', { omit: ['jwk'] }, 'the DPoP proof has no jwk'],
    ['typ jwt', { typ: 'jwt' }, 'the DPoP proof is not of type dpop+jwt'],
    ['another htu', { htu: 'https://wrong.example.com/mcp' }, 'the DPoP proof is not for URL'],
    ['another htm', { htm: 'GET' }, 'the DPoP proof is for another method (POST was sent)'],
    ['a private key as its jwk', { jwk: 'private' as never }, "the DPoP proof's jwk is not a public key"],
    ['a wrong ath', { ath: 'not-the-right-hash' }, 'the DPoP proof is for another access token (ath)'],
    ['no ath', { omit: ['ath'] }, 'the DPoP proof has no ath (the hash of the access token)'],
    ['iat 303 s ago', { iat: now() - 303 }, "the DPoP proof's iat is more than 300 s from now"],
    ['iat 303 s ahead', { iat: now() + 303 }, "the DPoP proof's iat is more than 300 s from now"],
    ['alg none', { alg: 'none' }, `the DPoP proof's alg is not one of ${ALGS}`],
    ['alg HS256', { alg: 'HS256' }, `the DPoP proof's alg is not one of ${ALGS}`],
  ];
  it.each(ERAS_TIMES(cases))('era %s: refuses a proof with %s', async (era, _name, options, description) => {
    const given = { ...options, ...(options.jwk === ('private' as never) ? { jwk: client.privateJwk } : {}) };
    const words =
      description === 'the DPoP proof is not for URL' ? `the DPoP proof is not for ${server.url}` : description;
    expect(strip(await dpop(era, given))).toStrictEqual(refused(server.url, 'invalid_dpop_proof', words));
  });

  it.each(['2025', '2026'] as const)('era %s: refuses what is not a proof, two proofs, and none', async (era) => {
    const bound = await token(server.url);
    const valid = () => proof({ htu: server.url, accessToken: bound });
    const cases: [string | string[] | undefined, string][] = [
      ['this-is-not-a-jwt', 'the DPoP proof is not a JWT'],
      [[await valid(), await valid()], 'more than one DPoP header'],
      [undefined, 'a DPoP token needs a DPoP proof'],
    ];
    for (const [header, description] of cases) {
      const answer = await server.send(era, {
        authorization: `DPoP ${bound}`,
        ...(header === undefined ? {} : { dpop: header }),
      });
      expect(strip(answer)).toStrictEqual(refused(server.url, 'invalid_dpop_proof', description));
    }
  });

  it.each(['2025', '2026'] as const)(
    'era %s: refuses the token: another key, another audience, no binding',
    async (era) => {
      const foreign = await token(
        server.url,
        await calculateJwkThumbprint(await exportJWK((await generateKeyPair('ES256')).publicKey)),
      );
      expect(strip(await dpop(era, {}, foreign))).toStrictEqual(
        refused(server.url, 'invalid_dpop_proof', "the DPoP proof's key is not the one the token is bound to"),
      );
      const elsewhere = await token('https://not-this-server.example.com/mcp');
      expect(strip(await dpop(era, {}, elsewhere))).toStrictEqual(
        refused(server.url, 'invalid_token', 'the token was not issued for this resource'),
      );
      const unbound = await token(server.url, null);
      expect(strip(await dpop(era, {}, unbound))).toStrictEqual(
        refused(server.url, 'invalid_token', 'the token is not bound to a key (no cnf.jkt)'),
      );
    },
  );

  it.each(['2025', '2026'] as const)(
    'era %s: a bound token sent as Bearer is refused; an unbound one is served',
    async (era) => {
      const bound = await token(server.url);
      const downgrade = await server.send(era, {
        authorization: `Bearer ${bound}`,
        dpop: await proof({ htu: server.url, accessToken: bound }),
      });
      expect(strip(downgrade)).toStrictEqual(
        refused(
          server.url,
          'invalid_token',
          'the token is bound to a key: send it with the DPoP scheme and a DPoP proof',
        ),
      );
      expect((await server.send(era, { authorization: `Bearer ${await token(server.url, null)}` })).status).toBe(200);
    },
  );

  it.each(['2025', '2026'] as const)('era %s: a proof is used once', async (era) => {
    const bound = await token(server.url);
    const made = await proof({ htu: server.url, accessToken: bound });
    expect((await server.send(era, { authorization: `DPoP ${bound}`, dpop: made })).status).toBe(200);
    expect(strip(await server.send(era, { authorization: `DPoP ${bound}`, dpop: made }))).toStrictEqual(
      refused(server.url, 'invalid_dpop_proof', 'the DPoP proof was used before'),
    );
  });
});

describe.each(['serveHttp', 'toNodeHandler'] as const)('DPoP header lines through %s', (kind) => {
  let server: Mount;
  beforeAll(async () => {
    server = await mount(kind);
  });
  afterAll(() => server.close());
  const strip = ({ status, challenge, body }: Answer) => ({ status, challenge, body });

  it('refuses two DPoP header lines (as node:http receives them)', async () => {
    const bound = await token(server.url);
    const proofs = [
      await proof({ htu: server.url, accessToken: bound }),
      await proof({ htu: server.url, accessToken: bound }),
    ];
    const answer = await new Promise<Answer>((resolve, reject) => {
      const request = httpRequest(server.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `DPoP ${bound}`,
          dpop: proofs,
        },
      });
      request.on('error', reject).on('response', (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            challenge: (response.headers['www-authenticate'] as string | undefined) ?? null,
            nonce: null,
            body,
          }),
        );
      });
      request.end(JSON.stringify(bodyOf('2025')));
    });
    expect(strip(answer)).toStrictEqual(refused(server.url, 'invalid_dpop_proof', 'more than one DPoP header'));
  });
});

/** Each case in each era: [era, ...case]. */
function ERAS_TIMES<T extends unknown[]>(cases: readonly T[]): [Era, ...T][] {
  return (['2025', '2026'] as const).flatMap((era) => cases.map((entry) => [era, ...entry] as [Era, ...T]));
}
