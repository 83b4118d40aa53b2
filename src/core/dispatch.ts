// frame -> era -> method -> response. Every JSON-RPC error frame the server sends starts here.
import type { ErrorResponse, Response } from '../../schemas/jsonrpc.js';
import { MetaKey } from '../../schemas/rev2026.js';
import { classify } from '../jsonrpc/classify.js';
import { ErrorCode, ProtocolError, errorFrame, toErrorFrame } from '../jsonrpc/errors.js';
import { describeIssues } from '../schema/issues.js';
import type { Codecs, EraCodec, IncomingRequest, RequestHeaders } from './codec.js';
import type { Notify, Session } from './connection.js';
import { principalOf, type AuthInfo } from './auth.js';
import { RequestContext } from './context.js';
import { claimsModernEra, type Era } from './era.js';
import { isThenable } from './maybe-async.js';
import type { Method, MethodTable, NotificationTable } from './method.js';
import { runChain, type MiddlewareTable } from './middleware.js';
import type { RateLimiter } from './rate-limits/stage.js';
import type { ServerState } from './server-state.js';
import type { RequestTracer, TracedRequest, TransportKind } from './telemetry/types.js';
import { requestSpans } from './telemetry/spans.js';

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

type Status = 200 | 400 | 403 | 404 | 429;

/** Everything dispatch reads, fixed once the server is built (a feature may change what its methods serve, never the table). */
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
}

type Answer = Exchange | Promise<Exchange>;

/**
 * Answers one frame: the response, or `null` when none is due. A method that answers synchronously
 * is answered synchronously; a returned promise never rejects.
 */
export function dispatch(server: Dispatcher, frame: unknown, session: Session, context: HandleContext): Answer {
  if (server.loading !== undefined) return server.loading.then(() => dispatch(server, frame, session, context));
  const classified = classify(frame);
  switch (classified.kind) {
    case 'invalid':
      // A malformed answer to a request of ours is that request's failure, never a frame back:
      // the client would read an error with that id as the answer to a request of its own.
      if (isAnswerTo(session, frame)) {
        session.outbound.deliver(frame as never);
        return exchange(null, undefined, 200);
      }
      return exchange(errorFrame(classified.id, ErrorCode.InvalidRequest, classified.data), undefined, 400);
    case 'response':
      if (context.headers !== undefined && postsModern(server, context.headers)) {
        // MCP 2026-07-28 "Streamable HTTP": a POST carries a request or a notification, never a response.
        return exchange(errorFrame(classified.id, ErrorCode.InvalidRequest, 'a 2026 POST carries a request or a notification, not a response'), 'rev2026', 400);
      }
      if (!session.outbound.deliver(frame as never) && session.outbound.used) {
        server.state.warn(`ignored a response to no request waiting for one (id ${JSON.stringify(classified.id)})`);
      }
      return exchange(null, undefined, 200); // a response to a request of ours: nothing to answer
    case 'notification': {
      const handler = server.notifications.get(classified.method);
      const params = handler?.params.safeParse(classified.params);
      if (handler && params?.success) handler.run(params.data as never, session);
      return exchange(null, undefined, 200);
    }
  }
  const params = classified.params as Record<string, unknown> | undefined;
  const request: IncomingRequest = { id: classified.id, method: classified.method, params, headers: context.headers };
  const era = selectEra(server, request, session);
  if (server.tracer === undefined) return answer(server, request, era, session, context);
  const traced: TracedRequest = { request, era, session, transport: context.transport, traceHeaders: context.traceHeaders };
  return server.tracer.trace(traced, () => answer(server, request, era, session, context, traced)) as Answer;
}

/** Loads the tracer in the background (McpServer's `telemetry`); frames wait for it once, then run traced. */
export function loadTracer(server: Dispatcher, loading: Promise<RequestTracer | undefined>, loaded: (tracer: RequestTracer) => void): void {
  server.loading = loading.then((tracer) => {
    server.tracer = tracer;
    server.loading = undefined;
    if (tracer !== undefined) loaded(tracer);
  });
}

function answer(server: Dispatcher, request: IncomingRequest, era: Era, session: Session, context: HandleContext, traced?: TracedRequest): Answer {
  try {
    return serve(server, request, era, session, context, traced);
  } catch (error) {
    // Thrown before the method ran (admission, lookup, headers): on 2026 HTTP a 400 or 404.
    return refuse(server, request, era, error);
  }
}

