// POST: one JSON-RPC message per body. The core answers it; this file only picks the path (a 2026
// request stands alone; a 2025 one belongs to a session), the status and the framing.
import type { HttpRequest, HttpResponse, ResponseHeaders } from './messages.js';
import type { Session } from '../../core/connection.js';
import type { Exchange } from '../../core/dispatcher.js';
import type { Response } from '../../../schemas/jsonrpc.js';
import { claimsModernEra } from '../../core/era.js';
import { AbortFlag } from '../../core/lifetime.js';
import { isRequestFrame } from '../../jsonrpc/classify.js';
import { ErrorCode } from '../../jsonrpc/errors.js';
import { parseJson, type BodyRefusal } from './body.js';
import { writeDiagnostic } from '../../runtime/host.js';
import {
  SESSION_HEADER,
  VERSION_HEADER,
  POST_ACCEPTS,
  acceptsAll,
  distinctHeaders,
  checkProtocolVersion,
  isJsonBody,
  readSessionId,
} from './headers.js';
import { createRequestReply, sendBusy, sendError, sendJson } from './reply.js';
import { principalOf } from '../../core/auth.js';
import { findSession } from './sessions.js';
import type { HttpState } from './state.js';

const retryLater = { 'retry-after': '1' };

export async function handlePost(state: HttpState, req: HttpRequest, res: HttpResponse): Promise<void> {
  const { options } = state;
  if (!acceptsAll(req, POST_ACCEPTS)) {
    return sendError(res, 406, 'Accept must include application/json and text/event-stream');
  }
  if (!isJsonBody(req)) return sendError(res, 415, 'Content-Type must be application/json');
  const read = await state.readBody(req, res);
  if (!read.ok) return refuseBody(state, res, read.reason);
  if (state.closing || state.draining)
    return sendError(res, 503, 'the server is shutting down', { headers: { connection: 'close' } });
  if (!state.admit(res)) return sendBusy(res, options.maxConcurrentRequests);
  const json = parseJson(read.text);
  if (!json.ok) return sendError(res, 400, 'the request body is not valid JSON', { code: ErrorCode.ParseError });
  const frame = json.value;
  if (isModern(state, frame, req)) return answerAlone(state, frame, req, res, true);

  const sessionId = options.stateless ? undefined : readSessionId(req);
  const initialize = isRequestFrame(frame) && frame.method === 'initialize';
  // The initialize body carries its own version; the header rule is for what follows it.
  if (!initialize) {
    const refusal = checkProtocolVersion(req);
    if (refusal !== undefined) return sendError(res, 400, refusal);
  }
  if (options.stateless) return answerAlone(state, frame, req, res, false);
  if (initialize && sessionId === undefined) return startSession(state, frame, req, res);

  const entry = findSession(state, sessionId, res, state.callers.get(req));
  if (entry === undefined) return;
  entry.busy++;
  try {
    await answer(state, frame, entry.session, req, res, { [SESSION_HEADER]: entry.id }, false);
  } finally {
    entry.busy--;
    state.sessions.touch(entry);
  }
}

/** A body that was not read in full: the rest of it is dropped with the connection. */
function refuseBody(state: HttpState, res: HttpResponse, reason: BodyRefusal): void {
  const { maxBodyBytes, bodyTimeoutMs, maxBufferedBodyBytes } = state.options;
  const close = { connection: 'close' };
  switch (reason) {
    case 'gone':
      res.destroy(); // nobody to answer: a web runtime still gets its Response (499), and a drain stops waiting for it
      return;
    case 'consumed':
      writeDiagnostic(
        'zod-mcp: http: the request body was read before the MCP handler (a body parser or middleware before it?) ' +
          'and left nothing of it',
      );
      return sendError(res, 500, undefined, { code: ErrorCode.InternalError });
    case 'too-large':
      return sendError(res, 413, `request body exceeds ${maxBodyBytes} bytes`, { headers: close });
    case 'late':
      return sendError(res, 408, `the request body did not arrive within ${bodyTimeoutMs} ms`, { headers: close });
    case 'busy':
      return sendError(
        res,
        503,
        `too many request bodies being read (limit ${maxBufferedBodyBytes} bytes); retry later`,
        { headers: { ...close, ...retryLater } },
      );
  }
}

/**
 * A 2026 message: one whose `_meta` claims a version, or that comes with a 2026 MCP-Protocol-Version
 * header (the core then says what is missing). It is served on its own, with no session: any
 * Mcp-Session-Id is ignored and none is minted. A server that serves only 2026 takes every POST so.
 */
function isModern(state: HttpState, frame: unknown, req: HttpRequest): boolean {
  const { eras } = state.server;
  if (!eras.includes('rev2026')) return false;
  if (!eras.includes('rev2025')) return true;
  const { method, params } =
    typeof frame === 'object' && frame !== null && !Array.isArray(frame)
      ? (frame as { method?: unknown; params?: unknown })
      : {};
  return claimsModernEra(method, params, req.headers[VERSION_HEADER]);
}

/**
 * A message with no session to belong to: it gets one of its own, closed (and so unsubscribed from
 * events) once it has answered. Not async: a suspended function keeps its parameters, and a listen
 * stream must not keep the frame it came in.
 */
