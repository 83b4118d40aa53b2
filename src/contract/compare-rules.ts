// The rules a difference of two snapshots is classified by, and the few ways a change is recorded.
// A class follows polarity: what a client sends (input) breaks when it is narrowed, what the server
// sends (output) breaks when it is widened; the mirror of each is risky (docs/testing.md).
import type { ChangeClass, Comparison } from '../../schemas/snapshot.js';
import { isObject, sortedDeep } from './canonical.js';

interface RuleText {
  readonly class: ChangeClass;
  readonly text: string;
}

/** Every rule a change can carry, with its class and what it means, in the order docs print them. */
export const RULES = {
  'tool-removed': { class: 'breaking', text: 'a tool is no longer listed' },
  'resource-removed': { class: 'breaking', text: 'a resource is no longer listed' },
  'template-removed': { class: 'breaking', text: "a resource template's URI template is no longer listed" },
  'prompt-removed': { class: 'breaking', text: 'a prompt is no longer listed' },
  'input-property-removed': { class: 'breaking', text: 'an input property was removed' },
  'input-required-added': { class: 'breaking', text: 'an input property made required, or a required one added' },
  'input-type-narrowed': { class: 'breaking', text: 'an input takes fewer or other types, or fewer anyOf members' },
  'input-enum-narrowed': { class: 'breaking', text: 'an input takes fewer values: enum value removed, const added' },
  'input-bound-tightened': { class: 'breaking', text: 'an input bound (minimum, maxLength, …) added or tightened' },
  'input-constraint-added': { class: 'breaking', text: 'an input pattern or format added' },
  'input-closed': { class: 'breaking', text: 'an input object takes fewer additional properties' },
  'output-property-removed': { class: 'breaking', text: 'an output property was removed' },
  'output-property-optional': { class: 'breaking', text: 'an output property is no longer required' },
  'output-type-widened': { class: 'breaking', text: 'an output has more or other types, or more anyOf members' },
  'output-enum-widened': { class: 'breaking', text: 'an output has more values: enum value added, const removed' },
  'output-bound-loosened': { class: 'breaking', text: 'an output bound loosened or removed' },
  'output-constraint-removed': { class: 'breaking', text: 'an output pattern or format removed' },
  'output-opened': { class: 'breaking', text: 'an output object may have more additional properties' },
  'output-schema-removed': { class: 'breaking', text: 'a tool no longer declares its structured output' },
  'read-only-lost': { class: 'breaking', text: 'a tool no longer says it is read-only' },
  'destructive-gained': { class: 'breaking', text: 'a tool that said it was not destructive no longer does' },
  'argument-removed': { class: 'breaking', text: 'a prompt argument was removed' },
  'argument-required-added': { class: 'breaking', text: 'a prompt argument made required, or a required one added' },
  'era-removed': { class: 'breaking', text: 'an era (protocol generation) is no longer served' },
  'capability-removed': { class: 'breaking', text: 'a capability an era declared is gone or turned false' },
  'text-changed': { class: 'risky', text: 'a description, title or the instructions changed, added or removed' },
  'default-changed': { class: 'risky', text: 'a default changed, added or removed' },
  'constraint-changed': { class: 'risky', text: 'a pattern or format changed to another' },
  'input-became-optional': { class: 'risky', text: 'a required input property became optional' },
  'input-type-widened': { class: 'risky', text: 'an input takes more types, or more anyOf members' },
  'input-enum-widened': { class: 'risky', text: 'an input takes more values: enum value added, const removed' },
  'input-bound-loosened': { class: 'risky', text: 'an input bound loosened or removed' },
  'input-constraint-removed': { class: 'risky', text: 'an input pattern or format removed' },
  'input-opened': { class: 'risky', text: 'an input object takes more additional properties' },
  'output-property-required': { class: 'risky', text: 'an output property became required' },
  'output-type-narrowed': { class: 'risky', text: 'an output has fewer types, or fewer anyOf members' },
  'output-enum-narrowed': { class: 'risky', text: 'an output has fewer values: enum value removed, const added' },
  'output-bound-tightened': { class: 'risky', text: 'an output bound added or tightened' },
  'output-constraint-added': { class: 'risky', text: 'an output pattern or format added' },
  'output-closed': { class: 'risky', text: 'an output object may have fewer additional properties' },
  'annotation-changed': { class: 'risky', text: 'an annotation other than readOnlyHint or destructiveHint changed' },
  'resource-changed': { class: 'risky', text: "a resource's or template's mimeType or size changed" },
  'meta-changed': { class: 'risky', text: '_meta changed, added or removed' },
  'argument-became-optional': { class: 'risky', text: 'a required prompt argument became optional' },
  'protocol-version-changed': { class: 'risky', text: 'the protocol version an era speaks changed' },
  'server-name-changed': { class: 'risky', text: "the server's name changed" },
  changed: { class: 'risky', text: 'any other difference: nothing is left out' },
  'tool-added': { class: 'additive', text: 'a tool was added' },
  'resource-added': { class: 'additive', text: 'a resource was added' },
  'template-added': { class: 'additive', text: 'a resource template was added' },
  'prompt-added': { class: 'additive', text: 'a prompt was added' },
  'input-optional-added': { class: 'additive', text: 'an optional input property was added' },
  'output-property-added': { class: 'additive', text: 'an output property was added' },
  'output-schema-added': { class: 'additive', text: 'a tool now declares its structured output' },
  'read-only-gained': { class: 'additive', text: 'a tool now says it is read-only' },
  'destructive-lost': { class: 'additive', text: 'a tool now says it is not destructive' },
  'argument-optional-added': { class: 'additive', text: 'an optional prompt argument was added' },
  'era-added': { class: 'additive', text: 'an era is now served' },
  'capability-added': { class: 'additive', text: 'a capability was added or turned true' },
} as const satisfies Record<string, RuleText>;

