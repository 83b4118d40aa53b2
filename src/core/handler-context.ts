// What every handler gets as its second argument: who asks, its signal, progress and log, and asking
// the client. RequestContext (context.ts) is the one the core makes; a method adds members of its own.
import type { RequestId } from '../../schemas/jsonrpc.js';
import type { LogLevel } from '../../schemas/logging.js';
import type { AuthInfo } from './auth.js';
import type { ClientView } from './era.js';
import type { AnswerOf, Ask } from './input/requests.js';

/** What every handler (a tool's, and later a prompt's or a resource's) gets as its second argument. */
export interface HandlerContext {
  /** Fires on cancellation (notifications/cancelled, a closed HTTP stream), on the timeout and on shutdown. */
  readonly signal: AbortSignal;
  readonly requestId: RequestId;
  /** Who is asking, for this request: the 2025 handshake, or the 2026 request's own `_meta`. */
  readonly client: ClientView;
  /**
   * The caller's verified access token (subject, client, scopes, claims) over an authorized HTTP endpoint; undefined
   * otherwise.
   */
  readonly auth: AuthInfo | undefined;
  /**
   * Sends notifications/progress when the client asked for it (`_meta.progressToken`); otherwise
   * does nothing. Each value must exceed the last; after the call has answered, it is a no-op.
   */
  progress(progress: number, total?: number, message?: string): void;
  /**
   * Sends notifications/message when `level` passes the client's level: `logging/setLevel` on 2025
   * (default `info`), the request's `io.modelcontextprotocol/logLevel` on 2026 (none: nothing is sent).
   */
  log(level: LogLevel, data: unknown, logger?: string): void;
  /**
   * Asks the client (elicitation, sampling, roots) and resolves with every answer, by key. A
   * question not answered yet ends this run of the handler: on 2026 the call answers input_required
   * and the client retries it; on 2025 the server sends the questions to the client and runs the
   * handler again. Either way the handler runs again from the start with the answers, so code
   * before an ask must be safe to repeat (`memo` keeps a value across runs). Keys name questions:
   * the same key is the same question. Asking what the client did not declare is -32021 on 2026,
   * an error on 2025 (a tool answers isError); check first with `canAsk`. Only in tools/call,
   * prompts/get and resources/read.
   */
  ask<R extends Record<string, Ask>>(requests: R): Promise<{ [K in keyof R]: AnswerOf<R[K]> }>;
  /** Whether the client declared what these questions need: on this request (2026), at initialize (2025). */
  canAsk(...requests: Ask[]): boolean;
  /**
   * Computes a value once per call and keeps it (as JSON) across runs of the handler: sealed in
   * requestState on 2026, in memory on 2025. For what must not be repeated, or is costly.
   */
  memo<T>(key: string, compute: () => T | PromiseLike<T>): Promise<T>;
}

/** A handler context with members of a method's own (the `uri` of a resource read), for handlers that need them. */
export function extendContext<T extends object>(ctx: HandlerContext, extra: T): HandlerContext & T {
  return {
    get signal() {
      return ctx.signal;
    },
    requestId: ctx.requestId,
    client: ctx.client,
    auth: ctx.auth,
    progress: ctx.progress,
    log: ctx.log,
    ask: (requests) => ctx.ask(requests),
    canAsk: (...requests) => ctx.canAsk(...requests),
    memo: (key, compute) => ctx.memo(key, compute),
    ...extra,
  };
}
