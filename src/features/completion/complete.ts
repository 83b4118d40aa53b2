// completion/complete's values for one argument: from the author's completer, or from the fixed
// set of values a z.enum or literal field takes. At most 100 values, with `total` and `hasMore` honest.
import type { CompleteResult } from '../../../schemas/completion.js';
import type { MaybePromise } from '../../core/maybe-async.js';

/** What the client has filled in so far, besides the argument being completed. */
export interface CompletionContext {
  readonly arguments: Readonly<Record<string, string>>;
}

/** Suggestions for a partly typed value: the values, or the values with how many there are in all. */
export type Completer = (
  value: string,
  context: CompletionContext,
) => MaybePromise<readonly string[] | { values: readonly string[]; total?: number; hasMore?: boolean }>;

export const MAX_COMPLETIONS = 100;

/** Values of a fixed set that start with what was typed, case-insensitively. */
export function completeFrom(values: readonly string[], typed: string): string[] {
  const prefix = typed.toLowerCase();
  return values.filter((value) => value.toLowerCase().startsWith(prefix));
}

/** The result for a list of candidates: the first 100, with the total and whether more were left out. */
export function toCompletion(
  found: readonly string[] | { values: readonly string[]; total?: number; hasMore?: boolean },
): CompleteResult {
  const values = Array.isArray(found) ? found : (found as { values: readonly string[] }).values;
  const strings = values.filter((value): value is string => typeof value === 'string');
  const given = Array.isArray(found) ? {} : (found as { total?: number; hasMore?: boolean });
  const total = given.total ?? strings.length;
  const shown = strings.slice(0, MAX_COMPLETIONS);
  const hasMore = given.hasMore ?? total > shown.length;
  return { completion: { values: shown, total, hasMore } };
}
