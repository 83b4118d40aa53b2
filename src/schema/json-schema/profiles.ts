// tools/list's JSON Schema, tuned for the model API a client passes it on to. The default is the
// 2020-12 schema as generated; a profile rewrites a copy once per tool, and arguments are still
// checked by the Zod schema alone.
import { geminiSchema } from './gemini.js';
import { isSchema, mapValues, resolveRef, type Schema } from './nodes.js';

/**
 * `openai-strict`: OpenAI's strict function calling, where every object lists every property in
 * `required` and has `additionalProperties: false`; an optional property becomes required and
 * nullable, and a `null` sent for it is taken as "left out" (`dropAddedNulls`). `gemini`: Gemini's
 * function declarations (an OpenAPI 3.0 subset), keeping only the keywords it accepts.
 */
export type SchemaProfile = 'default' | 'openai-strict' | 'gemini';

export const SCHEMA_PROFILES: readonly SchemaProfile[] = ['default', 'openai-strict', 'gemini'];

export function applyProfile(schema: Schema, profile: SchemaProfile): Schema {
  if (profile === 'openai-strict') return strict(schema) as Schema;
  if (profile === 'gemini') return geminiSchema(schema);
  return schema;
}

/** Keywords that can refuse `null`; a schema with none of them takes any value (`z.unknown()`, `z.any()`). */
const CONSTRAINING = ['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not', '$ref'];

/** Whether `null` is a value the schema accepts on its own (`$ref`s resolved within `root`). */
export function acceptsNull(schema: unknown, root?: Schema): boolean {
  if (!isSchema(schema)) return schema === true;
  const resolved = root === undefined ? schema : resolveRef(schema, root);
  if (typeof resolved.$ref === 'string') return false; // a reference that does not resolve: assume it refuses
  if (!CONSTRAINING.some((key) => key in resolved)) return true;
  if (resolved.type === 'null' || (Array.isArray(resolved.type) && resolved.type.includes('null'))) return true;
  if (resolved.const === null || (Array.isArray(resolved.enum) && resolved.enum.includes(null))) return true;
  if (
    Array.isArray(resolved.allOf) &&
    resolved.type === undefined &&
    resolved.enum === undefined &&
    !('const' in resolved)
  ) {
    return (resolved.allOf as unknown[]).every((part) => acceptsNull(part, root));
  }
  return ['anyOf', 'oneOf'].some(
    (key) => Array.isArray(resolved[key]) && (resolved[key] as unknown[]).some((part) => acceptsNull(part, root)),
  );
}

// ---- openai-strict

function strict(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strict);
  if (!isSchema(node)) return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' || key === '$defs' || key === 'definitions') out[key] = mapValues(value, strict);
    else if (key === 'oneOf')
      out.anyOf = strict(value); // strict mode takes anyOf, not oneOf
    else if (['items', 'prefixItems', 'anyOf', 'allOf', 'not'].includes(key)) out[key] = strict(value);
    else out[key] = value;
  }
  if (out.type === 'object' || isSchema(out.properties)) {
    const properties = (isSchema(out.properties) ? out.properties : {}) as Record<string, unknown>;
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, required.has(key) ? value : nullable(value)]),
    );
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  }
  return out;
}

function nullable(schema: unknown): unknown {
  if (acceptsNull(schema) || !isSchema(schema)) return schema;
  const plainType = schema.enum === undefined && schema.const === undefined;
  if (plainType && typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  if (plainType && Array.isArray(schema.type)) return { ...schema, type: [...schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/**
 * The arguments as the tool's own schema takes them: a `null` the openai-strict profile let the
 * model send for an optional property (that does not itself accept null) is left out.
 */
export function dropAddedNulls(schema: Schema, value: unknown, root: Schema = schema): unknown {
  const resolved = resolveRef(schema, root);
  const branches = [resolved.anyOf, resolved.oneOf].find(Array.isArray) as unknown[] | undefined;
  if (branches !== undefined && (isSchema(value) || Array.isArray(value))) {
    const members = branches.filter(isSchema).map((part) => resolveRef(part, root));
    const branch = Array.isArray(value) ? members.find(isArraySchema) : branchFor(members, value as Schema);
    return branch === undefined ? value : dropAddedNulls(branch, value, root);
  }
  if (Array.isArray(value)) return dropInArray(resolved, value, root);
  if (!isSchema(value) || !isSchema(resolved.properties)) return value;
  const properties = resolved.properties as Record<string, unknown>;
  const required = new Set(Array.isArray(resolved.required) ? (resolved.required as string[]) : []);
  let out: Schema | undefined;
  for (const [key, field] of Object.entries(properties)) {
    if (!Object.hasOwn(value, key) || !isSchema(field)) continue;
    const item = value[key];
    const next =
      item === null && !required.has(key) && !acceptsNull(field, root) ? undefined : dropAddedNulls(field, item, root);
    if (next === item) continue;
    out ??= { ...value };
    if (next === undefined) delete out[key];
    else out[key] = next;
  }
  return out ?? value;
}

/** Each element by its own schema: a tuple's `prefixItems` first, then `items`. */
function dropInArray(schema: Schema, value: unknown[], root: Schema): unknown[] {
  const prefix = Array.isArray(schema.prefixItems) ? (schema.prefixItems as unknown[]) : [];
  let out: unknown[] | undefined;
  value.forEach((item, i) => {
    const element = i < prefix.length ? prefix[i] : schema.items;
    if (!isSchema(element)) return;
    const next = dropAddedNulls(element, item, root);
    if (next === item) return;
    out ??= [...value];
    out[i] = next;
  });
  return out ?? value;
}

function isArraySchema(schema: Schema): boolean {
  return (
    schema.type === 'array' ||
    (Array.isArray(schema.type) && schema.type.includes('array')) ||
    'items' in schema ||
    'prefixItems' in schema
  );
}

/**
 * The union member an object value is meant for: the one whose `const` properties it matches (a
 * discriminated union), else the first whose properties hold its keys and whose required keys it has.
 */
function branchFor(branches: Schema[], value: Schema): Schema | undefined {
  const objects = branches.filter((branch) => isSchema(branch.properties));
  const fields = (branch: Schema) => branch.properties as Record<string, unknown>;
  const discriminated = objects.find((branch) => {
    const consts = Object.entries(fields(branch)).filter(([, field]) => isSchema(field) && 'const' in field);
    return consts.length > 0 && consts.every(([key, field]) => value[key] === (field as Schema).const);
  });
  return (
    discriminated ??
    objects.find((branch) => {
      const required = Array.isArray(branch.required) ? (branch.required as string[]) : [];
      return (
        required.every((key) => Object.hasOwn(value, key)) &&
        Object.keys(value).every((key) => Object.hasOwn(fields(branch), key))
      );
    })
  );
}
