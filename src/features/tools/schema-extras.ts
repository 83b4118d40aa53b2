// What a tool's JSON Schema may carry beyond what Zod generates: extra 2020-12 keywords, and
// `x-mcp-header` markers (SEP-2243), each checked when the tool is defined.
import type { ObjectJsonSchema } from '../../../schemas/tools.js';

/** An argument a 2026 HTTP client mirrors in `Mcp-Param-<header>`: its path through `properties`. */
export interface HeaderBinding {
  readonly header: string;
  readonly path: readonly string[];
}

/** RFC 9110 `token`: what may follow `Mcp-Param-` in a header name. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const MARKER = 'x-mcp-header';
const HEADER_TYPES: ReadonlySet<unknown> = new Set(['string', 'integer', 'boolean']);

/** The generated schema with `extras` added at its root; a keyword the schema already has is refused. */
export function withExtraKeywords(
  schema: ObjectJsonSchema,
  extras: Record<string, unknown> | undefined,
  owner: string,
): ObjectJsonSchema {
  if (extras === undefined) return schema;
  if (typeof extras !== 'object' || extras === null || Array.isArray(extras)) {
    throw new TypeError(`${owner}: jsonSchema must be an object of JSON Schema keywords`);
  }
  for (const key of Object.keys(extras)) {
    if (Object.hasOwn(schema, key)) {
      throw new TypeError(
        `${owner}: jsonSchema.${key} would replace the generated "${key}"; express it in the Zod schema`,
      );
    }
  }
  return { ...schema, ...extras } as ObjectJsonSchema;
}

/**
 * Applies the `headers` option to the input schema (in place: the schema is this tool's own) and
 * collects every `x-mcp-header` marker. A marker must name a token, be unique (case-insensitively),
 * sit on a string, integer or boolean property, and be reachable from the root through `properties`
 * alone, or the tool is refused.
 */
export function bindHeaders(schema: ObjectJsonSchema, option: Record<string, string>, owner: string): HeaderBinding[] {
  for (const [argument, header] of Object.entries(option)) {
    const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
    const property = properties?.[argument];
    if (properties === undefined || property === undefined || !Object.hasOwn(properties, argument)) {
      throw new TypeError(`${owner}: headers.${argument}: the input has no argument named "${argument}"`);
    }
    properties[argument] = { ...property, [MARKER]: header };
  }
  const bindings: HeaderBinding[] = [];
  const seen = new Map<string, string>();
  findMarkers(schema, [], (node, path) => {
    const header = node[MARKER];
    const where = `${owner}: x-mcp-header at ${path.length === 0 ? '(root)' : path.join('.')}`;
    const fields = fieldPath(path);
    if (fields === undefined)
      throw new TypeError(`${where}: only properties reachable from the root through "properties" may carry it`);
    if (typeof header !== 'string' || !TOKEN.test(header)) {
      throw new TypeError(`${where}: ${JSON.stringify(header)} is not a header name token (RFC 9110)`);
    }
    if (!HEADER_TYPES.has(node.type)) {
      throw new TypeError(
        `${where}: only string, integer and boolean properties may carry it, not ` +
          `${JSON.stringify(node.type ?? 'untyped')}`,
      );
    }
    const key = header.toLowerCase();
    const other = seen.get(key);
    if (other !== undefined) throw new TypeError(`${where}: "${header}" is already used by ${other}`);
    seen.set(key, fields.join('.'));
    bindings.push({ header, path: fields });
  });
  return bindings;
}

/** Keywords whose value maps names to schemas: the map itself is no schema (a property may be named "x-mcp-header"). */
const SCHEMA_MAPS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);

const DATA_KEYWORDS: ReadonlySet<string> = new Set(['const', 'enum', 'default', 'examples']);

/** Calls `found` for every schema in the JSON tree that carries the marker, with its JSON path. */
function findMarkers(
  node: unknown,
  path: string[],
  found: (node: Record<string, unknown>, path: string[]) => void,
  isMap = false,
): void {
  if (typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) {
    node.forEach((item, index) => findMarkers(item, [...path, String(index)], found));
    return;
  }
  const record = node as Record<string, unknown>;
  if (!isMap && Object.hasOwn(record, MARKER)) found(record, path);
  for (const [key, value] of Object.entries(record)) {
    if (!isMap && DATA_KEYWORDS.has(key)) continue; // values, not schemas
    findMarkers(value, [...path, key], found, !isMap && SCHEMA_MAPS.has(key));
  }
}

/** `["properties", "a", "properties", "b"]` -> `["a", "b"]`; `undefined` for any other kind of path. */
function fieldPath(path: readonly string[]): string[] | undefined {
  if (path.length === 0 || path.length % 2 !== 0) return undefined;
  const fields: string[] = [];
  for (let i = 0; i < path.length; i += 2) {
    if (path[i] !== 'properties') return undefined;
    fields.push(path[i + 1]!);
  }
  return fields;
}

/** The argument a binding points at, or `undefined` when the arguments do not reach it. */
export function valueAt(args: unknown, path: readonly string[]): unknown {
  let value = args;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, key))
      return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
