// The table McpServer is composed from: every capability a module, built in this order, each reading
// what the ones before it provide. Adding a capability adds a folder and a line here.
import type { ServerCapabilities } from '../../schemas/common.js';
import type { Dispatcher } from '../core/dispatcher.js';
import type { Method } from '../core/method.js';
import { appsModule } from './apps/module.js';
import { completionModule } from './completion/module.js';
import { extensionsModule, type ExtensionsModuleOptions } from './extensions.js';
import { declareCapabilities, mergeFeatures } from './feature.js';
import { discoveryModule, type DiscoveryModuleOptions } from './discovery/module.js';
import { middlewareModule, type MiddlewareModuleOptions } from './middleware/module.js';
import type { Contribution, ModuleSetup, Provided, ServerModule } from './module.js';
import { promptsModule, type PromptsModuleOptions } from './prompts/module.js';
import { rateLimitsModule, type RateLimitsModuleOptions } from './rate-limits/module.js';
import { resourcesModule, type ResourcesModuleOptions } from './resources/module.js';
import { tasksModule, type TasksModuleOptions } from './tasks/module.js';
import { telemetryModule, type TelemetryModuleOptions } from './telemetry/module.js';
import type { Tool } from './tools/define.js';
import { toolsModule, type ToolsModuleOptions } from './tools/module.js';
import { toolsetsModule, type ToolsetsModuleOptions } from './toolsets/module.js';

/** Every option a module reads. */
export type ModulesOptions = TasksModuleOptions &
  ToolsetsModuleOptions &
  DiscoveryModuleOptions &
  ToolsModuleOptions &
  ExtensionsModuleOptions &
  ResourcesModuleOptions &
  PromptsModuleOptions &
  RateLimitsModuleOptions &
  MiddlewareModuleOptions &
  TelemetryModuleOptions;

/**
 * In build order: tasks, toolsets and discovery before tools (a tool may run as a task, names its toolsets, and
 * is searched),
 * extensions before apps (declared in that order), both before resources (which serve their views).
 */
const MODULES: readonly ServerModule<ModulesOptions>[] = [
  tasksModule,
  toolsetsModule,
  discoveryModule,
  toolsModule,
  extensionsModule,
  appsModule,
  resourcesModule,
  promptsModule,
  completionModule,
  rateLimitsModule,
  middlewareModule,
  telemetryModule,
];

/** The McpServer options the modules read (the server refuses any other but its identity's). */
export const MODULE_OPTIONS: readonly string[] = MODULES.flatMap((module) => module.options);

export interface Composed {
  readonly provided: Provided;
  readonly methods: Map<string, Method>;
  /** What each era declares. */
  readonly capabilities: { readonly rev2025: ServerCapabilities; readonly rev2026: ServerCapabilities };
  /** Each module's admission of a tool added while serving (it may refuse it); then it can be added. */
  admitTool(tool: Tool): void;
  /** Hands the built request path to the modules that need it. */
  start(dispatcher: Dispatcher): void;
}

/** Builds every module in order; a module that serves nothing (no prompts given) contributes nothing. */
export function composeModules(
  options: ModulesOptions,
  settings: Omit<ModuleSetup<ModulesOptions>, 'options' | 'provided'>,
): Composed {
  const provided: { -readonly [K in keyof Provided]: Provided[K] } = { extensions: [] };
  const contributions: Contribution[] = [];
  for (const module of MODULES) {
    const contribution = module.setup({ ...settings, options, provided });
    if (contribution === undefined) continue;
    contributions.push(contribution);
    Object.assign(provided, contribution.provides);
    if (contribution.extensions !== undefined)
      provided.extensions = [...provided.extensions, ...contribution.extensions];
  }
  // An extension's own methods are served as a feature's; its resources already went to the resources module.
  const extensionMethods = provided.extensions.map((extension) => ({ capabilities: {}, methods: extension.methods }));
  const merged = mergeFeatures([
    ...contributions.flatMap((c) => (c.feature === undefined ? [] : [c.feature])),
    ...extensionMethods,
  ]);
  const declared = declareCapabilities(
    merged.capabilities,
    provided.extensions,
    contributions.flatMap((c) => c.only2026 ?? []),
  );
  return {
    provided,
    methods: merged.methods,
    capabilities: { rev2025: declared.capabilities2025, rev2026: declared.capabilities2026 },
    admitTool: (tool) => contributions.forEach((c) => c.admitTool?.(tool, provided)),
    start: (dispatcher) => contributions.forEach((c) => c.started?.(dispatcher)),
  };
}
