// McpServer's options: what a server is built from, and the checks on them (identity, eras, cache, …).
import { z } from 'zod/v4';
import type { Icon } from '../schemas/common.js';
import type { CardOptions } from './core/card.js';
import { lazy } from '../schemas/direction.js';
import { CacheHint } from '../schemas/rev2026.js';
import { ERAS, type Era } from './core/era.js';
import { checkTimeout } from './core/limits.js';
import { refuseUnknownOptions } from './core/options.js';
import { checkTelemetry } from './core/telemetry/index.js';
import type { EventBus } from './core/events.js';
import type { ArgumentPolicy } from './core/server-state.js';
import type { SubscriptionOptions } from './core/subscriptions.js';
import type { MethodMiddleware, Middleware } from './core/middleware.js';
import type { TaskOptions } from './core/tasks/record.js';
import type { TelemetryOption } from './core/telemetry/index.js';
import type { RateLimit } from './core/rate-limits/limit.js';
import type { RateLimitStore } from './core/rate-limits/store.js';
import type { ToolsetDeclaration } from './core/toolsets.js';
import type { Extension } from './features/feature.js';
import type { Prompt } from './features/prompts/define.js';
import type { Resource, ResourceTemplate } from './features/resources/define.js';
import type { Tool } from './features/tools/define.js';
import { SCHEMA_PROFILES, type SchemaProfile } from './schema/json-schema/profiles.js';
import { optionKeys } from './core/options.js';
import { describeIssues } from './schema/issues.js';
import { ONCE } from './schema/parse.js';

/** Lists and reads whose 2026 results carry cache hints, and the hint each gets unless told otherwise. */
export const CacheOption = lazy(() =>
  z.strictObject({
    default: CacheHint().optional(),
    'server/discover': CacheHint().optional(),
    'tools/list': CacheHint().optional(),
    'resources/list': CacheHint().optional(),
    'resources/templates/list': CacheHint().optional(),
    'resources/read': CacheHint().optional(),
    'prompts/list': CacheHint().optional(),
  }),
);

/** Built only for a server given cache hints: without them every method has the default hint. */
function checkCache(option: unknown): Record<string, CacheHint | undefined> {
  const cache = CacheOption().safeParse(option, ONCE);
  if (!cache.success) throw new TypeError(`cache: ${describeIssues(cache.error.issues)}`);
  return cache.data;
}

/** The options every server reads, checked: a wrong one throws when the server is built, naming itself. */
export interface CheckedOptions {
  readonly pageSize: number;
  readonly eras: ReadonlySet<Era>;
  readonly schemaProfile: SchemaProfile;
  /** The cache hints by method (`default` among them). */
  readonly hints: Readonly<Record<string, CacheHint | undefined>>;
}

/** Refuses an unknown key, and checks what does not belong to one feature (page size, eras, cache, profile, …). */
export function checkOptions(options: McpServerOptions): CheckedOptions {
  refuseUnknownOptions('McpServer', options, SERVER_OPTIONS);
  const { pageSize = Infinity, timeoutMs } = options;
  if (!(pageSize >= 1)) throw new TypeError('pageSize must be at least 1');
  checkTimeout(timeoutMs, 'timeoutMs');
  checkTelemetry(options.telemetry);
  const eras = new Set(options.eras ?? ERAS);
  if (eras.size === 0 || [...eras].some((era) => !ERAS.includes(era))) {
    throw new TypeError(`eras must list one or both of ${ERAS.join(', ')}`);
  }
  const hints = options.cache === undefined || options.cache === null ? {} : checkCache(options.cache);
  const schemaProfile = options.schemaProfile ?? 'default';
  if (!SCHEMA_PROFILES.includes(schemaProfile))
    throw new TypeError(`schemaProfile must be one of ${SCHEMA_PROFILES.join(', ')}`);
  return {
    pageSize: Math.floor(pageSize),
    eras,
    schemaProfile,
    hints,
  };
}

