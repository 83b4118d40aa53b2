// What one schema node says, facet by facet, each compared by polarity: the types it takes (Zod's
// nullable read as a type list; an integer is a number), its values (enum, const), bounds, pattern, format.
import { isObject } from './canonical.js';
import { describeChange, isSame, readOwn, recordChange, type Rule, showValue, type Walk } from './compare-rules.js';

/** Whose values the schema describes: what the client sends, or what the server sends. */
export type Side = 'input' | 'output';
export type Schema = Record<string, unknown>;
type Facet = 'type' | 'enum' | 'bound' | 'constraint' | 'closed';

/** The rule of a facet's change: [narrowed, widened], prefixed by the side. */
const WORDS = {
  type: ['type-narrowed', 'type-widened'],
  enum: ['enum-narrowed', 'enum-widened'],
  bound: ['bound-tightened', 'bound-loosened'],
  constraint: ['constraint-added', 'constraint-removed'],
  closed: ['closed', 'opened'],
} as const;

/** Bounds by keyword: a lower one raised, or an upper one lowered, takes fewer values. */
const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];
export const VARIANTS = ['anyOf', 'oneOf', 'allOf'];

const TYPE_ORDER = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

type Shape = (value: unknown) => boolean;
export const isString = (value: unknown): value is string => typeof value === 'string';
const isSchema = (value: unknown) => typeof value === 'boolean' || isObject(value);
const shapeAll = (keys: string[], shape: Shape) => Object.fromEntries(keys.map((key) => [key, shape]));

/** The keywords compared by their meaning, each with the shape it must have; any other goes to `changed`. */
const SHAPES: Record<string, Shape> = {
  type: (value) => isString(value) || (Array.isArray(value) && value.every(isString)),
  required: (value) => Array.isArray(value) && value.every(isString),
  ...shapeAll(['const', 'default'], () => true),
  ...shapeAll(['pattern', 'format', 'title', 'description'], isString),
  ...shapeAll(['properties', '$defs', 'definitions'], isObject),
  ...shapeAll(['additionalProperties', 'items'], isSchema),
  ...shapeAll([...LOWER, ...UPPER], (value) => typeof value === 'number'),
  ...shapeAll(['enum', ...VARIANTS], Array.isArray),
};

/** A keyword of SHAPES whose values have their shape (both present, for anyOf and the like). */
export function isKnown(key: string, before: unknown, after: unknown): boolean {
  const shape = Object.hasOwn(SHAPES, key) ? SHAPES[key] : undefined;
  if (shape === undefined) return false;
  if (VARIANTS.includes(key)) return shape(before) && shape(after);
  return [before, after].every((value) => value === undefined || shape(value));
}

/** A keyword's two values when it is compared by its meaning; else none, and the catch-all says what changed. */
export function readPair(a: Schema, b: Schema, key: string): [unknown, unknown] {
  const [x, y] = [readOwn(a, key), readOwn(b, key)];
  return isKnown(key, x, y) ? [x, y] : [undefined, undefined];
}

export interface At {
  readonly walk: Walk;
  readonly side: Side;
  readonly path: string;
}

/** One facet's change; `narrowed` says which way, and a change both ways counts as the breaking one. */
export function recordFacet(at: At, facet: Facet, narrowed: boolean, message: string, path = at.path): void {
  const rule: Rule = `${at.side}-${WORDS[facet][narrowed ? 0 : 1]}`;
  recordChange(at.walk, rule, path, message);
}

/**
 * `true` is the empty schema; Zod's nullable (`anyOf` of a typed member and `{type: 'null'}`) and an
 * `anyOf` of bare types are read as one schema whose `type` lists them all.
 */
export function normalizeSchema(schema: unknown): unknown {
  if (schema === true) return {};
  if (!isObject(schema) || Object.hasOwn(schema, 'type')) return schema;
  for (const key of ['anyOf', 'oneOf']) {
    const members = readOwn(schema, key);
    if (!Array.isArray(members) || members.length < 2) continue;
    const types = members.map((member) => readTypes(readOwn(member, 'type')));
    if (!types.every((type) => type !== undefined)) continue;
    const rest = Object.fromEntries(Object.entries(schema).filter(([name]) => name !== key));
    const type = types.flat();
    if (members.every((member) => isObject(member) && Object.keys(member).length === 1)) return { ...rest, type };
    const typed = members.filter((member) => !isSame(member, { type: 'null' }));
    if (typed.length === 1 && isObject(typed[0])) return { ...typed[0], ...rest, type };
  }
  return schema;
}

