// Zod 4 and Zod 3 schemas -> the JSON Schema that tools/list carries. Runs once per tool, when it is defined.
import { z } from 'zod';
import { ObjectJsonSchema } from '../schemas/mcp.js';
import { fromZod3 } from './json-schema-zod3.js';
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
