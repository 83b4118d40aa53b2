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
  /**
   * Buckets kept at most (default 100 000): past it, the bucket used least recently is forgotten,
   * and its caller comes back to a full one. Each take costs the same however many are kept.
   */
  maxBuckets?: number;
}

interface Level {
  level: number;
  at: number;
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

/**
 * The default store: this process's buckets, answered synchronously. They are kept in the order they
 * were last used (a take, refused or not, moves its buckets last); a new bucket past `maxBuckets`
 * forgets the first, as nginx's limit_req does when its zone is full. So the callers who keep calling
 * keep their state, whoever else arrives; the one forgotten is the one quiet the longest (whose bucket
 * refilled most), and it is forgiven what it still owed, never refused for a stranger's traffic.
 */
export function memoryRateLimits(options: MemoryRateLimitOptions = {}): RateLimitStore {
  const now = options.now ?? Date.now;
  const maxBuckets = options.maxBuckets ?? 100_000;
  if (!Number.isInteger(maxBuckets) || maxBuckets < 1)
    throw new TypeError('memoryRateLimits: maxBuckets must be a positive integer');
  const buckets = new Map<string, Level>();
  // One iterator kept from take to take: it stands before the bucket used least recently (everything
  // before it was forgotten or moved last), so finding that bucket never walks the map's freed slots.
  let order = buckets.keys();
  const forgetOldest = () => {
    let oldest = order.next();
    if (oldest.done === true) {
      order = buckets.keys();
      oldest = order.next();
    }
    if (oldest.done !== true) buckets.delete(oldest.value);
  };
  /** The keys of the last take whose buckets all are kept: the map's last entries. */
  let newest: readonly string[] = [];
  const isNewest = (takes: readonly BucketTake[], kept: readonly (Level | undefined)[]) => {
    if (takes.length !== newest.length) return false;
    for (let index = 0; index < takes.length; index++)
      if (takes[index]!.key !== newest[index] || kept[index] === undefined) return false;
    return true;
  };
  /** Moves the take's buckets it has last: then they are the newest (all of them, once the missing ones are added). */
  const touch = (takes: readonly BucketTake[], kept: readonly (Level | undefined)[]) => {
    takes.forEach((bucket, index) => {
      const level = kept[index];
      if (level === undefined) return;
      buckets.delete(bucket.key);
      buckets.set(bucket.key, level);
    });
    newest = takes.map((bucket) => bucket.key);
  };
  return {
    take(takes) {
      const at = now();
      const kept = takes.map((bucket) => buckets.get(bucket.key));
      const levels = takes.map((bucket, index) => levelAt(kept[index], bucket, at));
      const empty = levels.findIndex((level) => level < 1);
      // A caller calling again finds its buckets last already: nothing moves.
      const moved = !isNewest(takes, kept);
      if (moved) touch(takes, kept);
      if (empty !== -1) {
        if (moved && kept.includes(undefined)) newest = []; // the missing ones stay missing
        return { index: empty, retryAfterMs: waitFor(levels[empty]!, takes[empty]!) };
      }
      takes.forEach((bucket, index) => {
        const level = levels[index]! - 1;
        const known = kept[index];
        if (known === undefined) return void buckets.set(bucket.key, { level, at });
        known.level = level;
        known.at = at;
      });
      while (buckets.size > maxBuckets) forgetOldest();
      return undefined;
    },
  };
}
