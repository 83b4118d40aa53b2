// What the transports use of a server, and the request path they call: `handle`, `exchange`,
// sessions, errors and notices, the tasks it runs and what it depends on. McpServer (server.ts) adds
// what an application calls; both are one object.
import type { Response } from '../schemas/jsonrpc.js';
import { checkCard, type CheckedCard } from './core/card.js';
import { Session, type SessionOptions } from './core/connection.js';
import { dispatch } from './core/dispatch.js';
import type { Dispatcher, Exchange, HandleContext } from './core/dispatcher.js';
import { isThenable } from './core/maybe-async.js';
import { isInProcessStore, outagesOf } from './core/tasks/store.js';
import { measuredBy, type MeterProviderLike } from './core/telemetry/index.js';
import { checkDiscoveryMode } from './features/discovery/module.js';
import { selectionFor } from './core/toolsets.js';
import { measureWith } from './core/telemetry/measure.js';
import type { Provided } from './features/module.js';
import type { Composed } from './features/table.js';
import { ErrorCode, errorFrame, safely } from './jsonrpc/errors.js';
import { composeServer } from './server-build.js';
import type { McpServerOptions } from './server-options.js';

export class ServerCore {
  /** The request path `handle` runs. */
  protected readonly dispatcher: Dispatcher;
  /** The modules composed: their registries, and their say on a tool added later. */
  protected readonly composed: Composed;
  protected readonly provided: Provided;
  readonly #session = new Session();
  /** The Server Card's fixed part (McpServer's `card`), which an HTTP transport serves with `card: true`. */
  readonly card: CheckedCard | undefined;

  constructor(options: McpServerOptions) {
    const { dispatcher, composed } = composeServer(options);
    this.card = checkCard(options.card, options);
    this.dispatcher = dispatcher;
    this.composed = composed;
    this.provided = composed.provided;
  }

  /**
   * Stops every task this process runs (each ends as its tool does on shutdown), and from then on no call becomes a
   * task (it stops instead); transports call it when they shut down. @internal
   */
  stopTasks(): Promise<void> {
    return this.provided.tasks!.runtime.stopAll();
  }

  /**
   * Whether this server keeps tasks that live only in this process's memory (the default store): a serverless handler
   * refuses it. @internal
   */
  get keepsTasksInProcess(): boolean {
    const { runtime, served } = this.provided.tasks!;
    return served && isInProcessStore(runtime.settings.store);
  }

  /**
   * What this server depends on that cannot serve now (a shared task store or event bus in an outage), each with why:
   * the health check says it. @internal
   */
  get unavailable(): string[] {
    const { runtime, served } = this.provided.tasks!;
    return outagesOf(served ? runtime.settings.store : undefined, this.dispatcher.state.events);
  }

  /** The toolsets the server declares, in the order given (none: empty). @internal */
  get toolsetNames(): readonly string[] {
    return this.dispatcher.state.toolsets?.names ?? [];
  }

  /** Checks the toolsets a transport or a request names: a name this server does not declare throws. @internal */
  checkToolsets(names: readonly string[]): void {
    selectionFor(this.dispatcher.state.toolsets, names);
  }

  /**
   * Readies the discovery mode a transport serves: search mode's meta-tools must have their names to themselves
   * (a tool of either name throws). @internal
   */
  serveDiscovery(mode: 'list' | 'search'): void {
    checkDiscoveryMode(mode);
    if (mode === 'search') this.provided.tools!.serveSearch();
  }

  /** Whether this server serves any resource or template (the CLI's warning on an open bind says so). @internal */
  get servesResources(): boolean {
    return this.provided.resources !== undefined && this.provided.resources.list().length > 0;
  }

  /** How many tasks this process runs, and when there are none (a draining transport waits). @internal */
  get runningTasks(): { readonly count: number; idle(): Promise<void> } {
    const { runtime } = this.provided.tasks!;
    return { count: runtime.running, idle: () => runtime.idle() };
  }

  /**
   * Records the durations on an HTTP metrics endpoint's meter provider too (telemetry on or off); what its gauges read.
   * @internal
   */
  measureWith = (provider: MeterProviderLike) =>
    measureWith(this.dispatcher, provider, measuredBy(this.dispatcher, this.provided, this.dispatcher.state.report));

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
    return isThenable(answer)
      ? Promise.resolve(answer).catch((error: unknown) => this.#internalError(error))
      : Promise.resolve(answer);
  }

  #dispatch(frame: unknown, context: HandleContext): Exchange | PromiseLike<Exchange> {
    try {
      return dispatch(this.dispatcher, frame, context.session ?? this.#session, context);
    } catch (error) {
      return this.#internalError(error);
    }
  }

  /** Reports a failure of ours (to `onError`, or stderr): transports use it too. @internal */
  reportError(error: unknown): void {
    safely(this.dispatcher.state.report, error);
  }

  /**
   * A notice that is no failure of a request (`onError`, or `zod-mcp: <message>` on stderr): transports use it too.
   * @internal
   */
  warn(message: string): void {
    this.dispatcher.state.warn(message);
  }

  #internalError(error: unknown): Exchange {
    this.reportError(error);
    return { response: errorFrame(undefined, ErrorCode.InternalError), era: undefined, status: 200 };
  }
}