export type Rule = keyof typeof RULES;

/** What a comparison carries down: where changes go, and whether texts absent on one side count. */
export interface Walk {
  readonly out: Comparison;
  /** Either snapshot was written without descriptions and titles. */
  readonly structural: boolean;
}

export function recordChange(walk: Walk, rule: Rule, path: string, message: string): void {
  walk.out[RULES[rule].class].push({ path, rule, message });
}

/** A description, title or instructions; one left out of a structural snapshot is not a change. */
export function compareText(walk: Walk, path: string, key: string, before: unknown, after: unknown): void {
  if (isSame(before, after)) return;
  if (walk.structural && (before === undefined || after === undefined)) return;
  const verb = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
  recordChange(walk, 'text-changed', path, `${key} ${verb}`);
}

/** `key added: 1`, `key removed`, `key changed: 1 -> 2`: the values shown when they are short scalars. */
export function describeChange(key: string, before: unknown, after: unknown): string {
  if (before === undefined) return `${key} added${showScalar(after)}`;
  if (after === undefined) return `${key} removed${showScalar(before)}`;
  if (showScalar(before) === '' || showScalar(after) === '') return `${key} changed`;
  return `${key} changed: ${showValue(before)} -> ${showValue(after)}`;
}

function showScalar(value: unknown): string {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value) ? `: ${showValue(value)}` : '';
}

/** A value as JSON (`"c"`, `10`, `null`), so a string is told from a number. */
export function showValue(value: unknown): string {
  return JSON.stringify(sortedDeep(value)) ?? String(value);
}

/** Equal as JSON, whatever the order of object keys. */
export function isSame(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortedDeep(a)) === JSON.stringify(sortedDeep(b));
}

/** A key's own value: a property named `__proto__` or `toString` is data, never the prototype's. */
export function readOwn(value: unknown, key: string): unknown {
  return isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** The keys of both, each once, in code-point order (the same on every machine). */
export function mergeKeys(a: Iterable<string>, b: Iterable<string>): string[] {
  return [...new Set([...a, ...b])].sort();
}
