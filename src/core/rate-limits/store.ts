// Where rate-limit buckets live: in this process by default, or shared by every instance
// (zod-mcp/redis's redisRateLimits). One take is atomic over all the buckets it names: a request
// counted against the server's limit and its tool's takes from both or from neither.

/** One bucket of a take: its key, and the limit it counts (a checked `Bucket`'s numbers). */
export interface BucketTake {
  readonly key: string;
  readonly burst: number;
  readonly tokens: number;
  readonly intervalMs: number;
}

/** A take refused: which bucket (its index in the take) was empty, and how long until it has a token. */
export interface TakeRefusal {
  readonly index: number;
  readonly retryAfterMs: number;
}

/**
 * Takes one token from every bucket of `buckets`, or from none: undefined when they were taken,
 * else the refusal. A store that cannot answer (an outage) resolves undefined: rate limits fail open.
 */
export interface RateLimitStore {
  take(buckets: readonly BucketTake[]): TakeRefusal | undefined | Promise<TakeRefusal | undefined>;
}

export interface MemoryRateLimitOptions {
  /** The clock, in milliseconds; `Date.now` by default (tests give their own). */
  now?: () => number;
  /** Buckets kept before the full ones are dropped (a missing bucket is a full one); default 100 000. */
  maxBuckets?: number;
}

interface Level {
  level: number;
  at: number;
  full: number;
}

/** The tokens in a bucket at `now`: what it had, plus what refilled since, up to its size. */
export function levelAt(kept: { level: number; at: number } | undefined, bucket: BucketTake, now: number): number {
  if (kept === undefined) return bucket.burst;
  return Math.min(bucket.burst, kept.level + (Math.max(0, now - kept.at) * bucket.tokens) / bucket.intervalMs);
}

/** How long until a bucket holding `level` has a whole token. */
export function waitFor(level: number, bucket: BucketTake): number {
  // (less a nanosecond: 0.998 tokens refilled must wait 1 ms, not the 2 that floating point makes of it)
  return Math.max(1, Math.ceil(((1 - level) * bucket.intervalMs) / bucket.tokens - 1e-6));
}

/** The default store: this process's buckets, answered synchronously. */
export function memoryRateLimits(options: MemoryRateLimitOptions = {}): RateLimitStore {
  const now = options.now ?? Date.now;
  const maxBuckets = options.maxBuckets ?? 100_000;
  const buckets = new Map<string, Level>();
  const sweep = (at: number) => {
    for (const [key, kept] of buckets) if (kept.full <= at) buckets.delete(key);
  };
  return {
    take(takes) {
      const at = now();
      const levels = takes.map((bucket) => levelAt(buckets.get(bucket.key), bucket, at));
      const empty = levels.findIndex((level) => level < 1);
      if (empty !== -1) return { index: empty, retryAfterMs: waitFor(levels[empty]!, takes[empty]!) };
      if (buckets.size >= maxBuckets) sweep(at);
      takes.forEach((bucket, index) => {
        const level = levels[index]! - 1;
        buckets.set(bucket.key, { level, at, full: at + ((bucket.burst - level) * bucket.intervalMs) / bucket.tokens });
      });
      return undefined;
    },
  };
}
