// A RateLimitStore in Redis, shared by every instance: one Lua script per take does the token-bucket
// arithmetic atomically on the Redis server's clock (TIME), over every bucket of the take, and
// sets each bucket to expire when it would be full again (a missing bucket is a full one).
import type { BucketTake, RateLimitStore, TakeRefusal } from '../core/rate-limits/store.js';
import { StoreUnavailableError } from '../core/tasks/store.js';
import { connectStore, luaScript, type RedisConnectOptions } from './client.js';

/**
 * KEYS: the buckets (hashes: l = tokens left, t = when, in ms). ARGV: burst, tokens, intervalMs per
 * bucket. Returns {0, 0} when a token was taken from each, else {index (1-based), ms to wait}.
 * (The wait less a nanosecond, as in memory: floating point must not add a millisecond.)
 */
const TAKE = luaScript(`local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local levels = {}
for i, key in ipairs(KEYS) do
  local burst, tokens, interval = tonumber(ARGV[i * 3 - 2]), tonumber(ARGV[i * 3 - 1]), tonumber(ARGV[i * 3])
  local kept = redis.call('HMGET', key, 'l', 't')
  local level = burst
  if kept[1] then level = math.min(burst, tonumber(kept[1]) + math.max(0, now - tonumber(kept[2])) * tokens / \
interval) end
  if level < 1 then return {i, math.max(1, math.ceil((1 - level) * interval / tokens - 1e-6))} end
  levels[i] = level
end
for i, key in ipairs(KEYS) do
  local burst, tokens, interval = tonumber(ARGV[i * 3 - 2]), tonumber(ARGV[i * 3 - 1]), tonumber(ARGV[i * 3])
  local level = levels[i] - 1
  redis.call('HSET', key, 'l', string.format('%.17g', level), 't', now)
  redis.call('PEXPIRE', key, math.max(1, math.ceil((burst - level) * interval / tokens)))
end
return {0, 0}`);

export interface RedisRateLimitStore extends RateLimitStore {
  /** Closes the connection this store opened (a client of your own is left open). */
  close(): Promise<void>;
}

/**
 * Rate-limit buckets in Redis under `<prefix>rate:`. In an outage (a command past its deadline, the
 * connection lost) a take lets the request through: rate limits fail open, and the outage is told
 * once, as for the other stores.
 */
export async function redisRateLimits(options: RedisConnectOptions): Promise<RedisRateLimitStore> {
  const { redis, report } = await connectStore(options, 'redisRateLimits', 'redis rate limits');
  const keyOf = (bucket: BucketTake) => `${redis.prefix}rate:${bucket.key}`;
  return {
    async take(buckets): Promise<TakeRefusal | undefined> {
      try {
        const args = buckets.flatMap((bucket) => [bucket.burst, bucket.tokens, bucket.intervalMs]);
        const [index, retryAfterMs] = (await redis.script<[number, number]>(TAKE, buckets.map(keyOf), args)).map(
          Number,
        ) as [number, number];
        return index === 0 ? undefined : { index: index - 1, retryAfterMs };
      } catch (error) {
        if (!(error instanceof StoreUnavailableError)) report(error); // an outage was told once already
        return undefined;
      }
    },
    close: () => redis.close(),
  };
}
