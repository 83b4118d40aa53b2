// The contract between the core and what it serves: methods and notifications.
import type { z } from 'zod/v4';
import type { Session } from './connection.js';
import type { RequestContext } from './context.js';
import type { Era } from './era.js';

/** A value for an `Mcp-Param-*` header: the header name after the prefix, and what the body holds there. */
export interface HeaderParam {
  readonly name: string;
  readonly value: unknown;
}

/** A method of a routing table: its params schema (built on first use), parsed before `run` sees them. */
export interface Method {
  readonly params: () => z.ZodType;
  /** A result object, `null` for no response (a cancelled call), or a promise of either. */
  readonly run: (params: never, ctx: RequestContext) => unknown;
  /** Its 2026 result carries `ttlMs` and `cacheScope` (MCP 2026-07-28 "Caching"). */
  readonly cacheable?: boolean;
  /** The param the `Mcp-Name` header mirrors on 2026 HTTP (`name` for tools/call, `uri` for resources/read). */
  readonly nameParam?: string;
  /** The `Mcp-Param-*` headers these params bind on 2026 HTTP (a tool's `x-mcp-header` arguments). */
  readonly headerParams?: (params: never) => readonly HeaderParam[];
  /** Only these eras have the method (resources/subscribe is 2025's); in another it is -32601. */
  readonly eras?: readonly Era[];
  /**
   * It may ask the client (tools/call, prompts/get, resources/read): on 2026 it takes `inputResponses` and
   * `requestState`.
   */
  readonly asksClient?: boolean;
}

export type MethodTable = ReadonlyMap<string, Method>;

export interface MethodOptions<P> {
  readonly cacheable?: boolean;
  readonly asksClient?: boolean;
  readonly eras?: readonly Era[];
  readonly nameParam?: string;
  readonly headerParams?: (params: P) => readonly HeaderParam[];
}

/** Ties `run`'s params type to its schema. */
export function defineMethod<S extends z.ZodType>(
  params: () => S,
  run: (params: z.output<S>, ctx: RequestContext) => object | null | PromiseLike<object | null>,
  options: MethodOptions<z.output<S>> = {},
): Method {
  return { params, run, ...options } as Method;
}

/** A notification handler; notifications never get a response, so it returns nothing. */
export interface NotificationHandler {
  readonly params: () => z.ZodType;
  readonly run: (params: never, session: Session) => void;
}

export type NotificationTable = ReadonlyMap<string, NotificationHandler>;

export function defineNotification<S extends z.ZodType>(
  params: () => S,
  run: (params: z.output<S>, session: Session) => void,
): NotificationHandler {
  return { params, run };
}
