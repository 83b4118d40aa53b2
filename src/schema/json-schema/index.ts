// Zod 4 and Zod 3 schemas -> the JSON Schema that tools/list carries. Runs once per tool, when it is defined.
import { ObjectJsonSchema } from '../../../schemas/tools.js';
import type { SchemaSide } from '../walk.js';
import { isZod4, type AnyObjectSchema } from '../zod.js';
import { checkConvertible } from './refusals.js';
import { fromZod3 } from './zod3.js';
import { fromZod4 } from './zod4.js';

export type { SchemaSide } from '../walk.js';

export const JSON_SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/**
 * Converts a tool's object schema. The root is always `type: "object"`; defaults make a field
 * optional on the input side; reused schemas are inlined, and `$ref` appears only for recursion.
 * Every schema states its dialect, `$schema: 2020-12`, first: MCP 2025-11-25 makes 2020-12 the
 * default, but clients of earlier versions have no default, and SEP-1613 has servers keep the key.
 * Throws a message naming `owner` and the field when a part has no JSON Schema form.
 */
export function toJsonSchema(schema: AnyObjectSchema, side: SchemaSide, owner: string): ObjectJsonSchema {
  checkConvertible(schema, side, owner);
  const { $schema: _dialect, ...json } = isZod4(schema) ? fromZod4(schema, side, owner) : fromZod3(schema, side);
  const stated: Record<string, unknown> = { $schema: JSON_SCHEMA_2020_12, ...json };
  if (!ObjectJsonSchema().safeParse(stated).success)
    throw new TypeError(`${owner}: the schema does not describe an object`);
  return stated as ObjectJsonSchema; // checked above; kept as built so that `$schema` stays the first key
}
