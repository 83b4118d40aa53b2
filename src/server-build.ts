// What McpServer is built from its options: the settings every module shares, the table of modules
// composed (features/table.ts), the state methods read, and the request path handed to the modules.
import { z } from 'zod/v4';
import type { Implementation } from '../schemas/common.js';
import { lazy } from '../schemas/direction.js';
import type { CacheHint } from '../schemas/rev2026.js';
import { checkIcons } from './core/metadata.js';
import { describeIssues } from './schema/issues.js';
import { ONCE } from './schema/parse.js';
import type { Codecs } from './core/codec.js';
import type { Dispatcher } from './core/dispatcher.js';
import { memoryEvents } from './core/events.js';
import { inputSettings, type InputSettings } from './core/input/state.js';
import type { NotificationHandler } from './core/method.js';
import { MiddlewareTable } from './core/middleware-table.js';
import { notifications } from './core/notifications.js';
import type { ServerState } from './core/server-state.js';
import { subscriptionLimits } from './core/subscriptions.js';
import { rev2025 } from './eras/rev2025/codec.js';
import { fulfil } from './eras/rev2025/input.js';
import { rev2026 } from './eras/rev2026/codec.js';
import { composeModules, type Composed } from './features/table.js';
import { checkPolicy } from './features/tools/arguments.js';
import { safely } from './jsonrpc/errors.js';
import { reportToStderr } from './jsonrpc/report.js';
import { writeDiagnostic } from './runtime/host.js';
import { checkOptions, type McpServerOptions } from './server-options.js';

const Identity = lazy(() =>
  z.object({
    name: z.string().min(1, { error: 'must not be empty' }),
    version: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    websiteUrl: z.url({ protocol: /^https?$/, error: 'must be an http: or https: URL' }).optional(),
  }),
);

/**
 * Who the server says it is (MCP `Implementation`): whole in initialize (2025) and server/discover
 * (2026); every other 2026 result carries only name, version and title, since it is on each one.
 */
export function serverIdentity(options: McpServerOptions): {
  serverInfo: Implementation;
  resultServerInfo: Implementation;
} {
  const checked = Identity().safeParse(options, ONCE);
  if (!checked.success) throw new TypeError(`McpServer: ${describeIssues(checked.error.issues)}`);
  const { name, version, title, description, websiteUrl } = checked.data;
  const icons = checkIcons(options.icons, 'McpServer');
  const resultServerInfo = { name, version, ...(title === undefined ? {} : { title }) };
  const more = { description, websiteUrl, icons };
  return {
    resultServerInfo,
    serverInfo: {
      ...resultServerInfo,
      ...Object.fromEntries(Object.entries(more).filter(([, value]) => value !== undefined)),
    },
  };
}

/** The hint a cacheable 2026 result carries unless the `cache` option says otherwise: never reuse. */
const FRESH: CacheHint = { ttlMs: 0, cacheScope: 'private' };

export interface Built {
  /** The request path: what `handle` runs. */
  readonly dispatcher: Dispatcher;
  /** The modules' registries (tools, resources, prompts, tasks) and their admission of a tool added later. */
  readonly composed: Composed;
}

/** Checks the options, composes the modules, and builds the request path; a wrong option throws here, naming itself. */
export function composeServer(options: McpServerOptions): Built {
  const { pageSize, eras, schemaProfile, hints } = checkOptions(options);
  const report = options.onError ?? reportToStderr('internal error');
  const warn = (message: string) =>
    options.onError === undefined
      ? writeDiagnostic(`zod-mcp: ${message}`)
      : safely(options.onError, new Error(message));
  const input = inputSettings(options.requestState, options.maxInputRounds, fulfil as InputSettings['fulfil']);
  const events = options.events ?? memoryEvents(report);
  const { timeoutMs } = options;
  const composed = composeModules(options, {
    lists: { pageSize, listChanged: options.listChanged ?? true, events, timeoutMs },
    schemaProfile,
    report,
  });
  const { capabilities, provided } = composed;
  const state: ServerState = {
    arguments: checkPolicy(options.arguments, 'McpServer'),
    schemaProfile,
    ...serverIdentity(options),
    instructions: options.instructions,
    timeoutMs,
    report,
    events,
    eras,
    input,
    warn: (message) => void warn(message),
    capabilities: (era) => capabilities[era],
    cacheHint: (method) => hints[method] ?? hints.default ?? FRESH,
    resourceScopes: (uri) => provided.resources?.scopesOf(uri),
    subscriptions: subscriptionLimits(options.subscriptions),
    toolsets: provided.toolsets,
    discovery: provided.discovery?.mode === 'search' ? 'search' : undefined,
  };
  const dispatcher: Dispatcher = {
    state,
    codecs: { rev2025, rev2026 } satisfies Codecs,
    methods: composed.methods,
    notifications: notifications as ReadonlyMap<string, NotificationHandler>,
    middleware: new MiddlewareTable(),
    tracer: undefined,
    loading: undefined,
    limits: undefined,
    redirect: undefined,
  };
  composed.start(dispatcher);
  return { dispatcher, composed };
}
