// One request being answered: who asked, where its notifications go, and how it can be ended early.
// A handler's signal and its progress/log functions are made on first use (no AbortController, no closures otherwise).
import type { ProgressToken } from '../../schemas/common.js';
import type { Notification, Request, RequestId } from '../../schemas/jsonrpc.js';
import type { LogLevel } from '../../schemas/logging.js';
import { ErrorCode, ProtocolError } from '../jsonrpc/errors.js';
import type { Notify, Session } from './connection.js';
import type { AuthInfo } from './auth.js';
import type { ClientView } from './era.js';
import { ask, memo } from './input/round.js';
import type { Round } from './input/round-state.js';
import { lacking, type AnswerOf, type Ask } from './input/requests.js';
import { AbortReason, CallAbort, transportReason, untilAborted, type AbortSource } from './lifetime.js';
import type { ServerState } from './server-state.js';
import { logNotification, progressNotification } from './notices.js';
import type { HandlerContext } from './handler-context.js';

export class RequestContext implements HandlerContext {
  readonly requestId: RequestId;
  readonly method: string;
  readonly server: ServerState;
  readonly session: Session;
  client: ClientView; // a listen stream trims it (and params) to what it still reads
  /** Who the request's authorization says is asking, when it does: a requestState is bound to it. */
  declare principal: string | undefined;
  /** The request's verified access token, when the transport checked one. */
  declare auth: AuthInfo | undefined;
  /** The toolsets served to this request, when the server declares any (a tool outside them is unknown to it). */
  declare toolsets: ReadonlySet<string> | undefined;
  /** Set when the request is served search mode: tools/list lists search_tools and call_tool. */
  declare discovery: 'search' | undefined;
  /** 2026: the retry's answers and sealed state, lifted off params before the method's schema. */
  declare inputResponses: Record<string, unknown> | undefined;
  declare requestState: string | undefined;
  params: unknown; // the method's parsed params: what a requestState is bound to (the tool and its arguments, ...)
  declare round: Round | undefined; // what this call has gathered from the client so far; made on the first ask
  /** Set when the call became a task: its questions park the task until tasks/update answers them. */
  declare taskFulfil: ((asks: ReadonlyMap<string, Ask>) => Promise<Record<string, unknown>>) | undefined;
  /** While the call's task record is made: a round that ends then waits to know if it is a task's. */
  declare taskBecoming: Promise<void> | undefined;
  declare preparing: Promise<void> | undefined; // a retry's requestState being opened
  /** Set while the call may still become a task: a round that ends in input_required says so at once. */
  declare roundEnding: (() => void) | undefined;
  #abort: CallAbort | undefined;
  #notify: Notify | undefined;
  /** Set once the call became a task: where its progress goes (the task's statusMessage). */
  #taskProgress: ((message: string) => void) | undefined;
  #lastProgress: string | undefined;
  readonly #outer: AbortSignal | AbortSource | undefined;
  /** Undoes the subscription `begin` made to the outer signal or source. */
  #unsubscribe: (() => void) | undefined;
  readonly #progressToken: ProgressToken | undefined;
  #open = true;
  #last = -Infinity;
  #progress: HandlerContext['progress'] | undefined;
  #log: HandlerContext['log'] | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #registered = false;
  #startedAt = 0;
  #timeoutMs: number | undefined;

  constructor(
    server: ServerState,
    session: Session,
    id: RequestId,
    method: string,
    client: ClientView,
    notify: Notify | undefined,
    signal: AbortSignal | AbortSource | undefined,
    progressToken: ProgressToken | undefined,
    params?: unknown,
  ) {
    this.server = server;
    this.session = session;
    this.requestId = id;
    this.method = method;
    this.client = client;
    this.#notify = notify;
    this.#outer = signal;
    this.#progressToken = progressToken;
    this.params = params;
  }

