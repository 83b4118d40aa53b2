// Parsing tool arguments and results with the tool's own schema, sync when that is safe.
import { z } from 'zod/v4';
import type * as z4 from 'zod/v4/core';
import type * as z3 from 'zod/v3';
import type { Issue } from './issues.js';
import { find } from './walk.js';
import { isZod3, isZod4, type AnySchema, type ParseResult } from './zod.js';

/**
 * Parses with a tool's schema. Only the author's own functions (refine, superRefine, check,
 * transform, preprocess, custom) can be asynchronous, so a schema without them (`runsAuthorCode`
 * false) is parsed synchronously, on Zod's fast path. One with them is always parsed
 * asynchronously: a synchronous attempt that meets a promise throws and leaves that promise
 * behind, and if it rejects, the process sees an unhandled rejection.
 */
export function parse(schema: AnySchema, value: unknown, async: boolean): ParseResult | Promise<ParseResult> {
  if (isZod4(schema)) {
    if (async) return z.safeParseAsync(schema, value).then(fromResult);
    return fromResult(z.safeParse(schema, value));
  }
  const legacy = schema as z3.ZodTypeAny;
  if (async) return legacy.safeParseAsync(value).then(fromResult);
  return fromResult(legacy.safeParse(value));
}

type SafeResult = { success: true; data: unknown } | { success: false; error: { issues: readonly Issue[] } };

function fromResult(result: SafeResult): ParseResult {
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: result.error.issues };
}

/**
 * Whether parsing can call a function the tool's author wrote, anywhere in the schema: a refinement
 * or check (Zod 4 keeps them in `checks`), a transform or preprocess, a custom schema.
 */
export function runsAuthorCode(schema: unknown): boolean {
  return find(schema, (part) => (isAuthorCode(part) ? true : undefined)) ?? false;
}

function isAuthorCode(part: unknown): boolean {
  if (isZod4(part)) {
    const def = part._zod.def as { type: string; checks?: readonly z4.$ZodCheck[] };
    return (
      def.type === 'transform' ||
      def.type === 'custom' ||
      (def.checks?.some((check) => check._zod.def.check === 'custom') ?? false)
    );
  }
  return isZod3(part) && (part._def as { typeName?: string }).typeName === 'ZodEffects';
}

/**
 * For a schema parsed once or a few times (options, a tool's name at definition): Zod 4 compiles
 * an object schema into a function on its first parse, which pays only when it parses again and
 * again; here it would only lengthen the start.
 */
export const ONCE = { jitless: true } as const;
