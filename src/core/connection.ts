import type { Notification, RequestId } from '../../schemas/jsonrpc.js';
import type { LogLevel } from '../../schemas/mcp.js';

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
 * How a call in flight is aborted. It makes its `AbortSignal` only when the handler reads it: an
 * AbortController costs more than a whole small tool call, and most handlers never look.
 */
export class CallAbort {
  aborted = false;
  reason: unknown = undefined;
  #controller: AbortController | undefined;
  #listener: ((reason: unknown) => void) | undefined;

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.aborted) this.#controller.abort(this.reason);
    }
    return this.#controller.signal;
  }

  /** Like AbortController's: only the first abort counts. */
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.#controller?.abort(reason);
    this.#listener?.(reason);
  }

  /** The one listener `runTool` uses to stop waiting for the handler; `undefined` removes it. */
  listen(listener: ((reason: unknown) => void) | undefined): void {
    this.#listener = listener;
  }
}

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
  readonly inFlight = new Map<RequestId, CallAbort>();

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
