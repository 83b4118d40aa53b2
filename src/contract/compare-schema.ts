// The differences of two JSON Schemas (draft 2020-12, as Zod 4 writes them), node by node: a tool's
// input breaks clients when it takes less, its output when it may hold more (schema-facets.ts).
import { isObject } from './canonical.js';
import {
  compareText,
  describeChange,
  isSame,
  mergeKeys,
  readOwn,
  recordChange,
  type Rule,
  type Walk,
} from './compare-rules.js';
import {
  type At,
  compareBounds,
  compareConstraints,
  compareTypes,
  compareValues,
  isKnown,
  isString,
  normalizeSchema,
  readPair,
  recordFacet,
  type Schema,
  type Side,
  VARIANTS,
} from './schema-facets.js';

/**
 * Every difference of `before` and `after` at `path`: the node's own keywords (type, enum and const, bounds,
 * pattern and format, additionalProperties, title, description, default), then its children (properties by
 * name, items, anyOf/oneOf/allOf members, $defs by name), then any other keyword.
 */
export function compareSchema(walk: Walk, side: Side, path: string, before: unknown, after: unknown): void {
  const a = normalizeSchema(before);
  const b = normalizeSchema(after);
  if (!isObject(a) || !isObject(b)) {
    if (!isSame(a, b)) recordChange(walk, 'changed', path, 'schema changed');
    return;
  }
  const at = { walk, side, path };
  compareTypes(at, a, b);
  compareValues(at, a, b);
  compareBounds(at, a, b);
  compareConstraints(at, a, b);
  compareAdditional(at, ...readPair(a, b, 'additionalProperties'));
  for (const key of ['title', 'description']) compareText(walk, path, key, ...readPair(a, b, key));
  const [oldDefault, newDefault] = readPair(a, b, 'default');
  if (!isSame(oldDefault, newDefault)) {
    recordChange(walk, 'default-changed', path, describeChange('default', oldDefault, newDefault));
  }
  compareProperties(at, a, b);
  const [itemsA, itemsB] = readPair(a, b, 'items');
  if (itemsA !== undefined || itemsB !== undefined) {
    compareSchema(walk, side, `${path}/items`, itemsA ?? {}, itemsB ?? {});
  }
  for (const key of VARIANTS) compareVariants(at, key, ...readPair(a, b, key));
  for (const key of ['$defs', 'definitions']) compareDefinitions(at, key, ...readPair(a, b, key));
  for (const key of mergeKeys(Object.keys(a), Object.keys(b))) {
    const [x, y] = [readOwn(a, key), readOwn(b, key)];
    if (!isKnown(key, x, y) && !isSame(x, y)) recordChange(walk, 'changed', path, describeChange(key, x, y));
  }
}

/** false takes no other property, a schema some, true (or none) any. */
function rankOpenness(value: unknown): number {
  return value === false ? 0 : isObject(value) && Object.keys(value).length > 0 ? 1 : 2;
}

function compareAdditional(at: At, before: unknown, after: unknown): void {
  if (isObject(before) && isObject(after)) {
    compareSchema(at.walk, at.side, `${at.path}/additionalProperties`, before, after);
    return;
  }
  const [x, y] = [rankOpenness(before), rankOpenness(after)];
  if (y < x) recordFacet(at, 'closed', true, `additionalProperties ${y === 0 ? 'closed' : 'restricted'}`);
  if (y > x) recordFacet(at, 'closed', false, `additionalProperties ${x === 0 ? 'opened' : 'unrestricted'}`);
}

/** Property by property, in name order; a name only in `required` is a property of any type. */
function compareProperties(at: At, a: Schema, b: Schema): void {
  const [x, y] = readPair(a, b, 'properties');
  const [needX, needY] = readPair(a, b, 'required').map(readNames) as [Set<string>, Set<string>];
  const names = (props: unknown, need: Set<string>) => [...(isObject(props) ? Object.keys(props) : []), ...need];
  const input = at.side === 'input';
  for (const name of mergeKeys(names(x, needX), names(y, needY))) {
    const path = `${at.path}/properties/${name}`;
    const change = (rule: Rule, message: string) => recordChange(at.walk, rule, path, message);
    const [p, q] = [readOwn(x, name), readOwn(y, name)];
    const [was, is] = [needX.has(name), needY.has(name)];
    if (q === undefined && !is) change(input ? 'input-property-removed' : 'output-property-removed', 'removed');
    else if (p === undefined && !was) {
      if (!input) change('output-property-added', 'added');
      else change(is ? 'input-required-added' : 'input-optional-added', is ? 'added, required' : 'added, optional');
    } else {
      if (!was && is) change(input ? 'input-required-added' : 'output-property-required', 'became required');
      if (was && !is) change(input ? 'input-became-optional' : 'output-property-optional', 'became optional');
      compareSchema(at.walk, at.side, path, p ?? {}, q ?? {});
    }
  }
}

function readNames(list: unknown): Set<string> {
  return new Set(Array.isArray(list) ? list.filter(isString) : []);
}

/** Members by index when both lists are as long; else each member not found in the other list. */
function compareVariants(at: At, key: string, before: unknown, after: unknown): void {
  if (!Array.isArray(before) || !Array.isArray(after)) return;
  if (before.length === after.length) {
    for (const [index, member] of before.entries()) {
      compareSchema(at.walk, at.side, `${at.path}/${key}/${index}`, member, after[index]);
    }
    return;
  }
  // One member more in anyOf or oneOf takes more values; one more in allOf takes fewer.
  const narrowedWhenRemoved = key !== 'allOf';
  const removed = [...before.entries()].filter(([, member]) => !after.some((other) => isSame(member, other)));
  const added = [...after.entries()].filter(([, member]) => !before.some((other) => isSame(member, other)));
  for (const [index] of removed) {
    recordFacet(at, 'type', narrowedWhenRemoved, `${key} member removed`, `${at.path}/${key}/${index}`);
  }
  for (const [index] of added) {
    recordFacet(at, 'type', !narrowedWhenRemoved, `${key} member added`, `${at.path}/${key}/${index}`);
  }
  if (removed.length + added.length === 0) recordChange(at.walk, 'changed', at.path, `${key} changed`);
}

/** `$defs` by name; one added or removed is only risky, since what breaks is a `$ref` changed. */
function compareDefinitions(at: At, key: string, before: unknown, after: unknown): void {
  const names = (definitions: unknown) => (isObject(definitions) ? Object.keys(definitions) : []);
  for (const name of mergeKeys(names(before), names(after))) {
    const [x, y] = [readOwn(before, name), readOwn(after, name)];
    const path = `${at.path}/${key}/${name}`;
    if (x !== undefined && y !== undefined) compareSchema(at.walk, at.side, path, x, y);
    else recordChange(at.walk, 'changed', path, x === undefined ? 'added' : 'removed');
  }
}
