// GET opens the session's stream for server notifications; DELETE ends the session.
import type { HttpRequest, HttpResponse } from './messages.js';
import { AbortReason } from '../../core/lifetime.js';
import { GET_ACCEPTS, SESSION_HEADER, acceptsAll, checkProtocolVersion, readSessionId } from './headers.js';
import { sendEmpty, sendError, startKeepAlive, startSse, writeSseMessage } from './reply.js';
import { findSession, type HttpSession } from './sessions.js';
import type { HttpState } from './state.js';

const statelessRefusal = 'this server is stateless: it only answers POST';

/** GET and DELETE belong to 2025 sessions: a stateless server, or one that serves only 2026, has none. */
export function postOnly(state: HttpState): boolean {
  return state.options.stateless || !state.server.eras.includes('rev2025');
}

/** One GET stream per session: the session's own notifications (not a request's) go down it. */
export function handleGet(state: HttpState, req: HttpRequest, res: HttpResponse): void {
  if (postOnly(state)) return sendError(res, 405, statelessRefusal, { headers: { allow: 'POST' } });
  if (!acceptsAll(req, GET_ACCEPTS)) return sendError(res, 406, 'Accept must include text/event-stream');
  const entry = findRequestSession(state, req, res);
  if (entry === undefined) return;
  if (entry.stream !== undefined) return sendError(res, 409, 'this session already has a GET stream open');

  startSse(res, { [SESSION_HEADER]: entry.id });
  res.write(': stream open\n\n');
  entry.stream = res;
  entry.session.notify = (notification) => writeSseMessage(res, notification);
  // Once ended (DELETE, close()), a response may take a while to flush before 'close': the
  // keep-alive must not write after end.
  const keepAlive = startKeepAlive(res, state.options.keepAliveMs);
  res.once('finish', () => clearInterval(keepAlive));
  res.once('close', () => {
    clearInterval(keepAlive);
    if (entry.stream === res) {
      entry.stream = undefined;
      entry.session.notify = undefined;
    }
    state.sessions.touch(entry);
  });
}

/** Ends a session; its calls in flight are cancelled, so they get no response (the client asked to leave). */
export function handleDelete(state: HttpState, req: HttpRequest, res: HttpResponse): void {
  if (postOnly(state)) return sendError(res, 405, statelessRefusal, { headers: { allow: 'POST' } });
  const entry = findRequestSession(state, req, res);
  if (entry === undefined) return;
  state.sessions.remove(entry, AbortReason.Cancelled);
  sendEmpty(res, 204);
}

function findRequestSession(state: HttpState, req: HttpRequest, res: HttpResponse): HttpSession | undefined {
  const refusal = checkProtocolVersion(req);
  if (refusal !== undefined) {
    sendError(res, 400, refusal);
    return undefined;
  }
  return findSession(state, readSessionId(req), res, state.callers.get(req));
}
