// DPoP (RFC 9449) at the resource server: every check of §4.3 with a proof wrong in that one way, a
// DPoP-bound token sent as Bearer, replay, in both eras, through serveHttp, toNodeHandler and
// toFetchHandler. Tokens and proofs are made with jose; the issuer's keys come from a loopback JWKS.
import { request as httpRequest } from 'node:http';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALGS,
  MOUNTS,
  bodyOf,
  client,
  mount,
  now,
  proof,
  refused,
  strip,
  token,
  useIssuer,
  type Answer,
  type Era,
  type Mount,
  type ProofOptions,
} from './dpop-helpers.js';

useIssuer();

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
