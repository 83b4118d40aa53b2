// Tool schemas may be Zod 4 (classic or mini) or Zod 3 (`zod/v3`); this file is the one place that tells them apart.
import type * as z4 from 'zod/v4/core';
import type * as z3 from 'zod/v3';
import type { Issue } from './issues.js';

export type AnySchema = z4.$ZodType | z3.ZodTypeAny;
export type AnyObjectSchema = z4.$ZodObject | z3.AnyZodObject;

/** What a schema parses to (the handler's argument type). */
export type Output<S> = S extends z4.$ZodType ? z4.output<S> : S extends z3.ZodTypeAny ? z3.output<S> : never;
/** What a schema accepts. */
export type Input<S> = S extends z4.$ZodType ? z4.input<S> : S extends z3.ZodTypeAny ? z3.input<S> : never;

export type ParseResult = { ok: true; value: unknown } | { ok: false; issues: readonly Issue[] };

export function isZod4(schema: unknown): schema is z4.$ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

export function isZod3(schema: unknown): schema is z3.ZodTypeAny {
  return (
    typeof schema === 'object' &&
    schema !== null &&
    !('_zod' in schema) &&
    '_def' in schema &&
    typeof (schema as { safeParse?: unknown }).safeParse === 'function'
  );
}

/** True for a Zod object schema of either version: MCP wants every tool schema to describe an object. */
export function isObjectSchema(schema: unknown): schema is AnyObjectSchema {
  if (isZod4(schema)) return schema._zod.def.type === 'object';
  if (isZod3(schema)) return (schema._def as { typeName?: string }).typeName === 'ZodObject';
  return false;
}
