// A feature (tools; resources, prompts, completion next) is its capability and its methods, era-blind:
// no `_meta` envelope, no `resultType`, no cache fields. McpServer merges features into one table.
import type { ServerCapabilities } from '../../schemas/common.js';
import type { Method } from '../core/method.js';
import type { Resource, ResourceTemplate } from './resources/define.js';

export interface Feature {
  readonly capabilities: ServerCapabilities;
  readonly methods: Readonly<Record<string, Method>>;
}

/** One capability object and one method table; two features claiming one method is a bug, refused. */
export function mergeFeatures(features: readonly Feature[]): {
  capabilities: ServerCapabilities;
  methods: Map<string, Method>;
} {
  const capabilities: ServerCapabilities = {};
  const methods = new Map<string, Method>();
  for (const feature of features) {
    Object.assign(capabilities, feature.capabilities);
    for (const [name, method] of Object.entries(feature.methods)) {
      if (methods.has(name)) throw new TypeError(`method ${name} is served by two features`);
      methods.set(name, method);
    }
  }
  return { capabilities, methods };
}

/**
 * An MCP extension (SEP-2133): methods of its own, resources it serves through the resources feature,
 * and its settings, declared on 2026 as `capabilities.extensions[id]`. Served in both eras.
 */
export interface Extension {
  readonly id: string;
  readonly settings: Readonly<Record<string, unknown>>;
  readonly methods: Readonly<Record<string, Method>>;
  /** Served with the server's own resources (and turning the resources feature on). */
  readonly resources?: readonly (Resource | ResourceTemplate)[];
}

type Declared = Record<string, Record<string, unknown>>;

/**
 * The capabilities each era declares: the features', `logging`, and the extensions. Extensions are
 * declared in both eras (a 2025 capability object is open, and the official SDK v2 reads `extensions`
 * from either answer), each where it is served: `only2026` (tasks) on 2026 only.
 */
export function declareCapabilities(
  features: ServerCapabilities,
  extensions: readonly Extension[],
  only2026: readonly string[],
): { capabilities2025: ServerCapabilities; capabilities2026: ServerCapabilities } {
  const served: Declared = Object.fromEntries(extensions.map((extension) => [extension.id, { ...extension.settings }]));
  if (Object.keys(served).length !== extensions.length) throw new TypeError('an extension is given twice');
  const withExtensions = (declared: Declared): ServerCapabilities =>
    Object.keys(declared).length === 0
      ? { ...features, logging: {} }
      : { ...features, logging: {}, extensions: declared };
  const latest: Declared = { ...served };
  for (const id of only2026) latest[id] = {};
  return { capabilities2025: withExtensions(served), capabilities2026: withExtensions(latest) };
}
