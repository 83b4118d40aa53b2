// The in-memory rate-limit store past its bound: a new caller costs what it costs below it (no walk
// over every bucket), memory stays at `maxBuckets`, and the bucket forgotten is the one used least
// recently, so the callers who keep calling keep their state.
import { describe, expect, it } from 'vitest';
import { memoryRateLimits, type BucketTake } from '../../../src/index.js';
import { addressKey } from '../../../src/core/rate-limits/caller.js';

const TEN_AN_HOUR = { burst: 10, tokens: 10, intervalMs: 3_600_000 };
const ONE_AN_HOUR = { burst: 1, tokens: 1, intervalMs: 3_600_000 };
const take = (key: string, limit = TEN_AN_HOUR): BucketTake[] => [{ key, ...limit }];

describe('memoryRateLimits past maxBuckets', () => {
  it('forgets the bucket used least recently; a caller forgotten comes back to a full bucket', () => {
    const clock = { now: 0 };
    const store = memoryRateLimits({ now: () => clock.now, maxBuckets: 3 });
    for (const key of ['a', 'b', 'c']) expect(store.take(take(key, ONE_AN_HOUR))).toBeUndefined();
    expect(store.take(take('a', ONE_AN_HOUR))).toStrictEqual({ index: 0, retryAfterMs: 3_600_000 }); // refused: still a's turn last
    expect(store.take(take('d', ONE_AN_HOUR))).toBeUndefined(); // the fourth: b, used least recently, is forgotten
    expect(store.take(take('c', ONE_AN_HOUR))).toStrictEqual({ index: 0, retryAfterMs: 3_600_000 });
    expect(store.take(take('a', ONE_AN_HOUR))).toStrictEqual({ index: 0, retryAfterMs: 3_600_000 });
    expect(store.take(take('d', ONE_AN_HOUR))).toStrictEqual({ index: 0, retryAfterMs: 3_600_000 });
    expect(store.take(take('b', ONE_AN_HOUR))).toBeUndefined(); // forgotten: a full bucket (and now d is the oldest)
    expect(store.take(take('e', ONE_AN_HOUR))).toBeUndefined(); // forgets c
    expect(store.take(take('c', ONE_AN_HOUR))).toBeUndefined();
  });

  it('a take of two buckets keeps both, or refuses and forgets neither', () => {
    const store = memoryRateLimits({ now: () => 0, maxBuckets: 2 });
    const both = [take('server|x', ONE_AN_HOUR)[0]!, take('tool|t|x', ONE_AN_HOUR)[0]!];
    expect(store.take(both)).toBeUndefined();
    expect(store.take(both)).toStrictEqual({ index: 0, retryAfterMs: 3_600_000 });
    expect(store.take(take('y', ONE_AN_HOUR))).toBeUndefined(); // forgets server|x, the older of the two
    expect(store.take(both)).toStrictEqual({ index: 1, retryAfterMs: 3_600_000 }); // the tool's bucket still empty
  });

  it('refuses a maxBuckets that is not a positive integer', () => {
    for (const maxBuckets of [0, -1, 1.5, Number.NaN]) {
      expect(() => memoryRateLimits({ maxBuckets })).toThrow(
        new TypeError('memoryRateLimits: maxBuckets must be a positive integer'),
      );
    }
  });

  it('100,000 callers against 10/hour: a new caller past the bound costs under 10 times what it cost below it', () => {
    const maxBuckets = 100_000;
    const store = memoryRateLimits({ now: () => 0, maxBuckets });
    let next = 0;
    /** The median, over 5 rounds, of the time per take of `count` new callers. */
    const costOfNewCallers = (count: number) => {
      const rounds: number[] = [];
      for (let round = 0; round < 5; round++) {
        const started = performance.now();
        for (let i = 0; i < count; i++) void store.take(take(`a:${next++}`)); // the memory store answers at once
        rounds.push((performance.now() - started) / count);
      }
      return rounds.sort((a, b) => a - b)[2]!;
    };
    for (let i = 0; i < maxBuckets / 2; i++) void store.take(take(`warm:${i}`));
    next = maxBuckets / 2;
    const below = costOfNewCallers(400); // 2,000 more: still below the bound
    while (next < maxBuckets) void store.take(take(`a:${next++}`));
    const past = costOfNewCallers(400);
    expect(past / below).toBeLessThan(10);
  });
});

describe('addressKey: who a rate limit counts, from an address', () => {
  it.each([
    ['10.0.0.1', '10.0.0.1'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:DB8:0:0:1:2:3:4', '2001:db8:0:0::/64'],
    ['2001:db8:a:b:c:d:e:f', '2001:db8:a:b::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['::ffff:c000:207', '192.0.2.7'],
    ['::1', '0:0:0:0:0:0:0:1'],
    ['1::2::3', '1::2::3'],
    ['1:2:3:4:5:6:7::8', '1:2:3:4:5:6:7::8'],
    ['::1.2.3.999', '::1.2.3.999'],
    ['not an address:', 'not an address:'],
  ])('%s -> %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});
