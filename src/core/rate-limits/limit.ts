// A rate limit as an author writes it (`{ perMinute: 60, burst: 10 }`, or `'60/min'` on the command
// line) and as the stores count it: a token bucket of `burst` tokens, refilled `tokens` every `intervalMs`.
import { z } from 'zod/v4';
import { lazy } from '../../../schemas/direction.js';
import { describeIssues } from '../../schema/issues.js';
import { ONCE } from '../../schema/parse.js';

const Rate = lazy(() => z.number().positive().max(1e9));

/**
 * A token bucket: `perSecond`, `perMinute` or `perHour` (exactly one) is the rate it refills at;
 * `burst` how many may come at once, from a full bucket (default: the rate's number, so
 * `{ perMinute: 60 }` allows 60 at once, then one a second).
 */
export const RateLimit = lazy(() =>
  z.strictObject({
    perSecond: Rate().optional(),
    perMinute: Rate().optional(),
    perHour: Rate().optional(),
    burst: z.int().min(1).max(1e9).optional(),
  }),
);
export type RateLimit = z.input<ReturnType<typeof RateLimit>>;

/** A checked limit, in the one form the stores count in. */
export interface Bucket {
  /** Tokens added every `intervalMs`, and so the rate. */
  readonly tokens: number;
  readonly intervalMs: number;
  /** The bucket's size: at most this many at once. */
  readonly burst: number;
  /**
   * The limit in words, given the plural: `10 calls a minute`, `1 request an hour`, `60 requests a minute (10 at
   * once)`.
   */
  readonly words: (what: string) => string;
}

const UNITS = [
  ['perSecond', 1000, 'second'],
  ['perMinute', 60_000, 'minute'],
  ['perHour', 3_600_000, 'hour'],
] as const;

/** The limit checked (`owner: ...` on a mistake), or undefined without one. */
export function checkRateLimit(limit: RateLimit | undefined, owner: string): Bucket | undefined {
  if (limit === undefined) return undefined;
  const checked = RateLimit().safeParse(limit, ONCE);
  if (!checked.success) throw new TypeError(`${owner}: rateLimit: ${describeIssues(checked.error.issues)}`);
  const given = UNITS.filter(([key]) => checked.data[key] !== undefined);
  if (given.length !== 1)
    throw new TypeError(`${owner}: rateLimit: give exactly one of perSecond, perMinute and perHour`);
  const [key, intervalMs, unit] = given[0]!;
  const tokens = checked.data[key]!;
  const burst = checked.data.burst ?? Math.max(1, Math.floor(tokens));
  const atOnce = burst === tokens ? '' : ` (${burst} at once)`;
  const per = unit === 'hour' ? 'an hour' : `a ${unit}`;
  return {
    tokens,
    intervalMs,
    burst,
    words: (what) => `${tokens} ${tokens === 1 ? what.slice(0, -1) : what} ${per}${atOnce}`,
  };
}

/** `60/min`, `10/s`, `1000/hour` (and `/sec`, `/second`, `/m`, `/minute`, `/h`, `/hr`): the CLI's form. */
export function parseRateLimit(text: string): RateLimit | undefined {
  const match = /^(\d+(?:\.\d+)?)\/(s|sec|second|m|min|minute|h|hr|hour)$/.exec(text.trim());
  if (match === null) return undefined;
  const rate = Number(match[1]);
  const unit = match[2]![0];
  return unit === 's' ? { perSecond: rate } : unit === 'm' ? { perMinute: rate } : { perHour: rate };
}

/** How long to wait, in words a model can act on: `12 s`, `3 min`. */
export function waitWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}
