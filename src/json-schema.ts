// Zod 4 and Zod 3 schemas -> the JSON Schema that tools/list carries. Runs once per tool, when it is defined.
import { z } from 'zod';
import { createRequire } from 'node:module';
import type { zodToJsonSchema as ZodToJsonSchema } from 'zod-to-json-schema';
import type * as z3 from 'zod/v3';
import { ObjectJsonSchema } from '../schemas/mcp.js';
import { formatPath } from './errors.js';
import { isZod4, type AnyObjectSchema } from './zod-compat.js';

/** Which side of a transform or default to describe: tool inputs describe what a client may send. */
export type SchemaSide = 'input' | 'output';

/**
 * Converts a tool's object schema. The root is always `type: "object"`; defaults make a field
 * optional on the input side; reused schemas are inlined, and `$ref` appears only for recursion.
 * `$schema` is left out: MCP 2025-11-25 makes 2020-12 the default dialect.
 * Throws a message naming `owner` and the field when a part has no JSON Schema form.
 */
export function toJsonSchema(schema: AnyObjectSchema, side: SchemaSide, owner: string): ObjectJsonSchema {
  const json = isZod4(schema) ? fromZod4(schema, side, owner) : fromZod3(schema, side, owner);
  delete json.$schema;
  const checked = ObjectJsonSchema.safeParse(json);
  if (!checked.success) throw new TypeError(`${owner}: the schema does not describe an object`);
  return checked.data;
}

function fromZod4(schema: z.core.$ZodType, side: SchemaSide, owner: string): Record<string, unknown> {
  return z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: side,
    reused: 'inline',
    cycles: 'ref',
    unrepresentable: ({ path, message }) => {
      throw new TypeError(`${owner}: field ${fieldName(path)} cannot be represented in JSON Schema (${message})`);
    },
  }) as Record<string, unknown>;
}

/** `["properties", "a", "items", "properties", "b"]` -> `"a[].b"`. */
function fieldName(jsonPath: readonly (string | number)[]): string {
  let out = '';
  for (let i = 0; i < jsonPath.length; i++) {
    const step = jsonPath[i];
    if (step === 'properties' || step === 'patternProperties') {
      const name = String(jsonPath[++i]);
      out += out ? `.${name}` : name;
    } else if (step === 'items' || step === 'prefixItems' || step === 'additionalProperties') out += '[]';
  }
  return `"${out || '(root)'}"`;
}

// ---- Zod 3 ------------------------------------------------------------------------------------

/** zod-to-json-schema turns these into `{}` or a lookalike silently; Zod 4 refuses them, and so do we. */
const zod3Unrepresentable: Record<string, string> = {
  ZodBigInt: 'BigInt',
  ZodDate: 'Date',
  ZodSymbol: 'Symbol',
  ZodUndefined: 'Undefined',
  ZodVoid: 'Void',
  ZodNaN: 'NaN',
  ZodFunction: 'Function',
  ZodPromise: 'Promise',
  ZodMap: 'Map',
  ZodSet: 'Set',
};

/** Loaded on the first Zod 3 schema only: it costs start-up time that a Zod 4 server does not owe. */
let zodToJsonSchema: typeof ZodToJsonSchema | undefined;

function fromZod3(schema: z3.ZodTypeAny, side: SchemaSide, owner: string): Record<string, unknown> {
  const recursive = inspectZod3(schema, owner);
  zodToJsonSchema ??= (createRequire(import.meta.url)('zod-to-json-schema') as { zodToJsonSchema: typeof ZodToJsonSchema }).zodToJsonSchema;
  return zodToJsonSchema(schema, {
    target: 'jsonSchema2019-09',
    $refStrategy: recursive ? 'root' : 'none',
    effectStrategy: side === 'input' ? 'input' : 'any',
    pipeStrategy: side,
    removeAdditionalStrategy: 'strict',
    allowedAdditionalProperties: undefined,
  }) as Record<string, unknown>;
}

/** Walks a Zod 3 schema: throws on a part JSON Schema cannot hold; returns whether it is recursive. */
function inspectZod3(root: z3.ZodTypeAny, owner: string): boolean {
  let recursive = false;
  const onPath = new Set<unknown>();
  const visit = (schema: z3.ZodTypeAny, path: (string | number)[]): void => {
    if (onPath.has(schema)) {
      recursive = true;
      return;
    }
    const def = schema._def as Record<string, unknown> & { typeName: string };
    const kind = zod3Unrepresentable[def.typeName];
    if (kind) {
      throw new TypeError(
        `${owner}: field "${formatPath(path) || '(root)'}" cannot be represented in JSON Schema (${kind})`,
      );
    }
    onPath.add(schema);
    for (const [child, step] of zod3Children(schema, def)) visit(child, step === undefined ? path : [...path, step]);
    onPath.delete(schema);
  };
  visit(root, []);
  return recursive;
}

type Child = [z3.ZodTypeAny, string | number | undefined];

function zod3Children(schema: z3.ZodTypeAny, def: Record<string, unknown> & { typeName: string }): Child[] {
  const inner = (key: string): Child[] => [[def[key] as z3.ZodTypeAny, undefined]];
  switch (def.typeName) {
    case 'ZodObject': {
      const shape = (schema as z3.AnyZodObject).shape as Record<string, z3.ZodTypeAny>;
      return Object.entries(shape).map(([key, value]): Child => [value, key]);
    }
    case 'ZodArray':
      return [[def.type as z3.ZodTypeAny, 0]];
    case 'ZodOptional':
    case 'ZodNullable':
    case 'ZodDefault':
    case 'ZodCatch':
    case 'ZodReadonly':
      return inner('innerType');
    case 'ZodBranded':
      return inner('type');
    case 'ZodEffects':
      return inner('schema');
    case 'ZodPipeline':
      return inner('in');
    case 'ZodLazy':
      return [[(def.getter as () => z3.ZodTypeAny)(), undefined]];
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion':
      return [...(def.options as Iterable<z3.ZodTypeAny>)].map((option): Child => [option, undefined]);
    case 'ZodIntersection':
      return [...inner('left'), ...inner('right')];
    case 'ZodRecord':
      return [[def.valueType as z3.ZodTypeAny, undefined]];
    case 'ZodTuple': {
      const items = (def.items as z3.ZodTypeAny[]).map((item, i): Child => [item, i]);
      return def.rest ? [...items, ...inner('rest')] : items;
    }
    default:
      return [];
  }
}
