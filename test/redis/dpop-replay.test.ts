// The DPoP replay store in a real redis-server: two instances share it, so a proof one has served
// is refused by the other; a key is kept until it would expire; in an outage it fails closed.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { redisDpopReplay, type RedisDpopReplay } from '../../src/redis.js';
import { describeWith } from '../helpers/binaries.js';
import { startRedis, type RedisServer } from '../helpers/redis.js';
import { mount, proof, refused, strip, token, useIssuer } from '../transports/http/auth/dpop-helpers.js';

useIssuer();

describeWith('redis-server')('redisDpopReplay', () => {
  let redis: RedisServer;
  const stores: RedisDpopReplay[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await redis?.stop();
  });
  const store = async (more: { commandTimeoutMs?: number; onError?: (error: unknown) => void } = {}) => {
    const made = await redisDpopReplay({ url: redis.url, prefix: 'dpop-test:', ...more });
    stores.push(made);
    return made;
  };

  it('spends a key once across connections, and forgets it when it expires', async () => {
    const [a, b] = [await store(), await store()];
    expect(await a.use('jkt:1', Date.now() + 60_000)).toBe(true);
    expect(await b.use('jkt:1', Date.now() + 60_000)).toBe(false);
    expect(await b.use('jkt:2', Date.now() + 50)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await a.use('jkt:2', Date.now() + 60_000)).toBe(true);
  });

  it('two instances behind one store: a proof the first served, the second refuses', async () => {
    const shared = await store();
    const first = await mount('toFetchHandler', { dpopReplay: shared });
    const second = await mount('toFetchHandler', { dpopReplay: shared }, first.url); // one resource, two instances
    const bound = await token(first.url);
    const made = await proof({ htu: first.url, accessToken: bound });
    expect((await first.send('2026', { authorization: `DPoP ${bound}`, dpop: made })).status).toBe(200);
    const again = await second.send('2026', { authorization: `DPoP ${bound}`, dpop: made });
    expect(strip(again)).toStrictEqual(refused(first.url, 'invalid_dpop_proof', 'the DPoP proof was used before'));
    await Promise.all([first.close(), second.close()]);
  });

  it('fails closed in an outage: the request is a 503, told once by the store, never a pass', async () => {
    const own = await startRedis();
    const told: unknown[] = [];
    const shared = await redisDpopReplay({ url: own.url, commandTimeoutMs: 300, onError: (error) => told.push(error) });
    stores.push(shared);
    const server = await mount('toFetchHandler', { dpopReplay: shared });
    await own.stop();
    const bound = await token(server.url);
    const answer = await server.send('2026', {
      authorization: `DPoP ${bound}`,
      dpop: await proof({ htu: server.url, accessToken: bound }),
    });
    expect([answer.status, JSON.parse(answer.body)]).toStrictEqual([
      503,
      { error: 'temporarily_unavailable', error_description: 'the DPoP proof could not be checked now; try again' },
    ]);
    expect(told.length).toBeGreaterThanOrEqual(1);
    await server.close();
  });
});
