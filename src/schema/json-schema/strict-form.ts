// Whether OpenAI's strict function calling can take a tool's schema: its openai-strict form may use
// only the keywords strict mode accepts (the Structured Outputs subset), within that mode's limits.
// A schema outside them is sent with `strict: false` as it is; arguments are checked by Zod either way.
import { isSchema, type Schema } from './nodes.js';
import { applyProfile } from './profiles.js';

/** The keywords strict mode accepts, descriptions and references included. */
const STRICT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  'const',
  '$ref',
  '$defs',
  'definitions',
  'title',
  'description',
  'pattern',
  'format',
  'multipleOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
]);
const STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
/** Strict mode's limits: properties in all, levels of nesting, enum values in all. */
const MAX_PROPERTIES = 5000;
const MAX_DEPTH = 10;
const MAX_ENUM_VALUES = 1000;

/** The schema OpenAI's strict mode is given for `schema` (without `$schema`), or undefined when it has none. */
export function strictForm(schema: Schema): Schema | undefined {
  const { $schema: _dialect, ...rest } = schema;
  if (!keepsMeaning(rest) || Array.isArray(rest.anyOf) || rest.type !== 'object') return undefined;
  const form = applyProfile(rest, 'openai-strict');
  const count = { properties: 0, enumValues: 0 };
  return accepts(form, 0, count) ? form : undefined;
}

/**
 * The strict form closes every object: an object that takes other keys (a record, a loose object,
 * `patternProperties`) would take none there, so it has no strict form.
 */
function keepsMeaning(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(keepsMeaning);
  if (!isSchema(node)) return true;
  if ('additionalProperties' in node && node.additionalProperties !== false) return false;
  if ('patternProperties' in node || 'propertyNames' in node) return false;
  return Object.entries(node).every(([key, value]) =>
    MAPS.has(key) && isSchema(value) ? Object.values(value).every(keepsMeaning) : keepsMeaning(value),
  );
}

/** Keywords whose value maps names to schemas: the names are no keywords. */
const MAPS = new Set(['properties', '$defs', 'definitions']);
/** Strict mode reads a schema by one of these; a schema with none (`{}`, `z.unknown()`) is refused there. */
const KINDS = ['type', 'anyOf', '$ref', 'enum', 'const'];

function accepts(node: unknown, depth: number, count: { properties: number; enumValues: number }): boolean {
  if (!isSchema(node)) return false;
  if (depth > MAX_DEPTH || !KINDS.some((key) => key in node)) return false;
  if ('$ref' in node && Object.keys(node).length > 1) return false; // strict mode takes no keyword beside a $ref
  for (const [key, value] of Object.entries(node)) {
    if (!STRICT_KEYWORDS.has(key)) return false;
    if (key === 'format' && !STRICT_FORMATS.has(String(value))) return false;
    if (key === 'enum' && Array.isArray(value) && (count.enumValues += value.length) > MAX_ENUM_VALUES) return false;
  }
  const children: unknown[] = [];
  if (isSchema(node.properties)) {
    const fields = Object.values(node.properties);
    if ((count.properties += fields.length) > MAX_PROPERTIES) return false;
    children.push(...fields);
  }
  for (const key of ['$defs', 'definitions'] as const)
    if (isSchema(node[key])) children.push(...Object.values(node[key]));
  if (node.items !== undefined) children.push(node.items);
  if (Array.isArray(node.anyOf)) children.push(...node.anyOf);
  const nested = isSchema(node.properties) ? depth + 1 : depth;
  return children.every((child) => accepts(child, nested, count));
}
