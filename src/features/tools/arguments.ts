// What models send, made fit before the schema sees it (both off unless asked for):
// `unknown: 'reject'` names an argument the tool does not have (and the closest one it has), where
// the schema would drop it in silence; `coerce` turns a string into the number, boolean, object or
// array the JSON Schema asks for, when it parses exactly (models often send `"shards": "3"`).
import type { ArgumentPolicy } from '../../core/server-state.js';
import { closest } from '../../core/closest.js';
import { optionKeys, refuseUnknownOptions } from '../../core/options.js';

export type { ArgumentPolicy };

type Schema = Record<string, unknown>;

/** A policy as given (a tool's, or the server's), checked. */
const POLICY_KEYS = optionKeys<ArgumentPolicy>({ unknown: true, coerce: true });

export function checkPolicy(policy: ArgumentPolicy | undefined, owner: string): ArgumentPolicy | undefined {
  if (policy === undefined) return undefined;
  refuseUnknownOptions(`${owner}: arguments`, policy, POLICY_KEYS);
  if (policy.unknown !== undefined && policy.unknown !== 'strip' && policy.unknown !== 'reject')
    throw new TypeError(`${owner}: arguments.unknown must be 'strip' or 'reject'`);
  if (policy.coerce !== undefined && typeof policy.coerce !== 'boolean')
    throw new TypeError(`${owner}: arguments.coerce must be a boolean`);
  return policy;
}

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** The arguments as the policy makes them, or what is wrong with them (the text of the isError result). */
export function applyPolicy(
  schema: Schema,
  args: Record<string, unknown>,
  policy: ArgumentPolicy,
  shape: { open: boolean; nested: boolean } = { open: false, nested: true },
): { args: Record<string, unknown> } | { error: string } {
  if (policy.unknown === 'reject' && !shape.open) {
    // Before coercion: a key it would drop (`__proto__`) is named too.
    const unknown = unknownKeys(schema, args, '', shape.nested);
    if (unknown.length > 0)
      return {
        error:
          unknown.length > MAX_NAMED
            ? `${unknown.slice(0, MAX_NAMED).join('; ')}; and ${unknown.length - MAX_NAMED} more`
            : unknown.join('; '),
      };
  }
  return { args: policy.coerce === true ? (coerce(schema, args) as Record<string, unknown>) : args };
}

/** At most this many unknown arguments are named (and a suggestion is looked for only among short names). */
const MAX_NAMED = 10;

function typesOf(schema: Schema): Set<string> {
  const types = new Set<string>();
  // No type at all (`{}`: z.any(), z.unknown()): it takes a string as it is.
  if (
    schema.type === undefined &&
    schema.anyOf === undefined &&
    schema.oneOf === undefined &&
    !('const' in schema) &&
    schema.enum === undefined
  )
    types.add('string');
  const add = (type: unknown) =>
    Array.isArray(type) ? type.forEach(add) : typeof type === 'string' ? types.add(type) : undefined;
  add(schema.type);
  for (const key of ['anyOf', 'oneOf'] as const) {
    for (const branch of (schema[key] as Schema[] | undefined) ?? [])
      for (const type of typesOf(branch)) types.add(type);
  }
  if ('const' in schema) types.add(typeof schema.const === 'string' ? 'string' : typeof schema.const);
  if (Array.isArray(schema.enum) && schema.enum.some((value) => typeof value === 'string')) types.add('string');
  return types;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function coerce(schema: unknown, value: unknown): unknown {
  if (!isPlainObject(schema)) return value;
  const types = typesOf(schema);
  if (typeof value === 'string' && !types.has('string')) {
    if ((types.has('number') || types.has('integer')) && NUMBER.test(value)) {
      const number = Number(value);
      if (Number.isFinite(number) && (types.has('number') || Number.isInteger(number))) return number;
    }
    if (types.has('boolean') && (value === 'true' || value === 'false')) return value === 'true';
    if ((types.has('object') && value.startsWith('{')) || (types.has('array') && value.startsWith('['))) {
      try {
        const parsed: unknown = JSON.parse(value);
        if ((Array.isArray(parsed) && types.has('array')) || (isPlainObject(parsed) && types.has('object')))
          return coerce(schema, parsed);
      } catch {
        // not JSON: the schema says why
      }
    }
    return value;
  }
  if (Array.isArray(value) && isPlainObject(schema.items)) return value.map((item) => coerce(schema.items, item));
  if (isPlainObject(value) && isPlainObject(schema.properties)) {
    const properties = schema.properties;
    const out: Record<string, unknown> = {};
    // Defined, never assigned: a key `__proto__` stays a key (that the schema drops), not a prototype.
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(out, key, {
        value: Object.hasOwn(properties, key) ? coerce(properties[key], item) : item,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

/** Arguments the schema has no property for, where it takes no others, at any depth of plain objects. */
function unknownKeys(schema: unknown, value: unknown, path: string, nested: boolean): string[] {
  if (!isPlainObject(schema) || !isPlainObject(value) || !isPlainObject(schema.properties)) return [];
  const properties = schema.properties;
  const open = schema.additionalProperties !== undefined && schema.additionalProperties !== false;
  const problems: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (problems.length > MAX_NAMED) break;
    const where = path === '' ? key : `${path}.${key}`;
    if (Object.hasOwn(properties, key)) {
      if (nested) problems.push(...unknownKeys(properties[key], item, where, nested));
    } else if (!open) {
      const near = key.length > 64 ? undefined : closest(key, Object.keys(properties));
      problems.push(
        'unknown argument ' +
          `"${where}"${near === undefined ? '' : ` (did you mean "${path === '' ? near : `${path}.${near}`}"?)`}`,
      );
    }
  }
  return problems;
}
