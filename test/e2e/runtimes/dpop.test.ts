// DPoP on Bun, Deno and workerd: a fetch handler that requires DPoP-bound tokens (jose given to it,
// as a Worker needs) serves a token bound to the client's key with a proof made for the request,
// and refuses the same proof again, on each runtime as on Node.
import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHttpProgram, type ServeProcess } from '../../helpers/serve-process.js';
import { describeOn, root, runtimeBinary, type Runtime } from '../../helpers/runtimes.js';
import { startWorkerd } from './workerd.js';

const here = (file: string) => join(root, 'test', 'e2e', 'runtimes', 'dpop', file);
const RESOURCE = 'https://mcp.example/mcp';

const START: readonly [Runtime, (binary: string, issuerJwk: string) => Promise<ServeProcess>][] = [
  ['bun', (binary, jwk) => startHttpProgram(binary, [here('bun.ts')], { ISSUER_JWK: jwk }, 20_000, root)],
  [
    'deno',
    (binary, jwk) =>
      startHttpProgram(
        binary,
        ['run', '--allow-net', '--allow-env', '--allow-read', here('deno.ts')],
        { DENO_NO_UPDATE_CHECK: '1', ISSUER_JWK: jwk },
        30_000,
        root,
      ),
  ],
  ['workerd', (binary, jwk) => startWorkerd(binary, { entry: here('worker.ts'), vars: { ISSUER_JWK: jwk } })],
];

for (const [runtime, start] of START) {
  describeOn(runtime)(`DPoP on ${runtime}`, () => {
    let served: ServeProcess;
    let sign: (claims: Record<string, unknown>) => Promise<string>;
    beforeAll(async () => {
      const issuer = await generateKeyPair('ES256');
      const jwk = JSON.stringify({ ...(await exportJWK(issuer.publicKey)), alg: 'ES256' });
      sign = (claims) =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'ES256' })
          .setIssuer('https://issuer.example')
          .setAudience(RESOURCE)
          .setExpirationTime('1h')
          .sign(issuer.privateKey);
      served = await start(runtimeBinary(runtime)!, jwk);
    }, 60_000);
    afterAll(async () => {
      await served?.stop();
    });

    it('serves a bound token with its proof, and refuses the proof again', async () => {
      const own = await generateKeyPair('ES256');
      const jwk = await exportJWK(own.publicKey);
      const token = await sign({ sub: 'agent', cnf: { jkt: await calculateJwkThumbprint(jwk) } });
      const proof = await new SignJWT({
        jti: crypto.randomUUID(),
        htm: 'POST',
        htu: RESOURCE,
        iat: Math.floor(Date.now() / 1000),
        ath: createHash('sha256').update(token).digest('base64url'),
      })
        .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk })
        .sign(own.privateKey);
      const call = () =>
        fetch(served.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': 'tools/call',
            'mcp-name': 'echo',
            authorization: `DPoP ${token}`,
            dpop: proof,
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: {
              name: 'echo',
              arguments: {},
              _meta: {
                'io.modelcontextprotocol/protocolVersion': '2026-07-28',
                'io.modelcontextprotocol/clientCapabilities': {},
              },
            },
          }),
        });
      const first = await call();
      expect([first.status, ((await first.json()) as { result: { content: unknown } }).result.content]).toStrictEqual([
        200,
        [{ type: 'text', text: 'ok' }],
      ]);
      const again = await call();
      expect([again.status, await again.json()]).toStrictEqual([
        401,
        { error: 'invalid_dpop_proof', error_description: 'the DPoP proof was used before' },
      ]);
    });
  });
}
