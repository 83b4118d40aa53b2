// Middleware: functions around every request a method answers, in both eras and on every
// transport, outermost first. Each gets the request and `next`, which runs the rest of the chain
// and the method, and resolves to its answer; what a middleware returns is the answer.
import type { RequestId } from '../../schemas/jsonrpc.js';
import { ErrorCode, ProtocolError } from '../jsonrpc/errors.js';
import { describeIssues } from '../schema/issues.js';
import type { AuthInfo } from './auth.js';
import type { RequestContext } from './context.js';
import type { Method } from './method.js';
import { isThenable } from './maybe-async.js';

/** What a middleware sees of a request: read-only; `next(params)` passes changed params on. */
export interface McpRequest {
  readonly method: string;
  /** The params as checked against the method's schema (or as the middleware before passed them on). */
  readonly params: Readonly<Record<string, unknown>>;
  /** `2025` (initialize and sessions) or `2026` (MCP 2026-07-28, stateless). */
  readonly era: '2025' | '2026';
  /** The revision the client speaks: the one it initialized with (2025), or its envelope's (2026). */
  readonly protocolVersion: string;
  readonly id: RequestId;
  /** What it addresses: the tool or prompt name, the resource URI, the task id; undefined for the others. */
  readonly target: string | undefined;
  /** Who asks (a token's issuer and subject, or `handle`'s `principal`); undefined without authorization. */
  readonly principal: string | undefined;
  /** The verified token, with its scopes; undefined without one. */
  readonly auth: AuthInfo | undefined;
  /** The 2025 session's id (`Mcp-Session-Id`) over HTTP; undefined on stdio, in 2026 and in process. */
  readonly sessionId: string | undefined;
  /**
   * The call's: aborted when it is cancelled, times out or the server stops, once the method runs (from `next()` on).
   */
  readonly signal: AbortSignal;
}

/**
 * Runs the rest of the chain and the method: resolves to the answer (a `tools/call` result, a list, …;
 * `null` when no answer is due, as for a cancelled call) or rejects with the error the request
 * would answer (a `ProtocolError`). Called with params, passes them on in place of the request's,
 * checked again against the method's schema. Once per middleware.
 */
export type Next = (params?: Record<string, unknown>) => Promise<unknown>;

/**
 * `(request, next) => next()`. It may answer in place of the method (return a result, or throw a
 * `ProtocolError` for an error frame), change the params (`next(params)`) or the answer, time, log,
 * or pass. A middleware that returns nothing after calling `next()` passes its answer on. What it
 * throws is answered as a handler's throw is: in `tools/call` an `isError` result with the message,
 * elsewhere -32603 (and `onError`).
 */
export type Middleware = (request: McpRequest, next: Next) => unknown;

/** A middleware for some methods only: `{ method: 'tools/call', use: mw }`. */
export interface MethodMiddleware {
  readonly method: string | readonly string[];
  readonly use: Middleware;
}

/** What a middleware's request says it addresses. */
function targetOf(method: string, params: Readonly<Record<string, unknown>>): string | undefined {
  const value =
    method === 'tools/call' || method === 'prompts/get'
      ? params.name
      : method.startsWith('resources/')
        ? params.uri
        : method.startsWith('tasks/')
          ? params.taskId
          : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The request a middleware sees: `signal` is made only when read (most never do). */
class Request implements McpRequest {
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly era: '2025' | '2026';
  readonly protocolVersion: string;
  readonly id: RequestId;
  readonly target: string | undefined;
  readonly principal: string | undefined;
  readonly auth: AuthInfo | undefined;
  readonly sessionId: string | undefined;
  readonly #ctx: RequestContext;
  constructor(ctx: RequestContext, params: Readonly<Record<string, unknown>>) {
    this.method = ctx.method;
    this.params = params;
    this.era = ctx.client.era === 'rev2026' ? '2026' : '2025';
    this.protocolVersion = ctx.client.protocolVersion;
    this.id = ctx.requestId;
    this.target = targetOf(ctx.method, params);
    this.principal = ctx.principal;
    this.auth = ctx.auth;
    this.sessionId = ctx.session.id;
    this.#ctx = ctx;
  }
  get signal(): AbortSignal {
    return this.#ctx.signal;
  }
}

const unread = () => undefined;

/**
 * Runs `method` for `ctx` through `chain` (not empty): the answer, or a promise of it when a
 * middleware or the method is asynchronous. In `tools/call` a middleware's failure is the result
 * the model reads, as a throwing handler's is, and the next one out sees it so.
 */
export function runChain(
  chain: readonly Middleware[],
  method: Method,
  ctx: RequestContext,
  params: Record<string, unknown>,
): unknown {
  const tool = ctx.method === 'tools/call';
  const fail = (error: unknown): unknown => {
    if (tool && !(error instanceof ProtocolError))
      return { content: [{ type: 'text', text: textOf(error) }], isError: true };
    throw error;
  };
  const run = (index: number, current: Record<string, unknown>): unknown => {
    if (index === chain.length) return method.run(current as never, ctx);
    let passed: Promise<unknown> | undefined;
    /** Set once this middleware's answer was taken: a next() after it would run the method for no one. */
    let answered = false;
    const next: Next = (changed) => {
      if (passed !== undefined)
        return Promise.reject(
          new Error(`middleware ${index + 1} of ${ctx.method} called next() twice: a request goes on once`),
        );
      if (answered)
        return Promise.reject(
          new Error(
            `middleware ${index + 1} of ${ctx.method} called next() after it had answered: the method does not run`,
          ),
        );
      try {
        const inner = run(index + 1, changed === undefined ? current : reparse(method, changed));
        passed = Promise.resolve(inner);
        if (isThenable(inner)) passed.catch(unread);
      } catch (error) {
        passed = Promise.reject(error);
        passed.catch(unread);
      }
      // (A middleware that answers by itself may leave next()'s failure unread: never an unhandled rejection.)
      return passed;
    };
    const done = (returned: unknown): unknown => {
      answered = true;
      if (returned !== undefined) return returned;
      if (passed === undefined)
        throw new Error(
          `middleware ${index + 1} of ${ctx.method} returned nothing and never called next(): return an answer, or ` +
            `next()'s`,
        );
      return passed;
    };
    let returned: unknown;
    try {
      returned = chain[index]!(new Request(ctx, current), next);
      if (!isThenable(returned)) return done(returned);
    } catch (error) {
      answered = true;
      return fail(error);
    }
    return Promise.resolve(returned).then(
      (value) => {
        try {
          return done(value);
        } catch (error) {
          return fail(error);
        }
      },
      (error: unknown) => {
        answered = true;
        return fail(error);
      },
    );
  };
  return run(0, params);
}

/** Params a middleware passes on, checked as the request's were: a bad change is -32602. */
function reparse(method: Method, changed: Record<string, unknown>): Record<string, unknown> {
  const parsed = method.params().safeParse(changed);
  if (!parsed.success) throw new ProtocolError(ErrorCode.InvalidParams, describeIssues(parsed.error.issues, 'params'));
  return parsed.data as Record<string, unknown>;
}

function textOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'a middleware failed';
}
