// frame -> era -> method -> response. Every JSON-RPC error frame the server sends starts here.
import type { ErrorResponse, Response } from '../../schemas/jsonrpc.js';
import { classify } from '../jsonrpc/classify.js';
import { ErrorCode, ProtocolError, errorFrame, toErrorFrame } from '../jsonrpc/errors.js';
import { describeIssues } from '../schema/issues.js';
import type { EraCodec, IncomingRequest } from './codec.js';
import type { Session } from './connection.js';
import { principalOf } from './auth.js';
import { RequestContext } from './context.js';
import type { Dispatcher, Exchange, HandleContext, Status } from './dispatcher.js';
import type { Era } from './era.js';
import { pinEra, postsModern, selectEra } from './era-choice.js';
import { isThenable } from './maybe-async.js';
import type { Method } from './method.js';
import { runChain } from './middleware.js';
import type { MiddlewareTable } from './middleware-table.js';
import { isAnswerTo, liftInput, progressTokenOf } from './request-parts.js';
import { selectionFor } from './toolsets.js';
import type { TracedRequest } from './telemetry/types.js';
import { requestSpans } from './telemetry/spans.js';

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
      if (context.headers !== undefined && postsModern(server.state.eras, context.headers)) {
        // MCP 2026-07-28 "Streamable HTTP": a POST carries a request or a notification, never a response.
        return exchange(
          errorFrame(
            classified.id,
            ErrorCode.InvalidRequest,
            'a 2026 POST carries a request or a notification, not a response',
          ),
          'rev2026',
          400,
        );
      }
      if (!session.outbound.deliver(frame as never) && session.outbound.used) {
        server.state.warn(`ignored a response to no request waiting for one (id ${JSON.stringify(classified.id)})`);
      }
      return exchange(null, undefined, 200); // a response to a request of ours: nothing to answer
    case 'notification': {
      const handler = server.notifications.get(classified.method);
      const params = handler?.params().safeParse(classified.params);
      if (handler && params?.success) handler.run(params.data as never, session);
      return exchange(null, undefined, 200);
    }
  }
  const params = classified.params as Record<string, unknown> | undefined;
  // `via` always there, so that a request call_tool redirects has the same shape as any other.
  let request: IncomingRequest = {
    id: classified.id,
    method: classified.method,
    params,
    headers: context.headers,
    via: undefined,
  };
  if (server.redirect !== undefined && searching(server, context)) request = server.redirect(request);
  const era = selectEra(server.state.eras, request, session);
  if (server.tracer === undefined) return answer(server, request, era, session, context);
  const traced: TracedRequest = {
    request,
    era,
    session,
    transport: context.transport,
    traceHeaders: context.traceHeaders,
  };
  return server.tracer.trace(traced, () => answer(server, request, era, session, context, traced)) as Answer;
}

function answer(
  server: Dispatcher,
  request: IncomingRequest,
  era: Era,
  session: Session,
  context: HandleContext,
  traced?: TracedRequest,
): Answer {
  try {
    return serve(server, request, era, session, context, traced);
  } catch (error) {
    // Thrown before the method ran (admission, lookup, headers): on 2026 HTTP a 400 or 404.
    return refuse(server, request, era, error);
  }
}

function serve(
  server: Dispatcher,
  request: IncomingRequest,
  era: Era,
  session: Session,
  context: HandleContext,
  traced: TracedRequest | undefined,
): Answer {
  const codec = server.codecs[era];
  const client = codec.admit(request, session, server.state);
  const method = codec.methods.get(request.method) ?? server.methods.get(request.method);
  if (method === undefined || (method.eras !== undefined && !method.eras.includes(era)))
    throw new ProtocolError(ErrorCode.MethodNotFound);
  const lifted = method.asksClient === true && era === 'rev2026' ? liftInput(request.params) : undefined;
  const parsed = method.params().safeParse(lifted === undefined ? request.params : lifted.params);
  if (!parsed.success) {
    return exchange(
      errorFrame(request.id, ErrorCode.InvalidParams, describeIssues(parsed.error.issues, 'params')),
      era,
      200,
    );
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
    context.abortSource ?? context.signal,
    progressTokenOf(request.params),
    parsed.data,
  );
  // Set only when there is something to set: most requests never ask the client.
  if (context.auth !== undefined) {
    ctx.auth = context.auth;
    ctx.principal = context.principal ?? principalOf(context.auth);
  } else if (context.principal !== undefined) ctx.principal = context.principal;
  if (searching(server, context)) ctx.discovery = 'search';
  const named = session.toolsets ?? context.toolsets;
  if (server.state.toolsets !== undefined || named !== undefined) {
    ctx.toolsets = selectionFor(server.state.toolsets, named); // an unknown name: -32600, never ignored
  }
  if (traced?.span !== undefined) requestSpans.set(ctx, traced.span); // an MRTR round's link to the one before
  if (lifted !== undefined) {
    ctx.inputResponses = lifted.inputResponses;
    ctx.requestState = lifted.requestState;
  }
  const target = server.limits === undefined ? method : server.limits.guard(method, context.clientAddress);
  let result: unknown;
  try {
    result = server.middleware.any
      ? runMiddleware(server.middleware, target, ctx, parsed.data)
      : target.run(parsed.data as never, ctx);
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

/** Whether the request is served search mode: its transport's choice, else the server's. */
function searching(server: Dispatcher, context: HandleContext): boolean {
  return (context.discovery ?? server.state.discovery) === 'search';
}

function runMiddleware(table: MiddlewareTable, method: Method, ctx: RequestContext, params: unknown): unknown {
  const chain = table.chainOf(ctx.method);
  return chain.length === 0
    ? method.run(params as never, ctx)
    : runChain(chain, method, ctx, params as Record<string, unknown>);
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
  return exchange(
    response,
    codec.era,
    codec.era === 'rev2026' || code === ErrorCode.InsufficientScope || code === ErrorCode.RateLimited
      ? statusOf(code, false)
      : 200,
  );
}

/** An error frame as the era spells its code (2026 has no -32002: a missing resource is -32602). */
function errorIn(codec: EraCodec, response: ErrorResponse): ErrorResponse {
  return codec.mapError === undefined ? response : codec.mapError(response);
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
  if (
    code === ErrorCode.HeaderMismatch ||
    code === ErrorCode.MissingRequiredClientCapability ||
    code === ErrorCode.UnsupportedProtocolVersion
  ) {
    return 400;
  }
  if (code === ErrorCode.InvalidRequest || (admission && code === ErrorCode.InvalidParams)) return 400;
  return 200;
}

function exchange(response: Response | null, era: Era | undefined, status: Status): Exchange {
  return { response, era, status };
}
