// McpServer: tools (and later the other features) merged into one method table and one capability
// object, served in both protocol eras through one `handle`.
import { writeDiagnostic } from './runtime/host.js';
import { checkOptions, serverIdentity, type McpServerOptions } from './server-options.js';
import type { ServerCapabilities } from '../schemas/common.js';
import type { Response } from '../schemas/jsonrpc.js';
import type { GetPromptResult, ListPromptsResult } from '../schemas/prompts.js';
import type { ListResourcesResult, ReadResourceResult } from '../schemas/resources.js';
import type { CallToolResult, ListToolsResult } from '../schemas/tools.js';
import { LocalClient, type CallOptions } from './core/local-client.js';
import type { CacheHint } from '../schemas/rev2026.js';
import type { Codecs } from './core/codec.js';
import { Session, type SessionOptions } from './core/connection.js';
import { dispatch, loadTracer, type Dispatcher, type Exchange, type HandleContext } from './core/dispatch.js';
import { definedNames, startTelemetry, type MeasuredBy, type MeterProviderLike } from './core/telemetry/index.js';
import { measureWith } from './core/telemetry/measure.js';
import { VERSION } from './version.js';
import type { Era } from './core/era.js';
import { memoryEvents, type EventBus } from './core/events.js';
import { isThenable } from './core/maybe-async.js';
import type { NotificationHandler } from './core/method.js';
import type { ArgumentPolicy, ServerState } from './core/server-state.js';
import { rev2025 } from './eras/rev2025/codec.js';
import { rev2026 } from './eras/rev2026/codec.js';
import { completionFeature } from './features/completion/index.js';
import { completionSources } from './features/completion/sources.js';
import { declareCapabilities, mergeFeatures, type Feature } from './features/feature.js';
import { appsExtension } from './features/apps/index.js';
import { APPS_EXTENSION } from '../schemas/apps.js';
import type { Prompt } from './features/prompts/define.js';
import { promptsFeature, type PromptsFeature } from './features/prompts/index.js';
import type { Resource, ResourceTemplate } from './features/resources/define.js';
import { resourcesFeature, type ResourcesFeature } from './features/resources/index.js';
import { checkPolicy } from './features/tools/arguments.js';
import type { Tool } from './features/tools/define.js';
import { toolsFeature, type ToolsFeature } from './features/tools/index.js';
import { ErrorCode, errorFrame, safely } from './jsonrpc/errors.js';
import { reportToStderr } from './jsonrpc/report.js';
import { notifications } from './core/notifications.js';
import { TaskRuntime } from './core/tasks/runtime.js';
import { isInProcessStore, outagesOf } from './core/tasks/store.js';
import { taskSettings, type TaskOptions } from './core/tasks/record.js';
import { tasksFeature } from './features/tasks/index.js';
import { TASKS_EXTENSION } from '../schemas/tasks.js';
import { inputSettings, type InputSettings } from './core/input/state.js';
import { fulfil } from './eras/rev2025/input.js';
import { subscriptionLimits } from './core/subscriptions.js';
import { MiddlewareTable, addMiddleware, type MethodMiddleware, type Middleware } from './core/middleware.js';
import { createRateLimiter, type RateLimiter } from './core/rate-limits/stage.js';

export type { HandleContext } from './core/dispatch.js';
export type { McpServerOptions } from './server-options.js';

const FRESH: CacheHint = { ttlMs: 0, cacheScope: 'private' };

/**
 * An MCP server with no transport: `handle(frame)` answers one JSON-RPC frame, in whichever era the
 * frame speaks. Tools are checked and their JSON Schema generated when defined, so a bad tool fails
 * at start-up, naming itself.
 */
export class McpServer {
  readonly #dispatcher: Dispatcher;
  readonly #tools: ToolsFeature;
  readonly #resources: ResourcesFeature | undefined;
  readonly #prompts: PromptsFeature | undefined;
  readonly #events: EventBus;
  readonly #session = new Session();
  readonly #local = new LocalClient((frame, context) => this.handle(frame, context), () => !this.eras.includes('rev2025'), (error) => this.reportError(error));
  readonly #tasks: TaskRuntime;
  readonly #servesTasks: boolean;
  readonly #limiter: RateLimiter;
  readonly #apps: boolean;
  readonly #measuredBy: MeasuredBy;