function serve(server: Dispatcher, request: IncomingRequest, era: Era, session: Session, context: HandleContext, traced: TracedRequest | undefined): Answer {
  const codec = server.codecs[era];
  const client = codec.admit(request, session, server.state);
  const method = codec.methods.get(request.method) ?? server.methods.get(request.method);
  if (method === undefined || (method.eras !== undefined && !method.eras.includes(era))) throw new ProtocolError(ErrorCode.MethodNotFound);
  const lifted = method.asksClient === true && era === 'rev2026' ? liftInput(request.params) : undefined;
  const parsed = method.params.safeParse(lifted === undefined ? request.params : lifted.params);
  if (!parsed.success) {
    return exchange(errorFrame(request.id, ErrorCode.InvalidParams, describeIssues(parsed.error.issues, 'params')), era, 200);
  }
  if (session.pinsEra) pinEra(session, era, request); // only a request that will run pins
  codec.check?.(request, method, parsed.data);
  const ctx = new RequestContext(
    server.state,
    session,
    request.id,
    request.method,
    client,
    context.notify ?? session.notify,
    context.signal,
    progressTokenOf(request.params),
    parsed.data,
  );
  // Set only when there is something to set: most requests never ask the client.
  if (context.auth !== undefined) {
    ctx.auth = context.auth;
    ctx.principal = context.principal ?? principalOf(context.auth);
  } else if (context.principal !== undefined) ctx.principal = context.principal;
  if (traced?.span !== undefined) requestSpans.set(ctx, traced.span); // an MRTR round's link to the one before
  if (lifted !== undefined) {
    ctx.inputResponses = lifted.inputResponses;
    ctx.requestState = lifted.requestState;
  }
  const target = server.limits === undefined ? method : server.limits.guard(method, context.clientAddress);
  let result: unknown;
  try {
    result = server.middleware.any ? runMiddleware(server.middleware, target, ctx, parsed.data) : target.run(parsed.data as never, ctx);
  } catch (error) {
    return failed(error, ctx, codec);
  }
  if (isThenable(result)) {
    return Promise.resolve(result).then(
      (late) => answered(late, ctx, codec, method),
      (error: unknown) => failed(error, ctx, codec),
    );
  }
  return answered(result, ctx, codec, method);
}

function runMiddleware(table: MiddlewareTable, method: Method, ctx: RequestContext, params: unknown): unknown {
  const chain = table.chainOf(ctx.method);
  return chain.length === 0 ? method.run(params as never, ctx) : runChain(chain, method, ctx, params as Record<string, unknown>);
}

/** A method's result as the era's frame; `null` is no response. An encoder that throws is a bug: -32603. */
function answered(result: unknown, ctx: RequestContext, codec: EraCodec, method: Method): Exchange {
  if (result === null) return exchange(null, codec.era, 200);
  try {
    const encoded = codec.encode(result as object, method, ctx) as Record<string, unknown>;
    return exchange({ jsonrpc: '2.0', id: ctx.requestId, result: encoded }, codec.era, 200);
  } catch (error) {
    return failed(error, ctx, codec);
  }
}

function failed(error: unknown, ctx: RequestContext, codec: EraCodec): Exchange {
  const response = errorIn(codec, toErrorFrame(ctx.requestId, error, ctx.server.report));
  const { code } = response.error;
  return exchange(response, codec.era, codec.era === 'rev2026' || code === ErrorCode.InsufficientScope || code === ErrorCode.RateLimited ? statusOf(code, false) : 200);
}

/** An error frame as the era spells its code (2026 has no -32002: a missing resource is -32602). */
function errorIn(codec: EraCodec, response: ErrorResponse): ErrorResponse {
  return codec.mapError === undefined ? response : codec.mapError(response);
}

/**
 * stdio serves one client: its first `initialize` or enveloped request pins the era, and a 2026
 * request on a connection pinned to 2025 is refused with the version it speaks (the other way
 * round, the 2026 codec refuses `initialize` itself). `server/discover` is always answered and
 * pins nothing: dual-era clients probe with it.
 */
