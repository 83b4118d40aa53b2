// The classification table's rows for tools' schemas: a change of an input or output schema per row,
// with the exact changes it must give. compare.test.ts runs them with the rows of the rest of the surface.
import type { ChangeClass, Snapshot } from '../../schemas/snapshot.js';
import type { Rule } from '../../src/contract/compare-rules.js';

/** One expected change: its class, path, rule and message. */
export type Expected = readonly [ChangeClass, string, Rule, string];

export interface Row {
  /** What the row shows: its changes as the report prints them, unless it has none. */
  readonly title: string;
  readonly before: Snapshot;
  readonly after: Snapshot;
  readonly changes: readonly Expected[];
}

const ERA_2025 = { protocolVersion: '2025-06-18', capabilities: { tools: { listChanged: true } } };

/** A server `calc` serving the 2025 era and nothing else, with `parts` in place of those. */
export function surface(parts: Partial<Snapshot> = {}): Snapshot {
  const lists = { tools: [], resources: [], resourceTemplates: [], prompts: [] };
  return { server: { name: 'calc', version: '1.0.0' }, eras: { '2025': ERA_2025 }, ...lists, ...parts };
}

export function row(before: Partial<Snapshot>, after: Partial<Snapshot>, ...changes: Expected[]): Row {
  const title = changes.map(([name, path, rule, message]) => `${name} ${path}: ${message} [${rule}]`).join(', ');
  return { title, before: surface(before), after: surface(after), changes };
}

export const breaking = (path: string, rule: Rule, message: string): Expected => ['breaking', path, rule, message];
export const risky = (path: string, rule: Rule, message: string): Expected => ['risky', path, rule, message];
export const additive = (path: string, rule: Rule, message: string): Expected => ['additive', path, rule, message];

type Json = Record<string, unknown>;

/** An object schema of these properties, these of them required. */
function object(properties: Json, required?: string[]): Json {
  return { type: 'object', properties, ...(required ? { required } : {}) };
}

const tool = (inputSchema: unknown, outputSchema?: unknown) =>
  ({ name: 'add', inputSchema, ...(outputSchema ? { outputSchema } : {}) }) as Snapshot['tools'][number];

/** The tool `add` with one input schema, then another. */
const input = (x: unknown, y: unknown, ...changes: Expected[]) =>
  row({ tools: [tool(x)] }, { tools: [tool(y)] }, ...changes);
/** The property `b` of `add`'s input, optional, as one schema then another. */
const b = (x: unknown, y: unknown, ...changes: Expected[]) => input(object({ b: x }), object({ b: y }), ...changes);
/** The tool `add` with one output schema (or none), then another. */
const output = (x: unknown, y: unknown, ...changes: Expected[]) =>
  row({ tools: [tool({ type: 'object' }, x)] }, { tools: [tool({ type: 'object' }, y)] }, ...changes);
/** The required property `r` of `add`'s output, as one schema then another. */
const r = (x: unknown, y: unknown, ...changes: Expected[]) =>
  output(object({ r: x }, ['r']), object({ r: y }, ['r']), ...changes);

const I = 'tools/add/inputSchema';
const B = `${I}/properties/b`;
const O = 'tools/add/outputSchema';
const R = `${O}/properties/r`;
const number = { type: 'number' };
const integer = { type: 'integer' };
/** z.int() as Zod writes it: the bounds of a safe integer are no bound of their own. */
const zodInteger = { ...integer, minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };
const string = { type: 'string' };
const nullable = (type: string) => ({ anyOf: [{ type }, { type: 'null' }] });
const point = (x: unknown) => ({ type: 'object', properties: { x } });

