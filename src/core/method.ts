import type { z } from 'zod';
import type { RequestId } from '../../schemas/jsonrpc.js';
import type { Implementation, Tool as ToolDescriptor } from '../../schemas/mcp.js';
import type { Notify, Session } from './connection.js';
import type { Tool } from '../features/tools/define.js';

/** What method handlers read of the server: fixed once the server is built. */
export interface ServerState {
  readonly serverInfo: Implementation;
  readonly instructions: string | undefined;
  readonly tools: ReadonlyMap<string, Tool>;
  readonly toolList: readonly ToolDescriptor[];
  readonly pageSize: number;
  readonly timeoutMs: number | undefined;
  /** Where internal errors go (stderr by default); the wire only ever says "Internal error". */
  readonly report: (error: unknown) => void;
}

/** One request being handled. */
export interface Call {
  readonly server: ServerState;
  readonly session: Session;
  readonly id: RequestId;
  readonly notify: Notify | undefined;
  /** Aborted by the transport, e.g. when an HTTP client goes away; tool calls end as if cancelled. */
  readonly signal: AbortSignal | undefined;
}

/** A method of the routing table: its params schema, parsed before `run` sees them. */
export interface Method {
  readonly params: z.ZodType;
  readonly run: (params: never, call: Call) => unknown;
}

/** Ties `run`'s params type to its schema. A `null` result means: send no response. */
export function defineMethod<S extends z.ZodType>(
  params: S,
  run: (params: z.output<S>, call: Call) => object | null | Promise<object | null>,
): Method {
  return { params, run };
}

/** A notification handler; notifications never get a response, so it returns nothing. */
export interface NotificationHandler {
  readonly params: z.ZodType;
  readonly run: (params: never, session: Session) => void;
}

export function defineNotification<S extends z.ZodType>(
  params: S,
  run: (params: z.output<S>, session: Session) => void,
): NotificationHandler {
  return { params, run };
}
