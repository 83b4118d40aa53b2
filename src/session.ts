import type { Notification, RequestId } from '../schemas/jsonrpc.js';
import type { LogLevel } from '../schemas/mcp.js';

/** Sends a notification to the peer; transports provide it (stdio writes a line, HTTP an SSE event). */
export type Notify = (notification: Notification) => void;

/** Why a tool call was aborted: each reason ends the call in its own way (see `runTool`). */
export const AbortReason = {
  /** The client sent notifications/cancelled: no response at all (MCP "Cancellation"). */
  Cancelled: 'cancelled',
  /** The tool ran past its timeout: an `isError` result saying so. */
  Timeout: 'timeout',
  /** The server is stopping: an `isError` result saying so. */
  Shutdown: 'shutdown',
} as const;
export type AbortReason = (typeof AbortReason)[keyof typeof AbortReason];

/**
 * One client connection: its negotiated version, log level and the tool calls in flight, so that
 * a `notifications/cancelled` can only reach requests of the same connection. `server.handle`
 * without a session uses the server's default one.
 */
export class Session {
  protocolVersion: string | undefined;
  initialized = false;
  logLevel: LogLevel = 'info';
  notify: Notify | undefined;
  readonly inFlight = new Map<RequestId, AbortController>();

  constructor(options: { notify?: Notify } = {}) {
    this.notify = options.notify;
  }

  /** Aborts the call with this id, if it is still running; a late or unknown id is ignored. */
  cancel(id: RequestId): void {
    this.inFlight.get(id)?.abort(AbortReason.Cancelled);
  }

  /** Aborts every call in flight, e.g. on shutdown. */
  abortAll(reason: AbortReason = AbortReason.Shutdown): void {
    for (const controller of this.inFlight.values()) controller.abort(reason);
  }
}