  constructor(options: McpServerOptions) {
    const { pageSize, eras, schemaProfile, hints } = checkOptions(options);
    const { timeoutMs } = options;
    const report = options.onError ?? reportToStderr('internal error');
    const warn = (message: string) => (options.onError === undefined ? writeDiagnostic(`zod-mcp: ${message}`) : safely(options.onError, new Error(message)));
    const input = inputSettings(options.requestState, options.maxInputRounds, fulfil as InputSettings['fulfil']);
    const events = options.events ?? memoryEvents(report);
    const lists = { pageSize, listChanged: options.listChanged ?? true, events, timeoutMs };
    this.#events = events;
    this.#tasks = new TaskRuntime(taskSettings(options.tasks), events, report);
    const servesTasks = options.tasks !== undefined || (options.tools ?? []).some((tool) => tool.task !== 'never');
    this.#servesTasks = servesTasks;
    this.#tools = toolsFeature(options.tools ?? [], { ...lists, unknownTool: options.unknownTool ?? 'result', tasks: this.#tasks, servesTasks, schemaProfile });
    const extensions = [...(options.extensions ?? []), ...appsExtension(options.tools ?? [])];
    const extensionResources = extensions.flatMap((extension) => extension.resources ?? []);
    this.#resources =
      options.resources === undefined && extensionResources.length === 0
        ? undefined
        : resourcesFeature([...extensionResources, ...(options.resources ?? [])], lists);
    this.#prompts = options.prompts === undefined ? undefined : promptsFeature(options.prompts, lists);
    const features: Feature[] = [this.#tools];
    if (this.#resources !== undefined) features.push(this.#resources);
    if (this.#prompts !== undefined) features.push(this.#prompts);
    if (this.#resources !== undefined || this.#prompts !== undefined) {
      features.push(completionFeature(completionSources(this.#prompts, this.#resources, timeoutMs)));
    }
    for (const extension of extensions) features.push({ capabilities: {}, methods: extension.methods });
    if (servesTasks) features.push(tasksFeature(this.#tasks));
    const merged = mergeFeatures(features);
    const { capabilities2025, capabilities2026 } = declareCapabilities(merged.capabilities, extensions, servesTasks ? [TASKS_EXTENSION] : []);
    this.#apps = extensions.some((extension) => extension.id === APPS_EXTENSION);
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
      capabilities: (era) => (era === 'rev2025' ? capabilities2025 : capabilities2026),
      cacheHint: (method) => hints[method] ?? hints.default ?? FRESH,
      resourceScopes: (uri) => this.#resources?.scopesOf(uri),
      subscriptions: subscriptionLimits(options.subscriptions),
    };
    const limiter = (this.#limiter = createRateLimiter({ limit: options.rateLimit, store: options.rateLimitStore, toolLimit: (name) => this.#tools.get(name)?.rateLimit, report, refused: (refusal) => this.#dispatcher.tracer?.rateLimited(refusal) }));
    // In the request path only once the server or a tool has a limit.
    const limits = limiter.limitsAll || (options.tools ?? []).some((tool) => tool.rateLimit !== undefined) ? limiter : undefined;
    this.#dispatcher = { state, codecs: { rev2025, rev2026 } satisfies Codecs, methods: merged.methods, notifications: notifications as ReadonlyMap<string, NotificationHandler>, middleware: new MiddlewareTable(), tracer: undefined, loading: undefined, limits };
    for (const entry of options.use ?? []) this.use(entry);
    const defined = definedNames([merged.methods, rev2025.methods, rev2026.methods], this.#tools, this.#prompts);
    this.#measuredBy = { version: VERSION, report, defined };
    if (options.telemetry) loadTracer(this.#dispatcher, startTelemetry(options.telemetry, this.#measuredBy), (tracer) => (this.#tasks.tracer = tracer));
  }

  /** Adds middleware around every request (`use(mw)`), or the requests of some methods (`use('tools/call', mw)`); returns the server. */
  use(middleware: Middleware | MethodMiddleware): this;
  use(method: string | readonly string[], middleware: Middleware): this;
  use(first: string | readonly string[] | Middleware | MethodMiddleware, second?: Middleware): this {
    addMiddleware(this.#dispatcher, first, second);
    return this;
  }

  /** The protocol eras this server serves. */
  get eras(): readonly Era[] {
    return [...this.#dispatcher.state.eras];
  }

  /** The tools this server serves, in tools/list order. */
  get tools(): readonly Tool[] {
    return this.#tools.list();
  }

  /** Adds a tool while serving: 2025 sessions and 2026 listen streams hear `notifications/tools/list_changed`. */
  addTool(tool: Tool): void {
    if (tool.ui !== undefined && !this.#apps) throw new TypeError(`addTool("${tool.name}"): the tool is an MCP App's, but this server was built with none, so it does not declare the extension`);
    const view = tool.ui?.view;
    if (view !== undefined && !this.#feature(this.#resources, 'resources').list().includes(view)) this.#resources!.add(view);
    this.#tools.add(tool);
    if (tool.rateLimit !== undefined) this.#dispatcher.limits = this.#limiter;
  }

  /** Removes a tool by name (false if there was none); clients hear of it as for `addTool`. */
  removeTool(name: string): boolean {
    return this.#tools.remove(name);
  }

  /** Adds a resource or template while serving; clients hear `notifications/resources/list_changed`. */
  addResource(resource: Resource | ResourceTemplate): void {
    this.#feature(this.#resources, 'resources').add(resource);
  }

  /** Removes a resource by URI, or a template by its URI template (false if there was none). */
  removeResource(uriOrTemplate: string): boolean {
    return this.#feature(this.#resources, 'resources').remove(uriOrTemplate);
  }

  addPrompt(prompt: Prompt): void {
    this.#feature(this.#prompts, 'prompts').add(prompt);
  }

  removePrompt(name: string): boolean {
    return this.#feature(this.#prompts, 'prompts').remove(name);
  }

  /**
   * Tells clients that a list changed that the server did not change itself (tools read from a folder
   * that was edited; a new server process that took over, as under `zod-mcp dev`): 2025 sessions
   * hear `notifications/<list>/list_changed`, and so do the 2026 listen streams that follow that
   * list. False, and nothing sent, for a list this server does not declare may change.
   */
  notifyListChanged(list: 'tools' | 'resources' | 'prompts'): boolean {
    if (this.#dispatcher.state.capabilities('rev2025')[list]?.listChanged !== true) return false;
    this.#events.publish({ type: `${list}/list_changed` });
    return true;
  }

  /** Tells the 2025 sessions subscribed to this URI, and the 2026 listen streams that name it, that it changed. */
  notifyResourceUpdated(uri: string): void {
    this.#feature(this.#resources, 'resources');
    this.#events.publish({ type: 'resources/updated', uri });
  }

  #feature<F>(feature: F | undefined, name: string): F {
    if (feature === undefined) throw new TypeError(`this server serves no ${name}: give the ${name} option (even empty) to serve them`);
    return feature;
  }

  /** Stops every task this process runs (each ends as its tool does on shutdown), and from then on no call becomes a task (it stops instead); transports call it when they shut down. @internal */
  stopTasks(): Promise<void> {
    return this.#tasks.stopAll();
  }

  /** Whether this server keeps tasks that live only in this process's memory (the default store): a serverless handler refuses it. @internal */
  get keepsTasksInProcess(): boolean {
    return this.#servesTasks && isInProcessStore(this.#tasks.settings.store);
  }

  /** What this server depends on that cannot serve now (a shared task store or event bus in an outage), each with why: the health check says it. @internal */
  get unavailable(): string[] {
    return outagesOf(this.#servesTasks ? this.#tasks.settings.store : undefined, this.#events);
  }

  /** Whether this server serves any resource or template (the CLI's warning on an open bind says so). @internal */
  get servesResources(): boolean {
    return this.#resources !== undefined && this.#resources.list().length > 0;
  }

  /** How many tasks this process runs, and when there are none (a draining transport waits). @internal */
  get runningTasks(): { readonly count: number; idle(): Promise<void> } {
    const tasks = this.#tasks;
    return { count: tasks.running, idle: () => tasks.idle() };
  }

  /** Calls a tool in this process (ids assigned, progress to `onProgress`): its result, `isError` ones too; an error frame throws a ProtocolError. */
  callTool = (name: string, args: object = {}, options?: CallOptions) => this.#local.request('tools/call', { name, arguments: args }, options) as Promise<CallToolResult | null>;
  /** Every tool (each page followed), as tools/list gives them. */
  listTools = (options?: CallOptions) => this.#local.all('tools/list', 'tools', options) as Promise<ListToolsResult['tools'] | null>;
  listResources = (options?: CallOptions) => this.#local.all('resources/list', 'resources', options) as Promise<ListResourcesResult['resources'] | null>;
  readResource = (uri: string, options?: CallOptions) => this.#local.request('resources/read', { uri }, options) as Promise<ReadResourceResult | null>;
  listPrompts = (options?: CallOptions) => this.#local.all('prompts/list', 'prompts', options) as Promise<ListPromptsResult['prompts'] | null>;
  getPrompt = (name: string, args: Record<string, string> = {}, options?: CallOptions) => this.#local.request('prompts/get', { name, arguments: args }, options) as Promise<GetPromptResult | null>;

  /** Records the durations on an HTTP metrics endpoint's meter provider too (telemetry on or off); what its gauges read. @internal */
  measureWith = (provider: MeterProviderLike) => measureWith(this.#dispatcher, provider, this.#measuredBy);

  /** A new connection with its own handshake, log level and calls in flight; transports make one per client. */
  createSession(options: SessionOptions = {}): Session {
    return new Session(options);
  }

  /**
   * Answers one frame (already parsed from JSON): the response, or `null` for a notification, a
   * response, or a cancelled call. Never throws and never rejects, whatever it is given.
   */
  handle(frame: unknown, context: HandleContext = {}): Promise<Response | null> {
    const answer = this.#dispatch(frame, context);
    if (!isThenable(answer)) return Promise.resolve(answer.response);
    return Promise.resolve(answer).then(
      (exchange) => exchange.response,
      (error: unknown) => this.#internalError(error).response,
    );
  }

  /** `handle`, with the era it was served in and the HTTP status its answer takes; never rejects. @internal */
  exchange(frame: unknown, context: HandleContext = {}): Promise<Exchange> {
    const answer = this.#dispatch(frame, context);
    // dispatch's promises never reject; the catch is for a bug, which must not become a rejection.
    return isThenable(answer) ? Promise.resolve(answer).catch((error: unknown) => this.#internalError(error)) : Promise.resolve(answer);
  }

  #dispatch(frame: unknown, context: HandleContext): Exchange | PromiseLike<Exchange> {
    try {
      return dispatch(this.#dispatcher, frame, context.session ?? this.#session, context);
    } catch (error) {
      return this.#internalError(error);
    }
  }

  /** Reports a failure of ours (to `onError`, or stderr): transports use it too. @internal */
  reportError(error: unknown): void {
    safely(this.#dispatcher.state.report, error);
  }

  /** A notice that is no failure of a request (`onError`, or `zod-mcp: <message>` on stderr): transports use it too. @internal */
  warn(message: string): void {
    this.#dispatcher.state.warn(message);
  }

  #internalError(error: unknown): Exchange {
    this.reportError(error);
    return { response: errorFrame(undefined, ErrorCode.InternalError), era: undefined, status: 200 };
  }
}
