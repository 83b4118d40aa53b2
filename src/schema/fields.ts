// The top-level fields of a Zod object schema (Zod 4 or Zod 3): whether each is required, its
// description, and the values it can only take (an enum or literals), for prompt arguments,
// resource template variables and their completion.
import { z } from 'zod/v4';
import type * as z4 from 'zod/v4/core';
import type * as z3 from 'zod/v3';
import { isZod3, isZod4, type AnyObjectSchema } from './zod.js';

export interface Field {
  readonly schema: unknown;
  readonly required: boolean;
  readonly description: string | undefined;
  /** Every value the field accepts, when that is a fixed set of strings (z.enum, literals); else undefined. */
  readonly values: readonly string[] | undefined;
}

export function fieldsOf(schema: AnyObjectSchema): Map<string, Field> {
  const fields = new Map<string, Field>();
  if (isZod4(schema)) {
    for (const [name, field] of Object.entries((schema as z4.$ZodObject)._zod.def.shape)) {
      fields.set(name, {
        schema: field,
        required: !acceptsUndefined(field),
        description: describe4(field),
        values: values4(field),
      });
    }
    return fields;
  }
  for (const [name, field] of Object.entries((schema as z3.AnyZodObject).shape as Record<string, z3.ZodTypeAny>)) {
    fields.set(name, {
      schema: field,
      required: !field.isOptional(),
      description: field.description,
      values: values3(field),
    });
  }
  return fields;
}

/**
 * A field that takes a missing value (optional, defaulted, caught) is not required; an async check that cannot say
 * counts as required.
 */
function acceptsUndefined(field: z4.$ZodType): boolean {
  try {
    return z.safeParse(field, undefined).success;
  } catch {
    return false;
  }
}

function describe4(field: z4.$ZodType): string | undefined {
  const own = (field as { description?: unknown }).description;
  if (typeof own === 'string') return own;
  const meta = z.globalRegistry.get(field as never) as { description?: unknown } | undefined;
  return typeof meta?.description === 'string' ? meta.description : undefined;
}

/** Through optional, nullable, default and readonly wrappers to an enum, a literal or a union of them. */
function values4(field: unknown): string[] | undefined {
  if (!isZod4(field)) return undefined;
  const def = (field as z4.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'enum':
      return strings(Object.values(def.entries));
    case 'literal':
      return strings(def.values);
    case 'union': {
      const parts = def.options.map(values4);
      return parts.every((part) => part !== undefined) ? parts.flat() : undefined;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return values4(def.innerType);
    default:
      return undefined;
  }
}

function values3(field: unknown): string[] | undefined {
  if (!isZod3(field)) return undefined;
  const def = field._def as Record<string, unknown> & { typeName: string };
  switch (def.typeName) {
    case 'ZodEnum':
      return strings(def.values as unknown[]);
    case 'ZodNativeEnum':
      return strings(Object.values(def.values as object));
    case 'ZodLiteral':
      return strings([def.value]);
    case 'ZodUnion': {
      const parts = (def.options as unknown[]).map(values3);
      return parts.every((part) => part !== undefined) ? parts.flat() : undefined;
    }
    case 'ZodOptional':
    case 'ZodNullable':
    case 'ZodDefault':
    case 'ZodReadonly':
    case 'ZodCatch':
      return values3(def.innerType);
    default:
      return undefined;
  }
}

/** Only a set of strings completes: a prompt argument or a URI variable is a string. */
function strings(values: readonly unknown[]): string[] | undefined {
  return values.every((value) => typeof value === 'string') ? (values as string[]) : undefined;
}
