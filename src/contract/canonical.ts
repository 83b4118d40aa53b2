// The canonical form of what a server lists: stable byte for byte whatever order the server wrote
// its keys in, so that a committed snapshot changes only when the surface does.

type Json = unknown;
type JsonObject = Record<string, Json>;

/** The keys an item of a list starts with, in this order; the others follow sorted. */
const ITEM_KEYS = [
  'uri',
  'uriTemplate',
  'name',
  'title',
  'description',
  'mimeType',
  'size',
  'arguments',
  'inputSchema',
  'outputSchema',
  'annotations',
  'execution',
  'icons',
  '_meta',
];

/** JSON Schema keywords whose value maps names to schemas: the names are data, never annotations. */
const SCHEMA_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
]);
/** Keywords holding one schema, or a list of them. */
const SCHEMA_ONE = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
]);
const SCHEMA_LIST = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
/** Words for a reader, left out of a structural snapshot. */
const TEXTS = new Set(['title', 'description']);

/** An item of tools/list, resources/list, …: its known keys first, every nested object's keys sorted. */
export function canonicalItem(item: JsonObject, structural: boolean): JsonObject {
  const keys = Object.keys(item).filter((key) => !(structural && TEXTS.has(key)));
  const ordered = [
    ...ITEM_KEYS.filter((key) => keys.includes(key)),
    ...keys.filter((key) => !ITEM_KEYS.includes(key)).sort(),
  ];
  return Object.fromEntries(ordered.map((key) => [key, canonicalValue(key, item[key], structural)]));
}

function canonicalValue(key: string, value: Json, structural: boolean): Json {
  if (key === 'inputSchema' || key === 'outputSchema') return canonicalSchema(value, structural);
  if (key === 'arguments' && Array.isArray(value)) {
    return value.map((argument) => (isObject(argument) ? canonicalItem(argument, structural) : argument));
  }
  return sortedDeep(value);
}

/** A JSON Schema with its keys sorted, `required` sorted, and (structural) its titles and descriptions left out. */
export function canonicalSchema(schema: Json, structural: boolean): Json {
  // a list of schemas (draft-07's tuple `items`), or of names (`dependencies`' arrays): each in its place
  if (Array.isArray(schema)) return schema.map((member) => canonicalSchema(member, structural));
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const key of Object.keys(schema).sort()) {
    const value = schema[key];
    if (structural && TEXTS.has(key) && typeof value === 'string') continue;
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((name) => [name, canonicalSchema(value[name], structural)]),
      );
    } else if (SCHEMA_ONE.has(key)) out[key] = canonicalSchema(value, structural);
    else if (SCHEMA_LIST.has(key) && Array.isArray(value))
      out[key] = value.map((member) => canonicalSchema(member, structural));
    else if (key === 'required' && Array.isArray(value)) out[key] = [...value].sort();
    else out[key] = sortedDeep(value);
  }
  return out;
}

/** Every object's keys sorted (UTF-16 code units, no locale), arrays in their own order. */
export function sortedDeep(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortedDeep);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedDeep(value[key])]),
  );
}

export function isObject(value: Json): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Items ordered by a key's UTF-16 code units: the same on every machine (no locale). */
export function byKey<T>(key: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}
