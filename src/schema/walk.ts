// The one traversal of Zod schemas, for Zod 4 (classic and mini) and Zod 3 (`zod/v3`) trees alike.
// Every check that looks inside a schema (author code, mixed versions, what JSON Schema cannot hold)
// is a visitor of `find`; nothing else reads how the two versions nest their parts.
import type * as z4 from 'zod/v4/core';
import type * as z3 from 'zod/v3';
import { isZod3, isZod4 } from './zod.js';

/** Which end of a pipe to follow: JSON Schema describes one side; parsing runs both (leave it out). */
export type SchemaSide = 'input' | 'output';

/** A schema inside another, and the field step to it: a key, `[]` for any element, none for a wrapper. */
export interface Child {
  /** `unknown`: a tree of one Zod version may hold a part of the other, or a lazy getter's garbage. */
  readonly schema: unknown;
  readonly step?: string;
}

/** The direct parts of a schema; a leaf, or a value that is no schema, has none. */
export function children(schema: unknown, side?: SchemaSide): Child[] {
  if (isZod4(schema)) return children4(schema, side);
  if (isZod3(schema)) return children3(schema, side);
  return [];
}

const element = (schema: unknown): Child => ({ schema, step: '[]' });
const wrapped = (schema: unknown): Child => ({ schema });

function children4(schema: z4.$ZodType, side: SchemaSide | undefined): Child[] {
  const def = (schema as z4.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'object': {
      const fields = Object.entries(def.shape).map(([key, field]): Child => ({ schema: field, step: key }));
      return def.catchall === undefined ? fields : [...fields, element(def.catchall)];
    }
    case 'array':
      return [element(def.element)];
    case 'tuple':
      return [...def.items.map(element), ...(def.rest === null ? [] : [element(def.rest)])];
    case 'record':
    case 'map':
      return [wrapped(def.keyType), element(def.valueType)];
    case 'set':
      return [element(def.valueType)];
    case 'union':
      return def.options.map(wrapped);
    case 'intersection':
      return [wrapped(def.left), wrapped(def.right)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'success':
    case 'catch':
    case 'readonly':
    case 'promise':
      return [wrapped(def.innerType)];
    case 'pipe':
      return pipeEnds(def.in, def.out, side);
    case 'lazy':
      // `_zod.innerType` is the getter's value, computed once: what Zod itself parses with.
      return [wrapped((schema as z4.$ZodLazy)._zod.innerType)];
    case 'template_literal':
      return def.parts.filter((part) => isZod4(part) || isZod3(part)).map(wrapped);
    default:
      // Leaves: scalars, enum, literal, file, transform, custom, function, nan, and any kind a newer
      // Zod adds (test/schema/walk.test.ts lists every kind, so a new wrapper is noticed there).
      return [];
  }
}

function children3(schema: z3.ZodTypeAny, side: SchemaSide | undefined): Child[] {
  const def = schema._def as Record<string, unknown> & { typeName: string };
  const inner = (key: string) => def[key];
  switch (def.typeName) {
    case 'ZodObject': {
      const shape = (schema as z3.AnyZodObject).shape as Record<string, unknown>;
      const fields = Object.entries(shape).map(([key, field]): Child => ({ schema: field, step: key }));
      const catchall = def.catchall as z3.ZodTypeAny | undefined;
      return catchall === undefined || catchall._def.typeName === 'ZodNever' ? fields : [...fields, element(catchall)];
    }
    case 'ZodArray':
      return [element(inner('type'))];
    case 'ZodTuple': {
      const items = (def.items as unknown[]).map(element);
      return def.rest ? [...items, element(def.rest)] : items;
    }
    case 'ZodRecord':
    case 'ZodMap':
      return [wrapped(inner('keyType')), element(inner('valueType'))];
    case 'ZodSet':
      return [element(inner('valueType'))];
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion':
      return [...(def.options as Iterable<unknown>)].map(wrapped);
    case 'ZodIntersection':
      return [wrapped(inner('left')), wrapped(inner('right'))];
    case 'ZodOptional':
    case 'ZodNullable':
    case 'ZodDefault':
    case 'ZodCatch':
    case 'ZodReadonly':
      return [wrapped(inner('innerType'))];
    case 'ZodPromise':
    case 'ZodBranded':
      return [wrapped(inner('type'))];
    case 'ZodEffects':
      return [wrapped(inner('schema'))];
    case 'ZodPipeline':
      return pipeEnds(inner('in'), inner('out'), side);
    case 'ZodLazy':
      return [wrapped((def.getter as () => unknown)())];
    default:
      return [];
  }
}

function pipeEnds(input: unknown, output: unknown, side: SchemaSide | undefined): Child[] {
  if (side === 'input') return [wrapped(input)];
  if (side === 'output') return [wrapped(output)];
  return [wrapped(input), wrapped(output)];
}

/**
 * Depth-first over every schema reachable from `root`, each schema once (so recursion ends and a
 * shared part costs one visit), with the field path that first led to it and how many schemas deep
 * it stands (the root is 0). The first value `visit` returns other than `undefined` ends the walk
 * and is returned.
 */
export function find<T>(
  root: unknown,
  visit: (schema: unknown, path: readonly string[], depth: number) => T | undefined,
  side?: SchemaSide,
): T | undefined {
  const seen = new Set<unknown>();
  const stack: { schema: unknown; path: readonly string[]; depth: number }[] = [{ schema: root, path: [], depth: 0 }];
  while (stack.length > 0) {
    const { schema, path, depth } = stack.pop()!;
    if (seen.has(schema)) continue;
    seen.add(schema);
    const found = visit(schema, path, depth);
    if (found !== undefined) return found;
    const parts = children(schema, side);
    // Pushed in reverse, so that fields are visited in their written order.
    for (let i = parts.length - 1; i >= 0; i--) {
      const { schema: part, step } = parts[i]!;
      stack.push({ schema: part, path: step === undefined ? path : [...path, step], depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Whether `schema` (a lazy one) reaches itself through wrappers alone (optional, union, pipe, …),
 * with no field or element between: checking a value against it would recurse without end.
 */
export function holdsItself(schema: unknown, side?: SchemaSide): boolean {
  const seen = new Set<unknown>();
  const stack = [schema];
  while (stack.length > 0) {
    for (const { schema: part, step } of children(stack.pop(), side)) {
      if (step !== undefined) continue;
      if (part === schema) return true;
      if (!seen.has(part)) {
        seen.add(part);
        stack.push(part);
      }
    }
  }
  return false;
}
