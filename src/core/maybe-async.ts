// The synchronous fast path: a small call answered in the same turn stays synchronous. This is the
// one test for "did it go asynchronous" (no `instanceof Promise`, which misses other thenables).

export type MaybePromise<T> = T | PromiseLike<T>;

/** A promise or anything promise-like: what a handler or method may return instead of a value. */
export function isThenable<T>(value: MaybePromise<T>): value is PromiseLike<T> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
