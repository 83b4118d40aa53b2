// `zod-mcp call TARGET TOOL a=1 b=true`: each value typed on the command line read as the tool's
// input schema says its property is, before anything is sent; a key or value it cannot take is a
// usage error naming the key and the type it expected.
import { closest } from '../core/closest.js';
import { UsageError } from './usage-error.js';

type Schema = Record<string, unknown>;

/** `key=value` pairs over `base` (what `--args` gave), each value coerced by the input schema. */
export function coerceArguments(
  tool: string,
  inputSchema: unknown,
  pairs: readonly string[],
  base: Record<string, unknown> = {},
): Record<string, unknown> {
  const schema = (inputSchema ?? {}) as Schema;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const keys = Object.keys(properties);
  const others = othersOf(schema, keys);
  const args = { ...base };
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    if (equals <= 0) throw new UsageError(`call: ${JSON.stringify(pair)}: give arguments as key=value`);
    const key = pair.slice(0, equals);
    if (!Object.hasOwn(properties, key) && others !== undefined) {
      args[key] = coerceValue(key, others, pair.slice(equals + 1));
      continue;
    }
    if (!Object.hasOwn(properties, key)) {
      const near = closest(key, keys);
      const known = keys.length === 0 ? 'it takes no arguments' : `it takes ${keys.join(', ')}`;
      throw new UsageError(
        `call: ${tool} has no argument ${key}${near === undefined ? '' : ` (did you mean ${near}?)`}: ${known}`,
      );
    }
    args[key] = coerceValue(key, properties[key]!, pair.slice(equals + 1));
  }
  return args;
}

/**
 * The schema of keys a tool takes beside its properties: `additionalProperties` when it is a schema
 * or true, or any key for a tool of no properties that does not close them (Zod's `z.record`,
 * `z.looseObject`). A tool of named properties that says nothing more takes only those: Zod writes
 * no `additionalProperties` for a plain `z.object`, which drops unknown keys.
 */
function othersOf(schema: Schema, keys: readonly string[]): Schema | undefined {
  const more = schema.additionalProperties;
  if (more === true) return {};
  if (typeof more === 'object' && more !== null) return more as Schema;
  return keys.length === 0 && more === undefined && schema.type === 'object' ? {} : undefined;
}

/** The JSON types a schema takes: `type` (one or a list), `anyOf`/`oneOf` members, `enum` and `const` values. */
export function typesOf(schema: Schema): string[] {
  const own = schema.type;
  if (typeof own === 'string') return [own];
  if (Array.isArray(own)) return own.map(String);
  const members = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(members)) return [...new Set(members.flatMap(typesOf))];
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
  if (values !== undefined) return [...new Set(values.map(jsonType))];
  return [];
}

/** The value as the first type the schema takes that reads it; strings as they were typed. */
export function coerceValue(key: string, schema: Schema, text: string): unknown {
  const types = typesOf(schema);
  if (types.length === 0) {
    const value = parseJson(text); // any value: JSON when it reads as JSON (a JSON null too)
    return value === NOT_JSON ? text : value;
  }
  for (const type of ORDER) {
    if (!types.includes(type)) continue;
    const value = READERS[type]!(text);
    if (value !== undefined) return value;
  }
  throw new UsageError(`call: ${key}: expected ${types.map(article).join(' or ')}, got ${JSON.stringify(text)}`);
}

/** The most particular reading first: `null` before a string "null", a number before a string of digits. */
const ORDER = ['null', 'integer', 'number', 'boolean', 'object', 'array', 'string'];

const READERS: Record<string, (text: string) => unknown> = {
  null: (text) => (text === 'null' ? null : undefined),
  integer: (text) => (/^-?\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined),
  number: (text) =>
    /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(text) && Number.isFinite(Number(text)) ? Number(text) : undefined,
  boolean: (text) => (text === 'true' ? true : text === 'false' ? false : undefined),
  object: (text) => {
    const value = parseJson(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  },
  array: (text) => {
    const value = parseJson(text);
    return Array.isArray(value) ? value : undefined;
  },
  string: (text) => text,
};

const NOT_JSON = Symbol('not JSON');

/** The JSON value of `text`, or NOT_JSON: `null` is a value read, not a failure. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function article(type: string): string {
  if (type === 'null') return 'null';
  if (type === 'object' || type === 'array') return `a JSON ${type}`;
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}