  /** How this call is ended early; made on first use (most requests never need one). */
  get abort(): CallAbort {
    return (this.#abort ??= new CallAbort());
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  get progress(): HandlerContext['progress'] {
    return (this.#progress ??= (progress, total, message) => this.#sendProgress(progress, total, message));
  }

  get log(): HandlerContext['log'] {
    return (this.#log ??= (level, data, logger) => this.#sendLog(level, data, logger));
  }

  /** Sends on this request's own stream (its SSE response on HTTP, the one channel on stdio), until it has answered. */
  notify(notification: Notification): void {
    if (this.#open) this.#notify?.(notification);
  }

  /** Like `notify`, for a request of the server's own too; false when this request has no channel to the client. */
  send(message: Notification | Request): boolean {
    if (!this.#open || this.#notify === undefined) return false;
    this.#notify(message);
    return true;
  }

  ask<R extends Record<string, Ask>>(requests: R): Promise<{ [K in keyof R]: AnswerOf<R[K]> }> {
    return ask(this, requests) as Promise<{ [K in keyof R]: AnswerOf<R[K]> }>;
  }

  canAsk(...requests: Ask[]): boolean {
    return lacking(this.client, requests) === undefined;
  }

  memo<T>(key: string, compute: () => T | PromiseLike<T>): Promise<T> {
    return memo(this, key, compute);
  }

  /**
   * Starts a call that may outlive this turn: its id must not be in flight already (a cancel must
   * reach exactly one call), and an abort of the transport's signal cancels it (or stops it, when
   * aborted for shutdown). Synchronous.
   */
  begin(timeoutMs?: number): void {
    if (this.session.isInFlight(this.requestId)) {
      throw new ProtocolError(
        ErrorCode.InvalidRequest,
        `id: ${JSON.stringify(this.requestId)} is already used by a call in flight`,
      );
    }
    const outer = this.#outer;
    if (outer !== undefined) {
      const onAbort = () => this.abort.abort(transportReason(outer));
      if (outer.aborted) this.abort.abort(transportReason(outer));
      else if ('onAbort' in outer) this.#unsubscribe = outer.onAbort(onAbort);
      else {
        outer.addEventListener('abort', onAbort, { once: true });
        this.#unsubscribe = () => outer.removeEventListener('abort', onAbort);
      }
    }
    if (timeoutMs !== undefined) {
      this.#timeoutMs = timeoutMs;
      this.#startedAt = performance.now();
    }
  }

  get timeoutMs(): number | undefined {
    return this.#timeoutMs;
  }

  /**
   * From here on the call can be reached: registered in flight (so notifications/cancelled and
   * shutdown find it), timed (counting from `begin`), and `pending` raced against its abort, which
   * rejects with the AbortReason.
   */
  goAsync<T>(pending: PromiseLike<T>): Promise<T> {
    if (!this.#registered) {
      this.#registered = true;
      this.session.inFlight.set(this.requestId, this.abort);
      if (this.#timeoutMs !== undefined && this.#timer === undefined) {
        const left = Math.max(0, this.#timeoutMs - (performance.now() - this.#startedAt));
        this.#timer = setTimeout(() => this.abort.abort(AbortReason.Timeout), left);
      }
    }
    return untilAborted(pending, this.abort);
  }

  /**
   * The call becomes a task and outlives its request: the request's own ends (its stream closing,
   * notifications/cancelled, its timeout) no longer reach it, and `timeoutMs`, when given, counts
   * anew as the task's. Progress goes to `onProgress`; log messages go nowhere (SEP-2663: a task
   * carries neither). The abort stays the same, so a signal the handler holds still works.
   */
  detach(timeoutMs: number | undefined, onProgress: (message: string) => void): void {
    if (!this.#open) return; // it answered meanwhile: nothing left to detach
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    if (this.#registered && this.session.inFlight.get(this.requestId) === this.abort)
      this.session.inFlight.delete(this.requestId);
    this.#registered = true; // never registered on the request's session again
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timeoutMs = timeoutMs;
    this.#timer =
      timeoutMs === undefined ? undefined : setTimeout(() => this.abort.abort(AbortReason.Timeout), timeoutMs);
    this.#notify = undefined;
    this.#taskProgress = onProgress;
  }

  /** The call has answered: progress and log go quiet, and everything `begin`/`goAsync` set up is undone. */
  finish(): void {
    this.#open = false;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#abort?.listen(undefined);
    this.#unsubscribe?.();
    if (this.#registered && this.session.inFlight.get(this.requestId) === this.abort)
      this.session.inFlight.delete(this.requestId);
  }

  /** The last progress reported, as a task's statusMessage would say it: a call that becomes a task starts with it. */
  get lastProgress(): string | undefined {
    return this.#lastProgress;
  }

  #sendProgress(progress: number, total?: number, message?: string): void {
    const progressToken = this.#progressToken;
    const task = this.#taskProgress;
    const notify = this.#notify;
    if (!this.#open) return;
    const text = message ?? (total === undefined ? `${progress}` : `${progress} of ${total}`);
    // Nobody hears it (yet): kept only as the statusMessage a task would start with.
    if (task === undefined && (progressToken === undefined || notify === undefined))
      return void (this.#lastProgress = text);
    if (!this.#advance(progress, total)) return;
    this.#lastProgress = text;
    if (task !== undefined) return task(text);
    if (notify !== undefined) notify(progressNotification(progressToken!, progress, total, message));
  }

  /**
   * Whether this progress moves forward (MCP: each progress value must be greater than the last).
   * A value that does not is the handler's mistake and throws, except in a run after answers came
   * (2025, a task): the handler runs again from the start and repeats what it reported before,
   * which is not sent again.
   */
  #advance(progress: number, total: number | undefined): boolean {
    if (!Number.isFinite(progress) || (total !== undefined && !Number.isFinite(total))) {
      throw new RangeError(`progress and total must be finite numbers, got ${progress} and ${total}`);
    }
    if (progress > this.#last) {
      this.#last = progress;
      return true;
    }
    if (this.round !== undefined && this.round.number > 0) return false;
    throw new RangeError(`progress must increase: ${progress} after ${this.#last}`);
  }

  #sendLog(level: LogLevel, data: unknown, logger?: string): void {
    // A 2025 client may change its level while the call runs (logging/setLevel): read it now.
    const threshold = this.client.era === 'rev2025' ? this.session.client.logLevel : this.client.logLevel;
    const message = logNotification(level, data, logger, threshold);
    if (this.#open && this.#notify !== undefined && message !== undefined) this.#notify(message);
  }
}
