// Options objects of the public API refuse a key they do not have, naming the closest one they do:
// `serveHttp(server, { prot: 8080 })` throws at once instead of serving port 3000 in silence.
import { closest } from './closest.js';

/** The keys of an options type, each listed once: the compiler refuses a list that misses one or adds one. */
export function optionKeys<T>(keys: { readonly [K in keyof Required<T>]: true }): readonly string[] {
  return Object.keys(keys);
}

/** Throws a TypeError naming the first key of `options` that is not in `known` (and the closest known one). */
export function refuseUnknownOptions(owner: string, options: unknown, known: readonly string[]): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return;
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue;
    const near = closest(key, known);
    throw new TypeError(
      `${owner}: unknown option ` +
        `${JSON.stringify(key)}${near === undefined ? '' : ` (did you mean ${JSON.stringify(near)}?)`}`,
    );
  }
}
