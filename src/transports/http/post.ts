// POST: one JSON-RPC message per body. The core answers it; this file only picks the status and framing.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { ErrorCode } from '../../jsonrpc/errors.js';
import type { Session } from '../../core/connection.js';
import { isRequestFrame } from '../../jsonrpc/classify.js';
import { parseJson, readBody } from './body.js';
import { SESSION_HEADER, acceptsAll, checkProtocolVersion, isJsonBody, readSessionId } from './headers.js';
import { createRequestReply, sendError, sendJson } from './reply.js';
import type { HttpSession } from './sessions.js';
import type { HttpState } from './state.js';

const retryLater = { 'retry-after': '1' };

export async function handlePost(state: HttpState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { options } = state;
  if (!acceptsAll(req, ['application/json', 'text/event-stream'])) {
    return sendError(res, 406, 'Accept must include application/json and text/event-stream');
  }
  if (!isJsonBody(req)) return sendError(res, 415, 'Content-Type must be application/json');
  if (state.inFlight >= options.maxConcurrentRequests) {
    return sendError(res, 503, `too many requests in flight (limit ${options.maxConcurrentRequests}); retry later`, {
      headers: retryLater,
    });
  }
  state.track(res);
  const body = await readBody(req, options.maxBodyBytes);
  if (body === null) return;
  if (body === undefined) {
    return sendError(res, 413, `request body exceeds ${options.maxBodyBytes} bytes`, { headers: { connection: 'close' } });
  }
  if (state.closing) return sendError(res, 503, 'the server is shutting down', { headers: { connection: 'close' } });
  const json = parseJson(body);
  if (!json.ok) return sendError(res, 400, 'the request body is not valid JSON', { code: ErrorCode.ParseError });
  const frame = json.value;
  const sessionId = options.stateless ? undefined : readSessionId(req);
  const initialize = isInitializeRequest(frame);
  // The initialize body carries its own version; the header rule is for what follows it.
  if (!initialize) {
    const refusal = checkProtocolVersion(req);
    if (refusal !== undefined) return sendError(res, 400, refusal);
  }
  if (options.stateless) return answer(state, frame, state.server.createSession(), res, {});
  if (initialize && sessionId === undefined) return startSession(state, frame, res);

  const entry = findSession(state, sessionId, res);
  if (entry === undefined) return;
  entry.busy++;
  state.sessions.touch(entry);
  try {
    await answer(state, frame, entry.session, res, { [SESSION_HEADER]: entry.id });
  } finally {
    entry.busy--;
    state.sessions.touch(entry);
  }
}

/** 400 without a session id, 404 for one that is unknown, expired or deleted; the entry otherwise. */
export function findSession(state: HttpState, id: string | undefined, res: ServerResponse): HttpSession | undefined {
  if (id === undefined) {
    sendError(res, 400, 'Mcp-Session-Id header is required: send initialize first');
    return undefined;
  }
  const entry = state.sessions.get(id);
  if (entry === undefined) sendError(res, 404, 'unknown session: it expired or was deleted; send initialize again');
  return entry;
}

/** A new session exists only once initialize succeeds; its id comes back in the Mcp-Session-Id header. */
async function startSession(state: HttpState, frame: unknown, res: ServerResponse): Promise<void> {
  const full = () =>
    sendError(res, 503, `too many sessions (limit ${state.options.maxSessions}); retry later`, { headers: retryLater });
  if (state.sessions.isFull()) return full();
  const entry = state.sessions.open();
  state.track(res, entry.session);
  const response = await state.server.handle(frame, { session: entry.session });
  if (response === null || 'error' in response) return createRequestReply(res, {}).finish(response);
  if (!state.sessions.register(entry)) return full();
  sendJson(res, 200, response, { [SESSION_HEADER]: entry.id });
}

/** Runs one message through the core; a client that disconnects aborts its call. */
async function answer(
  state: HttpState,
  frame: unknown,
  session: Session,
  res: ServerResponse,
  headers: OutgoingHttpHeaders,
): Promise<void> {
  state.track(res, session);
  const controller = new AbortController();
  const onClose = () => {
    if (!res.writableFinished) controller.abort();
  };
  res.once('close', onClose);
  const reply = createRequestReply(res, headers, isRequestFrame(frame));
  try {
    const response = await state.server.handle(frame, { session, notify: reply.notify, signal: controller.signal });
    reply.finish(response);
  } finally {
    res.off('close', onClose);
  }
}

function isInitializeRequest(frame: unknown): boolean {
  return isRequestFrame(frame) && frame.method === 'initialize';
}
