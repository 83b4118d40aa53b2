// One request handler for MCP's Streamable HTTP transport: what serveHttp's listener, a framework
// (toNodeHandler) and a web runtime (toFetchHandler) all hand their requests to. It moves bytes
// and enforces HTTP rules; every JSON-RPC answer comes from `server.handle`.
import type { HandlerShutdown } from './shutdown.js';
import { ErrorCode } from '../../jsonrpc/errors.js';
import type { McpServer } from '../../server.js';
import { checkHostAndOrigin } from './guard.js';
import { requestPath, type HttpHost, type HttpRequest, type HttpResponse } from './messages.js';
import { CATALOG_PATH, cardPath, sendCardDocument } from './card.js';
import type { ForwardTarget, ResolvedHandlerOptions } from './options.js';
import { handlePost } from './post.js';
import { readToolsets, selectionOfPath } from './toolsets.js';
import { readSessionId } from './headers.js';
import { sendHealth } from './health.js';
import { sendBusy, sendError } from './reply.js';
import { createHttpState, type HttpState } from './state.js';
import { writeDiagnostic, type Timer } from '../../runtime/host.js';
import { handleDelete, handleGet, postOnly } from './stream.js';

export interface RequestHandler {
  readonly state: HttpState;
  /** Answers one request; never throws. `next`: a framework's, for a path that is not this handler's. */
  handle(req: HttpRequest, res: HttpResponse, next?: () => void): void;
  /**
   * New requests get 503; calls in flight are aborted (they answer with an `isError` result saying
   * the server is stopping) and given `closeGraceMs` to answer; then what is still open is cut.
   */
  stop(): Promise<void>;
  /**
   * The health check and new requests get 503; streams end (their clients reconnect elsewhere);
   * calls and tasks in flight go on for up to `timeoutMs`. `stop()` comes after.
   */
  settle(timeoutMs: number): Promise<void>;
}

/**
 * Marks a request passed on by another process of a cluster: the owner never passes it again (no loop, whatever the id
 * says).
 */
export const FORWARDED_HEADER = 'x-zod-mcp-forwarded';

export function createRequestHandler(
  server: McpServer,
  options: ResolvedHandlerOptions,
  host: HttpHost,
): RequestHandler {
  host.setUp?.();
  if (options.forwardSession !== undefined && host.forward === undefined)
    throw new TypeError(
      'forwardSession: this handler cannot pass requests to another process (it needs a node:http listener)',
    );
  const state = createHttpState(server, options, host);
  if (options.toolsets !== undefined) {
    try {
      server.checkToolsets(options.toolsets);
    } catch (error) {
      throw new TypeError(`toolsets: ${String((error as { data?: unknown }).data)}`);
    }
  }
  if (options.discovery !== undefined) server.serveDiscovery(options.discovery);
  return {
    state,
    handle(req, res, next) {
      routeRequest(state, host, req, res, next).catch((error: unknown) => failRequest(res, error));
    },
    stop: () => stopHandling(state),
    settle: (timeoutMs) => settleHandling(state, timeoutMs),
  };
}

/** `close()` and `drain()` of a handler no listener owns: each runs once, and a drain ends in `close()`. */
export function createShutdown(handler: RequestHandler): HandlerShutdown {
  let closed: Promise<void> | undefined;
  let drained: Promise<void> | undefined;
  const close = () => (closed ??= handler.stop());
  return {
    close,
    drain: (drainOptions = {}) =>
      (drained ??= handler.settle(drainOptions.timeoutMs ?? handler.state.options.drainMs).then(close)),
  };
}

async function stopHandling(state: HttpState): Promise<void> {
  state.closing = true;
  state.abortAllInFlight();
  // tasks outlive requests, not the server; their last writes are waited for
  const tasksEnded = state.server.stopTasks();
  // Ended, GET streams close once flushed: only then is their connection free for the listener to close.
  const streams = state.sessions.removeAll();
  let timer: Timer | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, state.options.closeGraceMs);
  });
  await Promise.race([Promise.all([state.drained(), tasksEnded, ...streams.map(closedOf)]), grace]);
  clearTimeout(timer);
  state.dropAll();
  for (const res of streams) res.destroy();
}

function closedOf(res: HttpResponse): Promise<void> {
  return res.closed ? Promise.resolve() : new Promise((resolve) => res.once('close', () => resolve()));
}

async function settleHandling(state: HttpState, timeoutMs: number): Promise<void> {
  state.draining = true;
  state.endStreams();
  let timer: Timer | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([Promise.all([state.drained(), state.server.runningTasks.idle()]), limit]);
  clearTimeout(timer);
}

