// What a client's strings may become in telemetry. A metric's label value is one the server defined
// (its methods, tools, prompts, protocol versions) or `_OTHER`: a client naming 20,000 unknown tools
// must not make 20,000 series. A span keeps the client's strings, cut to a bound, but its name too
// uses only defined names (a span name is what backends group and index by).
import { VERSIONS_2025, VERSIONS_2026 } from '../era.js';

/** The value of a label, or a span name's part, that the server did not define. */
export const OTHER = '_OTHER';

/** What the server defines, asked when a request is measured (tools and prompts change while serving). */
export interface DefinedNames {
  method(name: string): boolean;
  tool(name: string): boolean;
  prompt(name: string): boolean;
}

/** The names a server defines: the methods of its tables, and its tools and prompts as they are when asked. */
export function definedNames(
  methods: readonly ReadonlyMap<string, unknown>[],
  tools: Named | undefined,
  prompts: Named | undefined,
): DefinedNames {
  return {
    method: (name) => methods.some((table) => table.has(name)),
    tool: (name) => tools?.get(name) !== undefined,
    prompt: (name) => prompts?.get(name) !== undefined,
  };
}

/** A registry of names (the server's tools, its prompts). */
export interface Named {
  get(name: string): unknown;
}

/** The longest value, in UTF-16 code units, of an attribute read off a request: names and ids, URIs. */
export const ATTRIBUTE_BOUNDS = { name: 1024, uri: 8192 } as const;

/** `value` when the server defined it, else `_OTHER`. */
export function labelOf(value: string, defined: boolean): string {
  return defined ? value : OTHER;
}

/** A protocol version this server speaks, or `_OTHER`. */
export function versionLabel(version: string): string {
  return labelOf(version, VERSIONS_2025.has(version) || VERSIONS_2026.has(version));
}

/**
 * `value` when it fits `max`, else its first `max - 1` code units and `…` (a surrogate pair never cut),
 * copied: a slice of a long string would keep the whole string alive as long as the span is.
 */
export function bounded(value: string, max: number): string {
  if (value.length <= max) return value;
  let end = max - 1;
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return JSON.parse(JSON.stringify(`${value.slice(0, end)}…`)) as string;
}
