// Each difference of two snapshots of a server's surface, classified breaking, risky or additive
// (RULES), for `zod-mcp snapshot --check` and a project's own tests (docs/testing.md).
import type { Comparison, Snapshot } from '../../schemas/snapshot.js';
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
import { compareSchema } from './compare-schema.js';

export { RULES } from './compare-rules.js';

type Item = Record<string, unknown>;
/** Compares one field of an item; `path` already ends in the field's key. */
type Field = (walk: Walk, path: string, key: string, before: unknown, after: unknown) => void;

/**
 * Every difference, each in its rule's class, in the order found: tools, resources, resourceTemplates,
 * prompts (each list by name or URI in code-point order, an item's fields in key order), then the eras
 * and their capabilities, then the server. Descriptions and titles on one side only are not changes when
 * either snapshot is structural; the server's version never is one (it changes on every release).
 */
export function compareSnapshots(before: Snapshot, after: Snapshot): Comparison {
  const [a, b]: [Item, Item] = [isObject(before) ? before : {}, isObject(after) ? after : {}];
  const walk: Walk = {
    out: { breaking: [], risky: [], additive: [] },
    structural: a.structural === true || b.structural === true,
  };
  for (const list of LISTS) compareList(walk, list, readOwn(a, list.name), readOwn(b, list.name));
  compareEras(walk, readOwn(a, 'eras'), readOwn(b, 'eras'));
  compareItem(walk, 'server', readOwn(a, 'server'), readOwn(b, 'server'), SERVER);
  return walk.out;
}

interface List {
  readonly name: string;
  /** What its items are called in the rules: `tool-removed`, `template-added`. */
  readonly kind: 'tool' | 'resource' | 'template' | 'prompt';
  /** The field naming an item: one renamed is one removed and another added. */
  readonly id: string;
  readonly fields: Record<string, Field>;
}

/** Items by their identity: one on one side only is removed or added, the rest compared field by field. */
function compareList(walk: Walk, { name, kind, id, fields }: List, before: unknown, after: unknown): void {
  const [x, y] = [mapById(before, id), mapById(after, id)];
  for (const key of mergeKeys(x.keys(), y.keys())) {
    const path = `${name}/${key}`;
    if (!y.has(key)) recordChange(walk, `${kind}-removed`, path, 'removed');
    else if (!x.has(key)) recordChange(walk, `${kind}-added`, path, 'added');
    else compareItem(walk, path, x.get(key), y.get(key), fields);
  }
}

function mapById(list: unknown, id: string): Map<string, Item> {
  const items = Array.isArray(list) ? list.filter(isObject) : [];
  return new Map(items.map((item) => [String(readOwn(item, id)), item]));
}

/** Field by field in key order: a field without its own comparison is compared as `other` says. */
function compareItem(
  walk: Walk,
  path: string,
  before: unknown,
  after: unknown,
  fields: Record<string, Field>,
  other: Field = recordAs('changed'),
): void {
  if (!isObject(before) || !isObject(after)) {
    if (!isSame(before, after)) recordChange(walk, 'changed', path, 'changed');
    return;
  }
  for (const key of mergeKeys(Object.keys(before), Object.keys(after))) {
    const compare = Object.hasOwn(fields, key) ? fields[key] : undefined;
    (compare ?? other)(walk, `${path}/${key}`, key, readOwn(before, key), readOwn(after, key));
  }
}

/** A field whose every change is one rule: `key changed: 1 -> 2`, `key added`, `key removed`. */
function recordAs(rule: Rule): Field {
  return (walk, path, key, before, after) => {
    if (!isSame(before, after)) recordChange(walk, rule, path, describeChange(key, before, after));
  };
}

const ignore: Field = () => {};
/** What every item may have: a title and a description for the reader, and _meta. */
const COMMON: Record<string, Field> = { title: compareText, description: compareText, _meta: recordAs('meta-changed') };

/** readOnlyHint is false unless said; destructiveHint true unless said (MCP's defaults for a tool). */
const ANNOTATION: Record<string, Field> = {
  title: compareText,
  readOnlyHint: (walk, path, key, before, after) => {
    const [was, is] = [before === true, after === true];
    if (was && !is) recordChange(walk, 'read-only-lost', path, `${key} turned false`);
    if (!was && is) recordChange(walk, 'read-only-gained', path, `${key} turned true`);
  },
  destructiveHint: (walk, path, key, before, after) => {
    const [was, is] = [before !== false, after !== false];
    if (!was && is) recordChange(walk, 'destructive-gained', path, `${key} turned true`);
    if (was && !is) recordChange(walk, 'destructive-lost', path, `${key} turned false`);
  },
};

