import { unrefTimer, type Timer } from '../runtime/host.js';

/** The longest delay setTimeout honours (2^31 - 1 ms, about 24.8 days); Node fires a longer one after 1 ms. */
export const MAX_TIMER_MS = 2_147_483_647;

/** Throws unless `value` is a delay a timer can really wait for; `undefined` means no timer. */
export function checkTimeout(value: number | undefined, what: string): void {
  if (value === undefined) return;
  if (!(value > 0 && value <= MAX_TIMER_MS)) {
    throw new TypeError(
      `${what} must be a positive number of milliseconds up to ${MAX_TIMER_MS}; leave it out for no timeout`,
    );
  }
}

/**
 * setTimeout for any delay, however long: past MAX_TIMER_MS it waits in steps. The timer does not
 * keep the process alive. Returns the function that cancels it.
 */
export function longTimeout(fire: () => void, ms: number): () => void {
  const deadline = Date.now() + ms;
  let timer: Timer | undefined;
  const arm = () => {
    const left = deadline - Date.now();
    if (left <= 0) return fire();
    timer = unrefTimer(setTimeout(arm, Math.min(left, MAX_TIMER_MS)));
  };
  arm();
  return () => clearTimeout(timer);
}
