// Parsing tool arguments and results with the tool's own schema, sync when that is safe.
import { z } from 'zod';
import type * as z4 from 'zod/v4/core';
import type * as z3 from 'zod/v3';
import type { Issue } from '../jsonrpc/errors.js';
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

/** Whether parsing can call a function the tool's author wrote, anywhere in the schema. */
export function runsAuthorCode(schema: unknown, seen = new Set<unknown>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  if (isZod4(schema)) return runsAuthorCode4(schema, seen);
  if (isZod3(schema)) return runsAuthorCode3(schema, seen);
  return false;
}

function runsAuthorCode4(schema: z4.$ZodType, seen: Set<unknown>): boolean {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string; checks?: z4.$ZodCheck[] };
  if (def.type === 'transform' || def.type === 'custom') return true;
  if (def.checks?.some((check) => check._zod.def.check === 'custom')) return true;
  if (def.type === 'lazy') return runsAuthorCode((def.getter as () => unknown)(), seen);
  return Object.values(def).some((value) => someSchema(value, (part) => runsAuthorCode(part, seen)));
}

function runsAuthorCode3(schema: z3.ZodTypeAny, seen: Set<unknown>): boolean {
  const def = schema._def as Record<string, unknown> & { typeName: string };
  if (def.typeName === 'ZodEffects') return true;
  if (def.typeName === 'ZodLazy') return runsAuthorCode((def.getter as () => unknown)(), seen);
  if (def.typeName === 'ZodObject') {
    const shape = (schema as z3.AnyZodObject).shape as Record<string, unknown>;
    if (Object.values(shape).some((field) => runsAuthorCode(field, seen))) return true;
  }
  return Object.values(def).some((value) => someSchema(value, (part) => runsAuthorCode(part, seen)));
}

/** Tests every schema a definition member holds: a schema, a list of them, or a shape of them. */
function someSchema(value: unknown, test: (schema: unknown) => boolean): boolean {
  if (isZod4(value) || isZod3(value)) return test(value);
  if (Array.isArray(value)) return value.some((item) => someSchema(item, test));
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.values(value).some((item) => isZod4(item) || isZod3(item) ? test(item) : false);
  }
  return false;
}
