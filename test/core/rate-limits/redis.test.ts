// The Redis store against a real redis-server: two servers (two connections) share one bucket, a
// take over two buckets takes from both or neither, a bucket expires when it would be full again,
// and in an outage a take lets the request through (rate limits fail open), the outage told once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool } from '../../../src/index.js';
import { redisRateLimits, type RedisRateLimitStore } from '../../../src/redis.js';
import { describeWith } from '../../helpers/binaries.js';
import { startRedis, type RedisServer } from '../../helpers/redis.js';

let redis: RedisServer;
const stores: RedisRateLimitStore[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await redis?.stop();
});

async function store(prefix: string, more: { onError?: (error: unknown) => void; commandTimeoutMs?: number } = {}) {
  const made = await redisRateLimits({ url: redis.url, prefix, ...more });
  stores.push(made);
  return made;
}
const add = defineTool({
  name: 'add',
  description: 'Adds.',
  input: z.object({ a: z.number(), b: z.number() }),
  handler: ({ a, b }) => String(a + b),
  rateLimit: { perHour: 3 },
});
const call = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'add', arguments: { a: 1, b: 1 } },
});
const textOf = (response: unknown) => (response as { result: { content: { text: string }[] } }).result.content[0]!.text;

describeWith('redis-server')('redisRateLimits', () => {
  it('two servers with stores of their own share one bucket per tool and caller', async () => {
    const [one, two] = [
      new McpServer({ name: 'a', version: '1', tools: [add], rateLimitStore: await store('shared:') }),
      new McpServer({ name: 'b', version: '1', tools: [add], rateLimitStore: await store('shared:') }),
    ];
    const texts: string[] = [];
    for (let i = 0; i < 8; i++)
      texts.push(textOf(await (i % 2 === 0 ? one : two).handle(call(i), { principal: 'alice' })));
    expect(texts.filter((text) => text === '2')).toHaveLength(3);
    expect(texts.slice(0, 3)).toStrictEqual(['2', '2', '2']);
    expect(texts[3]).toMatch(/^rate limit reached for tool add: 3 calls an hour; try again in 20 min$/);
    // Another caller has a bucket of its own.
    expect(textOf(await two.handle(call(9), { principal: 'bob' }))).toBe('2');
  });

  it('a take over two buckets takes from both or from neither; a bucket expires when it would be full', async () => {
    const limits = await store('both:');
    const server = { key: 'server|-', burst: 2, tokens: 2, intervalMs: 60_000 };
    const tool = { key: 'tool|add|-', burst: 1, tokens: 1, intervalMs: 60_000 };
    expect(await limits.take([server, tool])).toBeUndefined();
    const refused = await limits.take([server, tool]);
    expect(refused).toMatchObject({ index: 1 });
    expect(refused!.retryAfterMs).toBeGreaterThan(59_000);
    // The server's bucket gave only the one token: one is left.
    expect(await limits.take([server])).toBeUndefined();
    expect(await limits.take([server])).toMatchObject({ index: 0 });
    const { createClient } = await import('@redis/client');
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      const ttl = Number(await client.sendCommand(['PTTL', 'both:rate:server|-']));
      expect(ttl).toBeGreaterThan(59_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await client.close();
    }
  });

  it('an outage lets requests through (fail open), told once', async () => {
    const told: unknown[] = [];
    const limits = await store('outage:', { onError: (error) => told.push(error), commandTimeoutMs: 200 });
    const bucket = { key: 'k', burst: 1, tokens: 1, intervalMs: 3_600_000 };
    expect(await limits.take([bucket])).toBeUndefined();
    expect(await limits.take([bucket])).toMatchObject({ index: 0 });
    redis.process.kill('SIGSTOP');
    try {
      expect(await limits.take([bucket])).toBeUndefined();
      expect(await limits.take([bucket])).toBeUndefined();
    } finally {
      redis.process.kill('SIGCONT');
    }
    expect(told.map((error) => (error as Error).message)).toStrictEqual([
      'Redis did not answer within 200 ms; requests that need Redis fail until it answers again',
    ]);
  });
});
