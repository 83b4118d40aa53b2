// The contract every capability of a server keeps: a module declares the McpServer options it reads and
// builds its part from them and from what the modules before it provide. McpServer is the composition
// of a table of them (features/table.ts); a module that needs another asks through `Provided`, never
// through the server's fields.
import type { EventBus } from '../core/events.js';
import type { Dispatcher } from '../core/dispatcher.js';
import type { TaskRuntime } from '../core/tasks/runtime.js';
import type { Toolsets } from '../core/toolsets.js';
import type { SchemaProfile } from '../schema/json-schema/profiles.js';
import type { Discovery } from './discovery/search.js';
import type { Extension, Feature } from './feature.js';
import type { PromptsFeature } from './prompts/index.js';
import type { ResourcesFeature } from './resources/index.js';
import type { ToolsFeature } from './tools/index.js';
import type { Tool } from './tools/define.js';

/** What every list shares: its page size, whether it may change, where changes are told, the default timeout. */
export interface ListSettings {
  readonly pageSize: number;
  readonly listChanged: boolean;
  readonly events: EventBus;
  readonly timeoutMs: number | undefined;
}

/** What the modules before one provide it: registries to read and add to, the task runtime. */
export interface Provided {
  /** The toolsets the server declares, when it declares any. */
  readonly toolsets?: Toolsets;
  /** How tools/list shows the tools (list or search), and search mode's parts. */
  readonly discovery?: Discovery;
  readonly tools?: ToolsFeature;
  readonly resources?: ResourcesFeature;
  readonly prompts?: PromptsFeature;
  /** The runtime of the calls that become tasks; `served` when the server serves the tasks extension. */
  readonly tasks?: { readonly runtime: TaskRuntime; readonly served: boolean };
  /** The extensions declared by the modules before (the apps', the option's). */
  readonly extensions: readonly Extension[];
}

/** What a module is built from. */
export interface ModuleSetup<O> {
  /** McpServer's options (a module reads only those it declares). */
  readonly options: O;
  readonly lists: ListSettings;
  readonly schemaProfile: SchemaProfile;
  /** Where internal errors go (`onError`, or stderr). */
  readonly report: (error: unknown) => void;
  readonly provided: Provided;
}

/** What a module adds to the server. Every member may be left out. */
export interface Contribution {
  /** Capabilities and methods, merged into the one table. */
  readonly feature?: Feature;
  /** Provided to the modules after it. */
  readonly provides?: Partial<Omit<Provided, 'extensions'>>;
  /** Extensions it declares (in both eras), and the resources served for them (by the resources module). */
  readonly extensions?: readonly Extension[];
  /** Extension ids declared on 2026 only (tasks: the extension is a 2026 one). */
  readonly only2026?: readonly string[];
  /** Runs for a tool added while serving, before it is added: may refuse it (throw), or get ready for it. */
  readonly admitTool?: (tool: Tool, provided: Provided) => void;
  /** Called once the request path is built: what a module must do with it (telemetry loads, middleware is added). */
  readonly started?: (dispatcher: Dispatcher) => void;
}

/** One capability of the server, declared once: the options it reads, and what it makes of them. */
export interface ServerModule<O> {
  readonly name: string;
  /** The McpServer options it reads: an option no module (nor the server's identity) names is refused. */
  readonly options: readonly (keyof O & string)[];
  setup(setup: ModuleSetup<O>): Contribution | undefined;
}

/** `feature`, or the error of a server built without it (`addResource` on a server of no resources). */
export function served<F>(feature: F | undefined, name: 'tools' | 'resources' | 'prompts'): F {
  if (feature === undefined)
    throw new TypeError(`this server serves no ${name}: give the ${name} option (even empty) to serve them`);
  return feature;
}
