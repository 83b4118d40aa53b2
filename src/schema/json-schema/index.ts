// Zod 4 and Zod 3 schemas -> the JSON Schema that tools/list carries. Runs once per tool, when it is defined.
import { z } from 'zod';
import { ObjectJsonSchema } from '../../../schemas/mcp.js';
import { refuseField } from './refusals.js';
import { fromZod3 } from './zod3.js';
import { isZod3, isZod4, type AnyObjectSchema } from '../zod.js';

/** Which side of a transform or default to describe: tool inputs describe what a client may send. */
export type SchemaSide = 'input' | 'output';

/**
 * Converts a tool's object schema. The root is always `type: "object"`; defaults make a field
 * optional on the input side; reused schemas are inlined, and `$ref` appears only for recursion.
 * Every schema states its dialect, `$schema: 2020-12`, first: MCP 2025-11-25 makes 2020-12 the
 * default, but clients of earlier versions have no default, and SEP-1613 has servers keep the key.
 * Throws a message naming `owner` and the field when a part has no JSON Schema form.
 */
export function toJsonSchema(schema: AnyObjectSchema, side: SchemaSide, owner: string): ObjectJsonSchema {
  const { $schema: _dialect, ...json } = isZod4(schema) ? fromZod4(schema, side, owner) : fromZod3(schema, side, owner);
  const stated: Record<string, unknown> = { $schema: JSON_SCHEMA_2020_12, ...json };
  if (!ObjectJsonSchema.safeParse(stated).success) throw new TypeError(`${owner}: the schema does not describe an object`);
  return stated as ObjectJsonSchema; // checked above; kept as built so that `$schema` stays the first key
}

export const JSON_SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

function fromZod4(schema: z.core.$ZodType, side: SchemaSide, owner: string): Record<string, unknown> {
  rejectZod3Parts(schema, owner, []);
  return z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: side,
    reused: 'inline',
    cycles: 'ref',
    unrepresentable: ({ path, message }) => {
      throw refuseField(owner, fieldSteps(path), message);
    },
  }) as Record<string, unknown>;
}

/** z.toJSONSchema crashes on a Zod 3 part ("Cannot read properties of undefined"), naming neither tool nor field. */
function rejectZod3Parts(schema: unknown, owner: string, steps: string[], seen = new Set<unknown>()): void {
  if (isZod3(schema)) throw refuseField(owner, steps, 'a Zod 3 schema inside a Zod 4 schema; use one Zod version per tool');
  if (!isZod4(schema) || seen.has(schema)) return;
  seen.add(schema);
  for (const [key, value] of Object.entries(schema._zod.def)) {
    if (key === 'shape') {
      for (const [name, field] of Object.entries(value as object)) rejectZod3Parts(field, owner, [...steps, name], seen);
    } else {
      const inner = key === 'element' || key === 'items' || key === 'rest' || key === 'valueType' ? [...steps, '[]'] : steps;
      for (const part of Array.isArray(value) ? value : [value]) rejectZod3Parts(part, owner, inner, seen);
    }
  }
}

/** `["properties", "a", "items", "properties", "b"]` -> `["a", "[]", "b"]`. */
function fieldSteps(jsonPath: readonly (string | number)[]): string[] {
  const steps: string[] = [];
  for (let i = 0; i < jsonPath.length; i++) {
    const step = jsonPath[i];
    if (step === 'properties' || step === 'patternProperties') steps.push(String(jsonPath[++i]));
    else if (step === 'items' || step === 'prefixItems' || step === 'additionalProperties') steps.push('[]');
  }
  return steps;
}