/** Every key of McpServerOptions: any other is refused, naming the closest. */
export const SERVER_OPTIONS = optionKeys<McpServerOptions>({
  name: true,
  version: true,
  title: true,
  description: true,
  websiteUrl: true,
  icons: true,
  instructions: true,
  tools: true,
  resources: true,
  prompts: true,
  extensions: true,
  pageSize: true,
  arguments: true,
  timeoutMs: true,
  listChanged: true,
  unknownTool: true,
  eras: true,
  cache: true,
  events: true,
  onError: true,
  requestState: true,
  maxInputRounds: true,
  tasks: true,
  schemaProfile: true,
  use: true,
  subscriptions: true,
  telemetry: true,
  rateLimit: true,
  rateLimitStore: true,
  toolsets: true,
  discovery: true,
  card: true,
});

export interface McpServerOptions {
  name: string;
  version: string;
  title?: string;
  /**
   * What the server does, for people choosing it (MCP `Implementation.description`); `instructions` is for the model.
   */
  description?: string;
  /** An http: or https: URL of the server's website. */
  websiteUrl?: string;
  /**
   * What a client may show for the server: https: URLs or base64 data: URIs of images; sent in initialize and
   * server/discover.
   */
  icons?: Icon[];
  /** How a model should use this server: in the initialize answer (2025) and in server/discover (2026). */
  instructions?: string;
  /** The Server Card (SEP-2127) an HTTP transport serves with `card: true` (docs/http.md, "Server Card"). */
  card?: CardOptions;
  tools?: readonly Tool[];
  /**
   * Resources and templates (`defineResource`, `defineResourceTemplate`); the option, even empty, turns the feature on.
   */
  resources?: readonly (Resource | ResourceTemplate)[];
  /** Prompts (`definePrompt`); like `resources`, the option, even empty, turns the feature on. */
  prompts?: readonly Prompt[];
  /** MCP extensions, e.g. `await skillsFrom(dir)`: their methods, their resources, and their capability on 2026. */
  extensions?: readonly Extension[];
  /** The page size of every list (tools, resources, templates, prompts); without it, one page. */
  pageSize?: number;
  /**
   * How tool arguments a model sends are made fit (`{ unknown: 'reject', coerce: true }`; both off by default); a
   * tool's own wins.
   */
  arguments?: ArgumentPolicy;
  /** Default timeout for every tool call, in milliseconds; a tool's own `timeoutMs` wins. */
  timeoutMs?: number;
  /** Whether the lists may change while serving (`addTool`, …), declared as `listChanged`; default true. */
  listChanged?: boolean;
  /**
   * An unknown tool's call: `result` (default), an `isError` result the model recovers from; `error`: -32602, as the
   * specification has it.
   */
  unknownTool?: 'result' | 'error';
  /**
   * The protocol eras served: `rev2025` (initialize and sessions), `rev2026` (stateless, `_meta` on every request).
   * Both by default.
   */
  eras?: readonly Era[];
  /**
   * `ttlMs` and `cacheScope` of 2026 list results and server/discover (MCP 2026-07-28 "Caching").
   * Default for each: `{ ttlMs: 0, cacheScope: 'private' }`, always fresh and never shared; lists that
   * are the same for every user may say `public`.
   */
  cache?: z.input<ReturnType<typeof CacheOption>>;
  /** Where change events travel; in-process by default. A shared bus reaches streams held by other instances. */
  events?: EventBus;
  /** Receives internal errors (the -32603 cases); defaults to one line on stderr. */
  onError?: (error: unknown) => void;
  /**
   * How a 2026 call that asks the client carries what it gathered between rounds (`requestState`,
   * sealed with AES-256-GCM). `key`: a secret of at least 16 characters or bytes; instances behind
   * one load balancer must share it, since a retry may reach any of them. Without it each process
   * makes a random key, and a retry that reaches another process (or comes after a restart) is
   * refused as invalid. `ttlMs`: how long a state stays good, default 10 minutes.
   */
  requestState?: { key?: string | Uint8Array; ttlMs?: number };
  /** Rounds of questions one call may take before it is stopped (default 8). */
  maxInputRounds?: number;
  /**
   * The tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663), served when this option is
   * given or a tool has `task: 'optional' | 'required'`. `store`: where task records live (default
   * in memory, `maxTasks` of them, default 1000); `ttlMs`: how long a task is kept from its
   * creation (default 1 hour; null: until the process ends); `pollIntervalMs`: what clients are
   * told to wait between tasks/get (default 1000); `taskAfterMs`: how long an `optional` tool runs
   * before its call becomes a task (default 1000).
   */
  tasks?: TaskOptions;
  /**
   * The JSON Schema dialect of tools/list, for the model API a client passes it on to: `default`
   * (2020-12, as generated), `openai-strict` (every property required, optional ones nullable, and
   * `additionalProperties: false`; a `null` sent for an optional property counts as left out), or
   * `gemini` (only the keywords Gemini's function declarations accept). Arguments are checked by
   * the Zod schema alone whatever the profile.
   */
  schemaProfile?: SchemaProfile;
  /**
   * What a client may make the server keep for the changes it follows. `maxStreamsPerPrincipal`:
   * subscriptions/listen streams one principal (a token's issuer and subject, or `handle`'s
   * `principal`) holds open at once, default 16; `maxAnonymousStreams`: the streams of every caller
   * without one (no authorization configured, stdio) together, default 1024. `maxTaskIds`: task ids in one listen
   * filter,
   * default 1000. `maxResourceSubscriptions`: URIs in one listen filter, and URIs one 2025 session
   * subscribes to, default 1000. Past a count the request is refused, naming the limit.
   */
  subscriptions?: SubscriptionOptions;
  /**
   * Middleware around every request a method answers, outermost first: a function `(request, next)
   * => answer`, or `{ method: 'tools/call', use }` for some methods only. `server.use(…)` adds more.
   */
  use?: readonly (Middleware | MethodMiddleware)[];
  /**
   * OpenTelemetry traces and metrics, per the semantic conventions for MCP (docs/observability.md):
   * `true` with the globally registered providers, or `{ tracerProvider?, meterProvider? }`. Needs
   * the optional peer `@opentelemetry/api`, loaded in the background; the first requests wait for it.
   */
  telemetry?: TelemetryOption;
  /**
   * Requests each caller may make, whatever the method (`{ perMinute: 600, burst: 50 }`): a token
   * bucket per principal, or per client address without one. A refused tools/call answers an
   * `isError` result saying when to try again; any other request -32029 (HTTP 429, Retry-After).
   * A tool's own `rateLimit` counts its calls besides.
   */
  rateLimit?: RateLimit;
  /**
   * Where the buckets live: this process by default; `redisRateLimits` (zod-mcp/redis) shares them between instances.
   */
  rateLimitStore?: RateLimitStore;
  /**
   * Named groups of tools (`{ issues: { description, default: true } }`): a tool names its own
   * (`defineTool({ toolset })`), and a client is served a selection of them (HTTP's `X-MCP-Toolsets`
   * header or `/x/<names>` path, a transport's `toolsets`, else those marked `default`, else all).
   * A tool in no toolset is always served.
   */
  toolsets?: Readonly<Record<string, ToolsetDeclaration>>;
  /**
   * How tools/list shows the tools: `list` (the default) lists them all; `search` lists a fixed few (the tools
   * marked `alwaysLoad`, then search_tools and call_tool), and the model finds the rest with search_tools and
   * runs them with call_tool. A transport may serve the other (`serve --discovery`, the HTTP handler's `discovery`).
   */
  discovery?: 'list' | 'search';
}