function pinEra(session: Session, era: Era, request: IncomingRequest): void {
  if (era === 'rev2026' && request.method === 'server/discover') return;
  if (session.era === undefined) {
    if (era === 'rev2026' || request.method === 'initialize') session.era = era;
    return;
  }
  if (session.era === 'rev2025' && era === 'rev2026') {
    const requested = String((request.params?._meta as Record<string, unknown>)[MetaKey.protocolVersion]);
    throw new ProtocolError(ErrorCode.UnsupportedProtocolVersion, { supported: [session.client.protocolVersion], requested });
  }
}

/**
 * The era of one request. A modern `_meta` claim (or, on HTTP, a modern MCP-Protocol-Version header)
 * means 2026; anything else 2025, the era of clients that send `initialize`. On a connection that
 * pins its era (stdio), a request without a claim follows the pinned era.
 */
function selectEra(server: Dispatcher, request: IncomingRequest, session: Session): Era {
  const { eras } = server.state;
  if (!eras.has('rev2026')) return 'rev2025';
  if (!eras.has('rev2025')) return 'rev2026';
  if (claimsModernEra(request.method, request.params, request.headers?.['mcp-protocol-version'])) return 'rev2026';
  return session.pinsEra && session.era === 'rev2026' ? 'rev2026' : 'rev2025';
}

/** Whether an HTTP message without a body claim (a response) is a 2026 one: by its header, or because only 2026 is served. */
function postsModern(server: Dispatcher, headers: RequestHeaders): boolean {
  const { eras } = server.state;
  if (!eras.has('rev2026')) return false;
  return !eras.has('rev2025') || claimsModernEra(undefined, undefined, headers['mcp-protocol-version']);
}

/** A request refused before its method ran. */
function refuse(server: Dispatcher, request: IncomingRequest, era: Era, error: unknown): Exchange {
  const response = errorIn(server.codecs[era], toErrorFrame(request.id, error, server.state.report));
  return exchange(response, era, era === 'rev2026' ? statusOf(response.error.code, true) : 200);
}

/**
 * The HTTP status of a 2026 error (MCP 2026-07-28 "Streamable HTTP", "Error codes"): 400 for the
 * header, capability and version codes and for a refused envelope, 404 for an unknown method;
 * other errors answer their request in-band.
 */
function statusOf(code: number, admission: boolean): Status {
  if (code === ErrorCode.MethodNotFound) return 404;
  if (code === ErrorCode.RateLimited) return 429; // both eras, with Retry-After
  if (code === ErrorCode.InsufficientScope) return 403; // both eras: the scope challenge (MCP "Authorization")
  if (code === ErrorCode.HeaderMismatch || code === ErrorCode.MissingRequiredClientCapability || code === ErrorCode.UnsupportedProtocolVersion) {
    return 400;
  }
  if (code === ErrorCode.InvalidRequest || (admission && code === ErrorCode.InvalidParams)) return 400;
  return 200;
}

/** A frame shaped like a response (an id, result or error, no method) to a request of ours still waiting. */
function isAnswerTo(session: Session, frame: unknown): boolean {
  if (typeof frame !== 'object' || frame === null || 'method' in frame || !('result' in frame || 'error' in frame)) return false;
  return session.outbound.has((frame as { id?: unknown }).id);
}

/**
 * A 2026 retry's `inputResponses` and `requestState` (MCP 2026-07-28 "Multi Round-Trip Requests"),
 * taken off params before the method's schema sees them; undefined when neither is there.
 */
function liftInput(params: Record<string, unknown> | undefined): { params: Record<string, unknown>; inputResponses?: Record<string, unknown>; requestState?: string } | undefined {
  if (params === undefined || !('inputResponses' in params || 'requestState' in params)) return undefined;
  const { inputResponses, requestState, ...rest } = params;
  if (inputResponses !== undefined && (typeof inputResponses !== 'object' || inputResponses === null || Array.isArray(inputResponses))) {
    throw new ProtocolError(ErrorCode.InvalidParams, 'params.inputResponses: expected an object of answers by key');
  }
  if (requestState !== undefined && typeof requestState !== 'string') throw new ProtocolError(ErrorCode.InvalidParams, 'params.requestState: expected a string');
  return { params: rest, inputResponses: inputResponses as Record<string, unknown> | undefined, requestState: requestState as string | undefined };
}

function progressTokenOf(params: Record<string, unknown> | undefined): string | number | undefined {
  const meta = params?._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const token = (meta as { progressToken?: unknown }).progressToken;
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
}

function exchange(response: Response | null, era: Era | undefined, status: Status): Exchange {
  return { response, era, status };
}
