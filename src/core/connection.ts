// What one client connection remembers. Every field says who reads it.
import type { Root } from '../../schemas/client-input.js';
import type { Notification, Request, RequestId } from '../../schemas/jsonrpc.js';
import type { LogLevel } from '../../schemas/logging.js';
import type { ClientView, Era } from './era.js';
import { AbortReason, type CallAbort } from './lifetime.js';
import { Outbound } from './outbound.js';
import { optionKeys, refuseUnknownOptions } from './options.js';

/**
 * Sends a notification (or, on 2025, a request of the server's own: elicitation/create, ...) to the
 * peer; transports provide it (stdio writes a line, HTTP an SSE event).
 */
export type Notify = (message: Notification | Request) => void;

/** What a 2025 client has said of itself before (or without) initialize: MCP's defaults. */
const COLD_CLIENT: ClientView = {
  era: 'rev2025',
  protocolVersion: '2025-03-26',
  capabilities: {},
  info: undefined,
  logLevel: 'info',
};

export interface SessionOptions {
  /** Where notifications not tied to a request go (list changes on 2025, stdio's one channel). */
  notify?: Notify;
  /**
   * Pin the era at the first `initialize` or enveloped request, and refuse the other era after it.
   * stdio pins (one process, one client); a 2025 HTTP session is legacy by construction.
   */
  pinEra?: boolean;
  /**
   * Whether the client's responses can come back to this session, so that the server may send it
   * requests of its own (2025). Default true; a throwaway session of one stateless HTTP POST has none.
   */
  acceptsResponses?: boolean;
  /** Its id on the wire (a 2025 HTTP session's `Mcp-Session-Id`), for middleware and traces. */
  id?: string;
  /** The toolsets its initialize named (2025 HTTP): fixed for the session, whatever later requests name. */
  toolsets?: readonly string[];
}

/**
 * One client connection: what its handshake said, and the calls in flight, so that a
 * `notifications/cancelled` only reaches requests of the same connection. `server.handle`
 * without a session uses the server's default one.
 */
const SESSION_OPTIONS = optionKeys<SessionOptions>({
  notify: true,
  pinEra: true,
  acceptsResponses: true,
  id: true,
  toolsets: true,
});

export class Session {
  /** Read by dispatch on every request, when `pinEra` is set: the era this connection speaks. */
  era: Era | undefined;
  readonly pinsEra: boolean;
  /** Set by initialize and logging/setLevel; read by the 2025 codec as `ctx.client`. */
  client: ClientView = COLD_CLIENT;
  /** Read by requests that have no stream of their own (stdio), and by change notifications. */
  notify: Notify | undefined;
  // The collections below are made on first use: a stateless 2026 request gets a session of its
  // own, and most never touch any of them.
  #inFlight: Map<RequestId, CallAbort> | undefined;
  #resourceSubscriptions: Set<string> | undefined;
  #streams: Set<CallAbort> | undefined;
  #outbound: Outbound | undefined;
  #disposers: Set<() => void> | undefined;
  /** Read before sending the client a request: false when its responses could never reach us. */
  readonly acceptsResponses: boolean;
  readonly id: string | undefined;
  readonly toolsets: readonly string[] | undefined;
  /**
   * The client's roots as last listed, when it promised to say they changed (`roots.listChanged`);
   * cleared by notifications/roots/list_changed.
   */
  roots: Root[] | undefined;
  /** Counts notifications/roots/list_changed, so that an answer from before one is not cached after it. */
  rootsGeneration = 0;
  constructor(options: SessionOptions = {}) {
    refuseUnknownOptions('Session', options, SESSION_OPTIONS);
    this.notify = options.notify;
    this.pinsEra = options.pinEra ?? false;
    this.acceptsResponses = options.acceptsResponses ?? true;
    this.id = options.id;
    this.toolsets = options.toolsets;
  }

  /** Calls that can still be cancelled; read by notifications/cancelled and by `abortAll`. */
  get inFlight(): Map<RequestId, CallAbort> {
    return (this.#inFlight ??= new Map());
  }

  /** Whether a call with this id is in flight (asks without making the collection). */
  isInFlight(id: RequestId): boolean {
    return this.#inFlight?.has(id) ?? false;
  }

  /** URIs this 2025 connection called resources/subscribe for; read when a resource is updated. */
  get resourceSubscriptions(): Set<string> {
    return (this.#resourceSubscriptions ??= new Set());
  }

  /** Long-lived requests (subscriptions/listen) of this connection; read by `endStreams` on shutdown. */
  get streams(): Set<CallAbort> {
    return (this.#streams ??= new Set());
  }

  /** Requests this server sent to the 2025 client, waiting for its responses. */
  get outbound(): Outbound {
    return (this.#outbound ??= new Outbound());
  }

  /** Records the 2025 handshake: the negotiated version and what the client declared. */
  initialize(client: Omit<ClientView, 'era' | 'logLevel'>): void {
    this.client = { ...client, era: 'rev2025', logLevel: this.client.logLevel };
  }

  setLogLevel(level: LogLevel): void {
    this.client = { ...this.client, logLevel: level };
  }

  /** Aborts the call with this id, if it is still running; a late or unknown id is ignored. */
  cancel(id: RequestId): void {
    this.#inFlight?.get(id)?.abort(AbortReason.Cancelled);
  }

  /** Aborts every call in flight, e.g. on shutdown. */
  abortAll(reason: AbortReason = AbortReason.Shutdown): void {
    if (this.#inFlight !== undefined) for (const controller of this.#inFlight.values()) controller.abort(reason);
  }

  /** Ends every long-lived stream at once, as on shutdown: a listen stream answers its graceful end. */
  endStreams(): void {
    if (this.#streams !== undefined) for (const stream of this.#streams) stream.abort(AbortReason.Shutdown);
  }

  /** Runs `dispose` when the session closes; returns a function that runs it sooner. */
  onClose(dispose: () => void): () => void {
    const disposers = (this.#disposers ??= new Set());
    disposers.add(dispose);
    return () => {
      if (disposers.delete(dispose)) dispose();
    };
  }

  /** Ends the session: its calls are aborted (as on shutdown unless told otherwise), its subscriptions undone. */
  close(reason: AbortReason = AbortReason.Shutdown): void {
    this.abortAll(reason);
    this.#outbound?.rejectAll('the connection closed');
    const disposers = this.#disposers;
    if (disposers === undefined) return;
    for (const dispose of disposers) dispose();
    disposers.clear();
  }
}