const TOOL: Record<string, Field> = {
  ...COMMON,
  name: ignore,
  inputSchema: (walk, path, _key, before, after) => compareSchema(walk, 'input', path, before, after),
  outputSchema: (walk, path, _key, before, after) => {
    if (after === undefined) recordChange(walk, 'output-schema-removed', path, 'removed');
    else if (before === undefined) recordChange(walk, 'output-schema-added', path, 'added');
    else compareSchema(walk, 'output', path, before, after);
  },
  annotations: (walk, path, _key, before, after) => {
    compareItem(walk, path, before ?? {}, after ?? {}, ANNOTATION, recordAs('annotation-changed'));
  },
};

const RESOURCE: Record<string, Field> = {
  ...COMMON,
  uri: ignore,
  uriTemplate: ignore,
  mimeType: recordAs('resource-changed'),
  size: recordAs('resource-changed'),
};

const ARGUMENT: Record<string, Field> = { ...COMMON, name: ignore, required: ignore };

/** Arguments by name; a new one is breaking when required, and one that became required is too. */
const PROMPT: Record<string, Field> = {
  ...COMMON,
  name: ignore,
  arguments: (walk, path, _key, before, after) => {
    const [x, y] = [mapById(before, 'name'), mapById(after, 'name')];
    for (const name of mergeKeys(x.keys(), y.keys())) {
      const [p, q, at] = [x.get(name), y.get(name), `${path}/${name}`];
      const [was, is] = [p?.required === true, q?.required === true];
      if (q === undefined) recordChange(walk, 'argument-removed', at, 'removed');
      else if (p === undefined && is) recordChange(walk, 'argument-required-added', at, 'added, required');
      else if (p === undefined) recordChange(walk, 'argument-optional-added', at, 'added, optional');
      else {
        if (!was && is) recordChange(walk, 'argument-required-added', at, 'became required');
        if (was && !is) recordChange(walk, 'argument-became-optional', at, 'became optional');
        compareItem(walk, at, p, q, ARGUMENT);
      }
    }
  },
};

/** A capability is an object of capabilities or a flag: one gone or turned false is breaking. */
const compareCapabilities: Field = (walk, path, key, before, after) => {
  if (isObject(before) && isObject(after)) {
    for (const name of mergeKeys(Object.keys(before), Object.keys(after))) {
      compareCapabilities(walk, `${path}/${name}`, name, readOwn(before, name), readOwn(after, name));
    }
    return;
  }
  if (isSame(before, after)) return;
  if (after === undefined && before !== false) recordChange(walk, 'capability-removed', path, 'removed');
  else if (before === true && after === false) recordChange(walk, 'capability-removed', path, 'turned false');
  else if (before === undefined && after !== false) recordChange(walk, 'capability-added', path, 'added');
  else if (before === false && after === true) recordChange(walk, 'capability-added', path, 'turned true');
  else recordChange(walk, 'changed', path, describeChange(key, before, after));
};

const ERA: Record<string, Field> = {
  protocolVersion: recordAs('protocol-version-changed'),
  capabilities: compareCapabilities,
};

function compareEras(walk: Walk, before: unknown, after: unknown): void {
  const keys = (eras: unknown) => (isObject(eras) ? Object.keys(eras) : []);
  for (const key of mergeKeys(keys(before), keys(after))) {
    const [x, y, path] = [readOwn(before, key), readOwn(after, key), `eras/${key}`];
    if (y === undefined) recordChange(walk, 'era-removed', path, 'no longer served');
    else if (x === undefined) recordChange(walk, 'era-added', path, 'now served');
    else compareItem(walk, path, x, y, ERA);
  }
}

const SERVER: Record<string, Field> = {
  ...COMMON,
  instructions: compareText,
  name: recordAs('server-name-changed'),
  version: ignore,
};

/** The lists of a snapshot, in the order their changes are reported. */
const LISTS: readonly List[] = [
  { name: 'tools', kind: 'tool', id: 'name', fields: TOOL },
  { name: 'resources', kind: 'resource', id: 'uri', fields: RESOURCE },
  { name: 'resourceTemplates', kind: 'template', id: 'uriTemplate', fields: RESOURCE },
  { name: 'prompts', kind: 'prompt', id: 'name', fields: PROMPT },
];
