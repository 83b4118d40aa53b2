// What dispatch reads and answers: the options a transport passes with a frame, the answer and how
// it travels, and the server's side of the request path (its tables, state and stages).
import type { AbortSource } from './lifetime.js';
import type { Response } from '../../schemas/jsonrpc.js';
import type { AuthInfo } from './auth.js';
import type { Codecs, IncomingRequest, RequestHeaders } from './codec.js';
import type { Notify, Session } from './connection.js';
import type { Era } from './era.js';
import type { MethodTable, NotificationTable } from './method.js';
import type { MiddlewareTable } from './middleware-table.js';
import type { RateLimiter } from './rate-limits/stage.js';
import type { ServerState } from './server-state.js';
import type { RequestTracer, TransportKind } from './telemetry/types.js';

/** Per-request options a transport passes to `handle`. */
export interface HandleContext {
  /** The connection this frame came on; defaults to the server's own session. */
  session?: Session;
  /** Where this request's notifications (progress, log messages) go; defaults to the session's. */
  notify?: Notify;
  /**
   * Aborting it ends the request as if the client had cancelled it (a closed HTTP stream); aborted
   * with `AbortReason.Shutdown`, as if the server had stopped it.
   */
  signal?: AbortSignal;
  /**
   * What a transport ends the request with in place of `signal`, cheaper to make (one per request):
   * read by the core alone. @internal
   */
  abortSource?: AbortSource;
  /** The HTTP request's headers: a 2026 request is then checked against them (SEP-2243). */
  headers?: RequestHeaders;
  /** Who the request's authorization says is asking: a 2026 requestState is bound to it. */
  principal?: string;
  /** The request's verified access token: `ctx.auth`, the scopes checked, and the principal when none is given. */
  auth?: AuthInfo;
  /** The transport the frame came by, for traces (`network.transport`); undefined in process. */
  transport?: TransportKind;
  /** The HTTP request's headers, read by traces only (`traceparent`, `tracestate`), in both eras. */
  traceHeaders?: RequestHeaders;
  /** The client's network address (HTTP): who a rate limit counts when no principal is known. */
  clientAddress?: string;
  /**
   * The toolsets this request names (HTTP's `X-MCP-Toolsets` or `/x/…` path, a transport's `toolsets`):
   * a 2025 session's own, fixed when it was made, wins. None named: the server's defaults.
   */
  toolsets?: readonly string[];
  /** How tools/list shows the tools to this request (a transport's `discovery`); the server's mode when not given. */
  discovery?: 'list' | 'search';
}

/**
 * One answer and how it travels: `status` is the HTTP status a 2026 request's answer takes (400 for
 * a refused envelope, header or version, 404 for an unknown method); 2025 answers leave HTTP
 * statuses to the transport. `era` is the era the frame was served in, when it was a request.
 */
export interface Exchange {
  readonly response: Response | null;
  readonly era: Era | undefined;
  readonly status: Status;
}

export type Status = 200 | 400 | 403 | 404 | 429;

/**
 * Everything dispatch reads, fixed once the server is built (a feature may change what its methods serve, never the
 * table).
 */
export interface Dispatcher {
  readonly state: ServerState;
  readonly codecs: Codecs;
  /** The features' methods, for both eras. */
  readonly methods: MethodTable;
  readonly notifications: NotificationTable;
  /** What runs around each method (McpServer's `use`). */
  readonly middleware: MiddlewareTable;
  /** Set once telemetry has loaded (McpServer's `telemetry`): each request then runs in its span. */
  tracer: RequestTracer | undefined;
  /** Set while telemetry loads: every frame waits for it, in the order frames came. */
  loading: Promise<void> | undefined;
  /** Rate limits, innermost around each method; undefined while the server and its tools have none. */
  limits: RateLimiter | undefined;
  /** Serves a search mode request for call_tool as the tools/call it names (set by the discovery module). */
  redirect: ((request: IncomingRequest) => IncomingRequest) | undefined;
}

/** Loads the tracer in the background (McpServer's `telemetry`); frames wait for it once, then run traced. */
export function loadTracer(
  server: Dispatcher,
  loading: Promise<RequestTracer | undefined>,
  loaded: (tracer: RequestTracer) => void,
): void {
  server.loading = loading.then((tracer) => {
    server.tracer = tracer;
    server.loading = undefined;
    if (tracer !== undefined) loaded(tracer);
  });
}