const CARD_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function routeRequest(
  state: HttpState,
  host: HttpHost,
  req: HttpRequest,
  res: HttpResponse,
  next?: () => void,
): Promise<void> {
  const path = requestPath(req);
  const { options } = state;
  // Before the Host check: a load balancer asks by address, and the answer holds nothing to protect.
  if (path === options.healthPath && (req.method === 'GET' || req.method === 'HEAD'))
    return sendHealth(state, res, req.method === 'HEAD');
  if (state.auth?.metadataPaths.has(path) && req.method === 'GET')
    return state.auth.sendMetadata(res, scopesSupported(state));
  // Public as the metadata is, before the Host check and the token: what a host reads before it connects.
  const catalog = options.catalog && path === CATALOG_PATH;
  if (options.card && (catalog || path === cardPath(options.path)) && CARD_METHODS.has(req.method ?? ''))
    return sendCardDocument(state, req, res, catalog);
  const fromPath = selectionOfPath(path, options.path);
  const elsewhere = options.path !== undefined && path !== options.path && fromPath === undefined;
  if (elsewhere && next !== undefined) return next(); // another route of the application's
  host.lingerAfterEarlyAnswer?.(req, res, options);
  const refusal = checkHostAndOrigin(req, options);
  if (refusal !== undefined) return sendError(res, 403, refusal);
  if (path === state.metrics?.path && (req.method === 'GET' || req.method === 'HEAD'))
    return sendMetrics(state, req, res);
  if (elsewhere) return sendError(res, 404, `no MCP endpoint here: it is at ${options.path}`);
  const toolsets = readToolsets(state, req, fromPath);
  if (toolsets !== undefined && 'refusal' in toolsets) return sendError(res, 400, toolsets.refusal);
  if (toolsets !== undefined) state.toolsets.set(req, toolsets);
  const owner = forwardTarget(state, req);
  if (owner !== undefined) {
    state.waitFor(res); // a drain waits for it like for any call; the owner counts it in flight
    return host.forward!(req, res, owner, state.clientAddress(req)); // the owner checks the token itself
  }
  if (state.auth !== undefined) {
    // A token being checked is a request in flight: bounded like one (an authorization server that
    // is slow must not let them pile up). Its slot is given back after: a POST's body is read next,
    // and the POST is admitted again once it has arrived.
    if (!state.admit(res)) return sendBusy(res, options.maxConcurrentRequests);
    const caller = await state.auth.check(req, res);
    state.release(res);
    if (caller === undefined) return; // refused: 401, 403 or 400 sent
    state.callers.set(req, caller);
  }
  if (state.closing || state.draining)
    return sendError(res, 503, 'the server is shutting down', { headers: { connection: 'close' } });
  switch (req.method) {
    case 'POST':
      return handlePost(state, req, res);
    case 'GET':
      return handleGet(state, req, res);
    case 'DELETE':
      return handleDelete(state, req, res);
    default: {
      const allow = postOnly(state) ? 'POST' : 'GET, POST, DELETE';
      return sendError(res, 405, `method ${req.method ?? ''} is not allowed; use ${allow}`, { headers: { allow } });
    }
  }
}

/**
 * The metrics endpoint on the main port: past the Host check, and with `auth`, past the token check as an MCP request
 * is.
 */
async function sendMetrics(state: HttpState, req: HttpRequest, res: HttpResponse): Promise<void> {
  if (state.auth !== undefined) {
    if (!state.admit(res)) return sendBusy(res, state.options.maxConcurrentRequests);
    const caller = await state.auth.check(req, res);
    state.release(res);
    if (caller === undefined) return; // refused: 401, 403 or 400 sent
  }
  return state.metrics!.send(res, req.method === 'HEAD');
}

/** `scopes_supported`: the option's, else the server-wide scopes and every scope a tool asks for. */
function scopesSupported(state: HttpState): readonly string[] {
  const auth = state.options.auth!;
  if (auth.scopesSupported !== undefined) return auth.scopesSupported;
  return [...new Set([...(auth.scopes ?? []), ...state.server.tools.flatMap((tool) => tool.scopes ?? [])])];
}

/** Where a request for a session another process made goes, when this process is one of several. */
function forwardTarget(state: HttpState, req: HttpRequest): ForwardTarget | undefined {
  const { forwardSession, sessionIdPrefix } = state.options;
  if (forwardSession === undefined) return undefined;
  const id = readSessionId(req);
  if (id === undefined || id.startsWith(sessionIdPrefix) || req.headers[FORWARDED_HEADER] !== undefined)
    return undefined;
  return forwardSession(id);
}

/** Our own failure: -32603 with no detail on the wire, the detail on stderr (as the core does). */
export function failRequest(res: HttpResponse, error: unknown): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  if (!res.destroyed && !res.closed) writeDiagnostic(`zod-mcp: http: ${detail}`);
  if (!res.headersSent) sendError(res, 500, undefined, { code: ErrorCode.InternalError });
  else res.destroy();
}