/** The JSON types a `type` keyword names, in a fixed order; undefined when it names none (any type). */
function readTypes(type: unknown): string[] | undefined {
  const list = isString(type) ? [type] : Array.isArray(type) ? type.filter(isString) : undefined;
  const rank = (name: string) => TYPE_ORDER.indexOf(name) + 1 || TYPE_ORDER.length + 1;
  return list && [...new Set(list)].sort((x, y) => rank(x) - rank(y) || (x < y ? -1 : x > y ? 1 : 0));
}

/** Every type of `inner` is one of `outer` (an integer is a number); any type holds every other. */
function isWithin(inner: string[] | undefined, outer: string[] | undefined): boolean {
  if (outer === undefined) return true;
  if (inner === undefined) return false;
  return inner.every((type) => outer.includes(type) || (type === 'integer' && outer.includes('number')));
}

/** A type gained is widened, one lost narrowed, both (string to number) a change that breaks either side. */
export function compareTypes(at: At, a: Schema, b: Schema): void {
  const [before, after] = readPair(a, b, 'type').map(readTypes);
  const widened = isWithin(before, after);
  const narrowed = isWithin(after, before);
  if (widened && narrowed) return;
  const words = `${before?.join(', ') ?? 'any'} -> ${after?.join(', ') ?? 'any'}`;
  if (widened) recordFacet(at, 'type', false, `type widened: ${words}`);
  else if (narrowed) recordFacet(at, 'type', true, `type narrowed: ${words}`);
  else recordFacet(at, 'type', at.side === 'input', `type changed: ${words}`);
}

/** `enum` value by value, a `const` as an enum of one: z.literal('a') to z.enum(['a', 'b']) takes more. */
export function compareValues(at: At, a: Schema, b: Schema): void {
  const [[x, keyX], [y, keyY]] = [readValues(a), readValues(b)];
  if (x === undefined && y === undefined) return;
  if (x === undefined || y === undefined) {
    const [values, key, verb] = y === undefined ? [x, keyX, 'removed'] : [y, keyY, 'added'];
    recordFacet(at, 'enum', verb === 'added', `${key} ${verb}: ${values?.join(', ')}`);
  } else if (keyX === 'const' && keyY === 'const') {
    if (x[0] !== y[0]) recordFacet(at, 'enum', at.side === 'input', `const changed: ${x[0]} -> ${y[0]}`);
  } else {
    for (const value of x) if (!y.includes(value)) recordFacet(at, 'enum', true, `enum value removed: ${value}`);
    for (const value of y) if (!x.includes(value)) recordFacet(at, 'enum', false, `enum value added: ${value}`);
  }
}

/** The values a schema allows, as JSON, and the keyword that says so. */
function readValues(schema: Schema): [string[] | undefined, string] {
  const list = readOwn(schema, 'enum');
  if (Array.isArray(list)) return [[...new Set(list.map(showValue))], 'enum'];
  return Object.hasOwn(schema, 'const') ? [[showValue(readOwn(schema, 'const'))], 'const'] : [undefined, 'enum'];
}

/** A bound of ±Number.MAX_SAFE_INTEGER is what Zod writes for z.int(): it says integer, not a bound. */
function readBound(value: unknown): number | undefined {
  return typeof value === 'number' && Math.abs(value) !== Number.MAX_SAFE_INTEGER ? value : undefined;
}

export function compareBounds(at: At, a: Schema, b: Schema): void {
  for (const key of [...LOWER, ...UPPER]) {
    const [x, y] = readPair(a, b, key).map(readBound);
    if (x === y) continue;
    if (x === undefined) recordFacet(at, 'bound', true, `${key} added: ${y}`);
    else if (y === undefined) recordFacet(at, 'bound', false, `${key} removed: ${x}`);
    else {
      const tighter = UPPER.includes(key) ? y < x : y > x;
      recordFacet(at, 'bound', tighter, `${key} ${y < x ? 'lowered' : 'raised'}: ${x} -> ${y}`);
    }
  }
}

/** A pattern or format added or removed is a facet; one changed to another is only risky. */
export function compareConstraints(at: At, a: Schema, b: Schema): void {
  for (const key of ['pattern', 'format']) {
    const [x, y] = readPair(a, b, key);
    if (x === y) continue;
    const message = describeChange(key, x, y);
    if (x !== undefined && y !== undefined) recordChange(at.walk, 'constraint-changed', at.path, message);
    else recordFacet(at, 'constraint', x === undefined, message);
  }
}