export const SCHEMA_ROWS: readonly Row[] = [
  // Input properties: what a client must send.
  input(object({ b: number }), object({ b: number }, ['b']), breaking(B, 'input-required-added', 'became required')),
  input(object({}), object({ b: number }, ['b']), breaking(B, 'input-required-added', 'added, required')),
  input(object({}), object({ b: number }), additive(B, 'input-optional-added', 'added, optional')),
  input(object({ b: number }), object({}), breaking(B, 'input-property-removed', 'removed')),
  input(object({ b: number }, ['b']), object({ b: number }), risky(B, 'input-became-optional', 'became optional')),
  b(
    object({ c: string }),
    object({ c: string }, ['c']),
    breaking(`${B}/properties/c`, 'input-required-added', 'became required'),
  ),
  // Input types and values: narrowed breaks a client, widened is only risky.
  b(number, integer, breaking(B, 'input-type-narrowed', 'type narrowed: number -> integer')),
  b(string, number, breaking(B, 'input-type-narrowed', 'type changed: string -> number')),
  b(nullable('string'), string, breaking(B, 'input-type-narrowed', 'type narrowed: string, null -> string')),
  b(integer, nullable('number'), risky(B, 'input-type-widened', 'type widened: integer -> number, null')),
  b(
    { anyOf: [point(string), { type: 'null' }] },
    point(string),
    breaking(B, 'input-type-narrowed', 'type narrowed: object, null -> object'),
  ),
  b({ enum: ['a', 'b', 'c'] }, { enum: ['a', 'b'] }, breaking(B, 'input-enum-narrowed', 'enum value removed: "c"')),
  b({ enum: ['a', 'b'] }, { enum: ['a', 'b', 'd'] }, risky(B, 'input-enum-widened', 'enum value added: "d"')),
  b(string, { ...string, const: 'x' }, breaking(B, 'input-enum-narrowed', 'const added: "x"')),
  b(
    { ...string, const: 'a' },
    { ...string, enum: ['a', 'b'] },
    risky(B, 'input-enum-widened', 'enum value added: "b"'),
  ),
  b(
    { ...string, const: 'a' },
    { ...string, const: 'b' },
    breaking(B, 'input-enum-narrowed', 'const changed: "a" -> "b"'),
  ),
  b(number, zodInteger, breaking(B, 'input-type-narrowed', 'type narrowed: number -> integer')),
  b(
    { ...number, maximum: 10 },
    { ...number, maximum: 5 },
    breaking(B, 'input-bound-tightened', 'maximum lowered: 10 -> 5'),
  ),
  b(string, { ...string, maxLength: 20 }, breaking(B, 'input-bound-tightened', 'maxLength added: 20')),
  b(
    { ...number, minimum: 1, maximum: 10 },
    { ...number, minimum: 0 },
    risky(B, 'input-bound-loosened', 'minimum lowered: 1 -> 0'),
    risky(B, 'input-bound-loosened', 'maximum removed: 10'),
  ),
  b(string, { ...string, pattern: '^[a-z]+$' }, breaking(B, 'input-constraint-added', 'pattern added: "^[a-z]+$"')),
  b({ ...string, format: 'email' }, string, risky(B, 'input-constraint-removed', 'format removed: "email"')),
  b(
    { ...string, pattern: '^a' },
    { ...string, pattern: '^b' },
    risky(B, 'constraint-changed', 'pattern changed: "^a" -> "^b"'),
  ),
  input(
    object({}),
    { ...object({}), additionalProperties: false },
    breaking(I, 'input-closed', 'additionalProperties closed'),
  ),
  input(
    { ...object({}), additionalProperties: false },
    object({}),
    risky(I, 'input-opened', 'additionalProperties opened'),
  ),
  // Into items, anyOf members (by index when as many) and $defs.
  b(
    { type: 'array', items: number },
    { type: 'array', items: integer },
    breaking(`${B}/items`, 'input-type-narrowed', 'type narrowed: number -> integer'),
  ),
  b(
    { anyOf: [point(string), point(number)] },
    { anyOf: [point(string), point(integer)] },
    breaking(`${B}/anyOf/1/properties/x`, 'input-type-narrowed', 'type narrowed: number -> integer'),
  ),
  b(
    { anyOf: [point(string), point(number)] },
    { anyOf: [point(string)] },
    breaking(`${B}/anyOf/1`, 'input-type-narrowed', 'anyOf member removed'),
  ),
  b(
    { anyOf: [point(string)] },
    { anyOf: [point(string), point(number)] },
    risky(`${B}/anyOf/1`, 'input-type-widened', 'anyOf member added'),
  ),
  input(
    { $defs: { P: point(number) } },
    { $defs: { P: point(integer) } },
    breaking(`${I}/$defs/P/properties/x`, 'input-type-narrowed', 'type narrowed: number -> integer'),
  ),
  // Words and defaults; a keyword without a rule, or of an odd shape, is still a change.
  b(number, { ...number, description: 'the addend' }, risky(B, 'text-changed', 'description added')),
  b({ ...number, default: 1 }, { ...number, default: 2 }, risky(B, 'default-changed', 'default changed: 1 -> 2')),
  b(number, { ...number, multipleOf: 2 }, risky(B, 'changed', 'multipleOf added: 2')),
  b({ ...number, maximum: '10' }, { ...number, maximum: 5 }, risky(B, 'changed', 'maximum changed: "10" -> 5')),
  input(
    object({ b: true, c: false }),
    object({ b: string, c: {} }),
    breaking(B, 'input-type-narrowed', 'type narrowed: any -> string'),
    risky(`${I}/properties/c`, 'changed', 'schema changed'),
  ),
  input({ type: 'object', properties: 'b' }, object({ b: number }), risky(I, 'changed', 'properties changed')),
  // Output: the mirror, since a client parses what the server sends.
  output(object({ r: number }, ['r']), object({}), breaking(R, 'output-property-removed', 'removed')),
  output(
    object({ r: number }, ['r']),
    object({ r: number }),
    breaking(R, 'output-property-optional', 'became optional'),
  ),
  output(object({}), object({ r: number }, ['r']), additive(R, 'output-property-added', 'added')),
  output(object({ r: number }), object({ r: number }, ['r']), risky(R, 'output-property-required', 'became required')),
  r(number, nullable('number'), breaking(R, 'output-type-widened', 'type widened: number -> number, null')),
  r(string, number, breaking(R, 'output-type-widened', 'type changed: string -> number')),
  r(number, integer, risky(R, 'output-type-narrowed', 'type narrowed: number -> integer')),
  r({ enum: ['a', 'b'] }, { enum: ['a', 'b', 'c'] }, breaking(R, 'output-enum-widened', 'enum value added: "c"')),
  r({ enum: ['a', 'b', 'c'] }, { enum: ['a', 'b'] }, risky(R, 'output-enum-narrowed', 'enum value removed: "c"')),
  r({ ...string, maxLength: 10 }, string, breaking(R, 'output-bound-loosened', 'maxLength removed: 10')),
  r({ type: 'array' }, { type: 'array', minItems: 1 }, risky(R, 'output-bound-tightened', 'minItems added: 1')),
  r(
    { ...string, format: 'date-time' },
    string,
    breaking(R, 'output-constraint-removed', 'format removed: "date-time"'),
  ),
  r(string, { ...string, pattern: '^[0-9]+$' }, risky(R, 'output-constraint-added', 'pattern added: "^[0-9]+$"')),
  output(
    { ...object({}), additionalProperties: false },
    object({}),
    breaking(O, 'output-opened', 'additionalProperties opened'),
  ),
  output(
    object({}),
    { ...object({}), additionalProperties: false },
    risky(O, 'output-closed', 'additionalProperties closed'),
  ),
  output(object({}), undefined, breaking(O, 'output-schema-removed', 'removed')),
  output(undefined, object({}), additive(O, 'output-schema-added', 'added')),
];