function answerAlone(
  state: HttpState,
  frame: unknown,
  req: HttpRequest,
  res: HttpResponse,
  modern: boolean,
): Promise<void> {
  // Its answers could never come back to it: a 2025 tool that asks the client is told so at once.
  const session = state.server.createSession({ acceptsResponses: false });
  return answer(state, frame, session, req, res, {}, modern).finally(() => session.close());
}

/** A new session exists only once initialize succeeds; its id comes back in the Mcp-Session-Id header. */
async function startSession(state: HttpState, frame: unknown, req: HttpRequest, res: HttpResponse): Promise<void> {
  const full = () =>
    sendError(res, 503, `too many sessions (limit ${state.options.maxSessions}); retry later`, { headers: retryLater });
  if (state.sessions.isFull()) return full();
  const auth = state.callers.get(req);
  const entry = state.sessions.open(auth === undefined ? undefined : principalOf(auth), state.toolsets.get(req));
  state.track(res, entry.session);
  const clientAddress = state.clientAddress(req);
  const answered = await state.server.exchange(frame, {
    session: entry.session,
    transport: 'http',
    traceHeaders: req.headers,
    ...(auth === undefined ? {} : { auth }),
    ...(clientAddress === undefined ? {} : { clientAddress }),
  });
  const { response } = answered;
  if (response === null || 'error' in response || !state.sessions.register(entry)) {
    entry.session.close(); // never reachable: nothing of it may outlive this answer
    if (answered.status === 429) return sendJson(res, 429, response!, retryAfter(response));
    if (response === null || 'error' in response)
      return createRequestReply(res, {}, state.options.keepAliveMs).finish(response);
    return full();
  }
  sendJson(res, 200, response, { [SESSION_HEADER]: entry.id });
}

/**
 * Runs one message through the core; a client that disconnects aborts its call. A 2026 answer
 * takes the status the core gives it (400 for a refused envelope or header, 404 for an unknown
 * method); the request's headers go to the core, which checks them against the body. The frame is
 * handed on at once, and the wait is in a function that never had it (see answerAlone).
 */
function answer(
  state: HttpState,
  frame: unknown,
  session: Session,
  req: HttpRequest,
  res: HttpResponse,
  headers: ResponseHeaders,
  modern: boolean,
): Promise<void> {
  state.track(res, session);
  // A client that closes its stream cancels the call: a flag, not an AbortController (which costs
  // more than a small call); the core makes a handler's own signal only when the handler reads it.
  const closed = new AbortFlag();
  const onClose = () => {
    if (!res.writableFinished) closed.abort();
  };
  res.once('close', onClose);
  const reply = createRequestReply(res, headers, state.options.keepAliveMs, isRequestFrame(frame));
  const auth = state.callers.get(req);
  const clientAddress = state.clientAddress(req);
  // A 2025 session keeps the toolsets its initialize named (or the defaults): a later request cannot change them.
  const toolsets = session.id === undefined ? state.toolsets.get(req) : undefined;
  const context = {
    session,
    notify: reply.notify,
    abortSource: closed,
    transport: 'http' as const,
    traceHeaders: req.headers,
    ...(modern ? { headers: distinctHeaders(req) } : {}),
    ...(auth === undefined ? {} : { auth }),
    ...(clientAddress === undefined ? {} : { clientAddress }),
    ...(toolsets === undefined ? {} : { toolsets }),
    ...(state.options.discovery === undefined ? {} : { discovery: state.options.discovery }),
  };
  return sendAnswer(state, res, reply, state.server.exchange(frame, context), modern).finally(() =>
    res.off('close', onClose),
  );
}

/** The answer once the core has it: its status, and the scope challenge of a 403. */
async function sendAnswer(
  state: HttpState,
  res: HttpResponse,
  reply: ReturnType<typeof createRequestReply>,
  answering: Promise<Exchange>,
  modern: boolean,
): Promise<void> {
  const exchange = await answering;
  if (exchange.status === 403) {
    // A tool, prompt or resource that needs more scopes: the challenge a client steps up on (both eras).
    const data = (exchange.response as { error?: { data?: { requiredScopes?: string[]; detail?: string } } }).error
      ?.data;
    if (state.auth !== undefined && !res.headersSent)
      res.setHeader(
        'www-authenticate',
        state.auth.scopeChallenge(data?.requiredScopes ?? [], data?.detail ?? 'insufficient scope'),
      );
    reply.finish(exchange.response, 403);
  } else if (exchange.status === 429) {
    // A rate limit refused the whole request (both eras): Retry-After in whole seconds, rounded up.
    if (!res.headersSent) res.setHeader('retry-after', retryAfter(exchange.response)['retry-after']);
    reply.finish(exchange.response, 429);
  } else reply.finish(exchange.response, modern ? exchange.status : undefined);
}

function retryAfter(response: Response | null): { 'retry-after': string } {
  const ms = (response as { error?: { data?: { retryAfterMs?: number } } } | null)?.error?.data?.retryAfterMs ?? 1000;
  return { 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))) };
}
