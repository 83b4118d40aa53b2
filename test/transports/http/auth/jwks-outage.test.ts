// The resource server through outages of its authorization server's JWKS and metadata, over real
// sockets on loopback with a hand-made authorization server whose every hit is counted: a failure
// is remembered with back-off (forged tokens cannot make it fetch again), keys once fetched keep
// checking valid tokens up to jwksMaxStaleMs, no usable keys is 503 with Retry-After, and each
// outage is said once on stderr, and its end.
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, type AuthOptions } from '../../../../src/index.js';
import { serveHttp, type HttpServerHandle } from '../../../../src/node.js';
import { V2026, envelope } from '../../../helpers/eras.js';
import { freePort } from '../../../helpers/redis.js';
import { post } from '../helpers.js';

type Answer = { status: number; body: string };
const keySet = (...keys: JWK[]): Answer => ({ status: 200, body: JSON.stringify({ keys }) });
const FAILED: Answer = { status: 500, body: '{"error":"server_error"}' };
const UNAVAILABLE =
  '{"error":"temporarily_unavailable","error_description":"the token could not be checked now; try again"}';
const BACK_OFF = 'trying again in 1 s, backing off to 60 s';

/** A fake authorization server: `serve` sets what every path answers; `hits` counts the requests. */
async function startIssuer() {
  const hits: string[] = [];
  let answer: (path: string) => Answer = () => ({ status: 404, body: '{}' });
  const http = createServer((req, res) => {
    hits.push(req.url ?? '');
    const { status, body } = answer(req.url ?? '');
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${port}`;
  stops.push(() => (http.closeAllConnections(), new Promise<void>((resolve) => http.close(() => resolve()))));
  return { issuer, jwksUri: `${issuer}/jwks`, hits, serve: (next: (path: string) => Answer) => void (answer = next) };
}

async function signingKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const sign = (iss: string, aud: string) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuer(iss)
      .setAudience(aud)
      .setSubject('alice')
      .setExpirationTime('5m')
      .sign(privateKey);
  return { jwk, sign };
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token naming a trusted issuer, this resource and a key id of its own, with a signature that is garbage. */
const forged = (iss: string, aud: string, kid: string) =>
  `${b64({ alg: 'ES256', kid })}.${b64({ iss, aud, sub: 'mallory', exp: 9e9 })}.c2ln`;

const stops: (() => Promise<void>)[] = [];
let said: string[];
let k1: Awaited<ReturnType<typeof signingKey>>;
let k2: Awaited<ReturnType<typeof signingKey>>;
beforeAll(async () => {
  [k1, k2] = await Promise.all([signingKey('k1'), signingKey('k2')]);
});
beforeEach(() => {
  said = [];
  const write = process.stderr.write.bind(process.stderr);
  vi.spyOn(process.stderr, 'write').mockImplementation((text: string | Uint8Array, ...rest: unknown[]) => {
    if (String(text).startsWith('zod-mcp: auth: ')) return said.push(String(text)) > 0;
    return (write as (...args: unknown[]) => boolean)(text, ...rest);
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  for (const stop of stops.splice(0)) await stop();
});

async function protectedServer(auth: Omit<AuthOptions, 'resource'>) {
  const port = await freePort();
  const resource = `http://127.0.0.1:${port}/mcp`;
  const server = new McpServer({
    name: 's',
    version: '1',
    tools: [defineTool({ name: 'echo', description: 'e', input: z.object({}), handler: () => 'ok' })],
  });
  const handle: HttpServerHandle = await serveHttp(server, { port, host: '127.0.0.1', auth: { ...auth, resource } });
  stops.push(() => handle.close());
  /** Status, Retry-After, WWW-Authenticate and body of one tools/call with this token. */
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
    return {
      status: res.status,
      retryAfter: res.headers['retry-after'],
      challenge: res.headers['www-authenticate'],
      body: res.body,
    };
  };
  const status = async (token: string) => {
    const res = await call(token);
    return [res.status, res.retryAfter];
  };
  return { resource, call, status };
}

/** Asks until `done` holds of the answer (every 25 ms, for at most 4 s): no fixed waits. */
async function pollUntil<T>(ask: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
  const until = Date.now() + 4000;
  for (;;) {
    const answer = await ask();
    if (done(answer) || Date.now() > until) return answer;
    await sleep(25);
  }
}

describe('a JWKS that fails before keys were ever fetched', () => {
  it('15 forged tokens at once, then 15 one by one, cost one fetch: the failure is remembered (back-off)', async () => {
    const as = await startIssuer();
    as.serve(() => FAILED);
    const { resource, status } = await protectedServer({ issuer: as.issuer, jwksUri: as.jwksUri });
    const tokens = Array.from({ length: 15 }, (_, i) => forged(as.issuer, resource, `forged-${i}`));
    expect(await Promise.all(tokens.map(status))).toStrictEqual(tokens.map(() => [503, '1']));
    for (const token of tokens) expect(await status(token)).toStrictEqual([503, '1']);
    expect(as.hits).toStrictEqual(['/jwks']);
    expect(said).toStrictEqual([
      `zod-mcp: auth: the JWKS at ${as.jwksUri} cannot be fetched: it answered 500; ${BACK_OFF}\n`,
    ]);
  });

  it.each([
    ['answering 500', FAILED, 'it answered 500'],
    ['answering bad JSON', { status: 200, body: '{"keys":[' }, 'its answer is not JSON'],
    [
      'answering JSON that is no key set',
      { status: 200, body: '{"keys":"none"}' },
      'its answer is not a JSON Web Key Set',
    ],
    ['on a closed port', undefined, 'fetch failed (ECONNREFUSED)'],
  ])(
    '%s: a valid token is 503 with Retry-After, no challenge, and the outage is said once',
    async (_name, answer, cause) => {
      const as = await startIssuer();
      if (answer !== undefined) as.serve(() => answer);
      const jwksUri = answer === undefined ? `http://127.0.0.1:${await freePort()}/jwks` : as.jwksUri;
      const { resource, call } = await protectedServer({ issuer: as.issuer, jwksUri });
      const token = await k1.sign(as.issuer, resource);
      for (let i = 0; i < 3; i++)
        expect(await call(token)).toStrictEqual({
          status: 503,
          retryAfter: '1',
          challenge: undefined,
          body: UNAVAILABLE,
        });
      expect(as.hits).toStrictEqual(answer === undefined ? [] : ['/jwks']);
      expect(said).toStrictEqual([`zod-mcp: auth: the JWKS at ${jwksUri} cannot be fetched: ${cause}; ${BACK_OFF}\n`]);
    },
  );
});

describe('a JWKS that fails after keys were fetched', () => {
  it('past jwksCacheMs, the cached keys still check valid tokens, without a fetch while backing off; a real bad token stays 401', async () => {
    const as = await startIssuer();
    as.serve(() => keySet(k1.jwk));
    const { resource, call, status } = await protectedServer({
      issuer: as.issuer,
      jwksUri: as.jwksUri,
      jwksCacheMs: 50,
    });
    const token = await k1.sign(as.issuer, resource);
    expect(await status(token)).toStrictEqual([200, undefined]);
    as.serve(() => FAILED);
    await sleep(60); // past jwksCacheMs
    for (let i = 0; i < 5; i++) expect(await status(token)).toStrictEqual([200, undefined]);
    expect(as.hits).toStrictEqual(['/jwks', '/jwks']); // the one past jwksCacheMs failed; the back-off holds the rest
    // A known key with a signature that does not verify is the token's fault, outage or not.
    const bad = await call(forged(as.issuer, resource, 'k1'));
    expect([bad.status, bad.retryAfter, JSON.parse(bad.body).error_description]).toStrictEqual([
      401,
      undefined,
      'the token signature does not verify',
    ]);
    // An unknown key id cannot be looked up again while backing off: that is ours to say, not the token's.
    expect(await status(forged(as.issuer, resource, 'k9'))).toStrictEqual([503, '1']);
    expect(as.hits).toStrictEqual(['/jwks', '/jwks']);
    expect(said).toStrictEqual([
      `zod-mcp: auth: the JWKS at ${as.jwksUri} cannot be fetched: it answered 500; ${BACK_OFF}\n`,
    ]);
  });

  it('past jwksMaxStaleMs, the cached keys are too old: 503 with Retry-After', async () => {
    const as = await startIssuer();
    as.serve(() => keySet(k1.jwk));
    const { resource, status } = await protectedServer({
      issuer: as.issuer,
      jwksUri: as.jwksUri,
      jwksCacheMs: 50,
      jwksMaxStaleMs: 300,
    });
    const token = await k1.sign(as.issuer, resource);
    const fetched = Date.now();
    expect(await status(token)).toStrictEqual([200, undefined]);
    as.serve(() => FAILED);
    await sleep(60);
    expect(await status(token)).toStrictEqual([200, undefined]);
    const refused = await pollUntil(
      () => status(token),
      ([code]) => code !== 200,
    );
    expect(refused).toStrictEqual([503, '1']);
    expect(Date.now() - fetched).toBeGreaterThanOrEqual(300);
    expect(as.hits).toStrictEqual(['/jwks', '/jwks']);
  });

  it('a key id it does not know, with the keys just fetched, is 401 without a fetch (jwksCooldownMs)', async () => {
    const as = await startIssuer();
    as.serve(() => keySet(k1.jwk));
    const { resource, call, status } = await protectedServer({ issuer: as.issuer, jwksUri: as.jwksUri });
    expect(await status(await k1.sign(as.issuer, resource))).toStrictEqual([200, undefined]);
    for (let i = 0; i < 5; i++) {
      const res = await call(forged(as.issuer, resource, `forged-${i}`));
      expect([res.status, JSON.parse(res.body).error_description]).toStrictEqual([
        401,
        'the token signature does not verify',
      ]);
    }
    expect(as.hits).toStrictEqual(['/jwks']);
  });
});

describe('the end of an outage', () => {
  it('after each back-off (1 s, then 2 s) the JWKS is fetched again; once it answers, valid tokens pass, the end is said once, and a rotated key is found', async () => {
    const as = await startIssuer();
    as.serve(() => FAILED);
    const { resource, status } = await protectedServer({ issuer: as.issuer, jwksUri: as.jwksUri, jwksCooldownMs: 0 });
    const token = await k1.sign(as.issuer, resource);
    expect(await status(token)).toStrictEqual([503, '1']);
    // Asking all along fetches nothing until the back-off is over; then the second failure doubles it.
    expect(
      await pollUntil(
        () => status(token),
        () => as.hits.length > 1,
      ),
    ).toStrictEqual([503, '2']);
    expect(as.hits).toStrictEqual(['/jwks', '/jwks']);
    as.serve(() => keySet(k1.jwk));
    expect(
      await pollUntil(
        () => status(token),
        ([code]) => code === 200,
      ),
    ).toStrictEqual([200, undefined]);
    expect(as.hits).toStrictEqual(['/jwks', '/jwks', '/jwks']);
    expect(said).toStrictEqual([
      `zod-mcp: auth: the JWKS at ${as.jwksUri} cannot be fetched: it answered 500; ${BACK_OFF}\n`,
      `zod-mcp: auth: the JWKS at ${as.jwksUri} can be fetched again\n`,
    ]);
    // A rotation: the new key id is not cached, so the keys are fetched again (jwksCooldownMs 0).
    as.serve(() => keySet(k2.jwk));
    expect(await status(await k2.sign(as.issuer, resource))).toStrictEqual([200, undefined]);
    expect(as.hits.length).toBe(4);
  });
});

describe('metadata discovery that fails', () => {
  it('is 503 with Retry-After, backs off, is said once, and its end too', async () => {
    const as = await startIssuer();
    as.serve(() => FAILED);
    const { resource, status } = await protectedServer({ issuer: as.issuer });
    const token = await k1.sign(as.issuer, resource);
    for (let i = 0; i < 15; i++)
      expect(await status(i % 2 === 0 ? token : forged(as.issuer, resource, `forged-${i}`))).toStrictEqual([503, '1']);
    const discovery = ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'];
    expect(as.hits).toStrictEqual(discovery); // both candidates, once
    expect(said).toStrictEqual([
      `zod-mcp: auth: the metadata of ${as.issuer} cannot be fetched: no authorization server metadata for ${as.issuer} (tried ${discovery.map((path) => as.issuer + path).join(', ')}); ${BACK_OFF}\n`,
    ]);
    as.serve((path) =>
      path === discovery[0]
        ? { status: 200, body: JSON.stringify({ issuer: as.issuer, jwks_uri: as.jwksUri }) }
        : path === '/jwks'
          ? keySet(k1.jwk)
          : FAILED,
    );
    expect(
      await pollUntil(
        () => status(token),
        ([code]) => code === 200,
      ),
    ).toStrictEqual([200, undefined]);
    expect(as.hits).toStrictEqual([...discovery, discovery[0], '/jwks']);
    expect(said.slice(1)).toStrictEqual([`zod-mcp: auth: the metadata of ${as.issuer} can be fetched again\n`]);
  });
});
