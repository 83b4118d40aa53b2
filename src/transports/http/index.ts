// MCP's Streamable HTTP transport (spec 2025-06-18 and 2025-11-25) on node:http alone.
// It moves bytes and enforces HTTP rules; every JSON-RPC answer comes from `server.handle`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ErrorCode } from '../../jsonrpc/errors.js';
import type { McpServer } from '../../server.js';
import { connectionTimeouts, limitConnectionsPerClient } from './connections.js';
import { checkHostAndOrigin } from './guard.js';
import { resolveHttpOptions, type HttpOptions } from './options.js';
import { handlePost } from './post.js';
import { FORWARDED_HEADER, forward, type ForwardTarget } from './forward.js';
import { readSessionId } from './headers.js';
import { sendHealth } from './health.js';
import { sendBusy, sendError } from './reply.js';
import { createHttpState, type HttpState } from './state.js';
import { ignoreStderrFailures } from '../stderr.js';
import { handleDelete, handleGet, postOnly } from './stream.js';

export type { HttpOptions } from './options.js';

export interface HttpServerHandle {
  /** The endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: string;
  readonly host: string;
  /** The bound port; the one picked when `port` was 0. */
  readonly port: number;
  /**
   * Stops accepting, aborts calls in flight (they answer with an `isError` result saying the server
   * is stopping), waits up to `closeGraceMs` for those answers, then drops every connection.
   */
  close(): Promise<void>;
  /**
   * A graceful stop (SIGTERM behind a load balancer): the health check answers 503 and new
   * requests get 503 with `Connection: close`; listen and GET streams end (their clients reconnect
   * elsewhere); calls and tasks in flight go on for up to `timeoutMs` (default `drainMs`); then
   * `close()`.
   */
  drain(options?: { timeoutMs?: number }): Promise<void>;
  /**
   * Also listens on a port of 127.0.0.1 of its own (not shared by a cluster), for requests other
   * processes forward to the sessions this one holds; resolves with that port.
   * @internal
   */
  listenPrivately(): Promise<number>;
}

/** Serves `server` over Streamable HTTP; resolves once listening. Each Mcp-Session-Id gets its own Session. */
export async function serveHttp(server: McpServer, options: HttpOptions = {}): Promise<HttpServerHandle> {
  ignoreStderrFailures(); // its diagnostics must not end the server when stderr is gone
  const state = createHttpState(server, resolveHttpOptions(options));
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    routeRequest(state, req, res).catch((error: unknown) => failRequest(res, error));
  };
  const http = createServer(connectionTimeouts(state.options), serve);
  limitConnectionsPerClient(http, state.options.maxConnectionsPerClient);
  const servers = [http];
  await listen(http, { port: state.options.port, host: state.options.host });
  const port = boundPort(http) ?? state.options.port;
  const host = state.options.host;
  let closed: Promise<void> | undefined;
  let drained: Promise<void> | undefined;
  const close = () => (closed ??= shutDown(state, servers));
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}${state.options.path}`,
    host,
    port,
    close,
    drain: (drainOptions = {}) => (drained ??= drainThenClose(state, servers, drainOptions.timeoutMs ?? state.options.drainMs).then(close)),
    async listenPrivately() {
      const own = createServer(connectionTimeouts(state.options), serve); // other workers only: no limit per address
      servers.push(own);
      await listen(own, { port: 0, host: '127.0.0.1', exclusive: true });
      return boundPort(own)!;
    },
  };
}

function boundPort(http: Server): number | undefined {
  const address = http.address();
  return typeof address === 'object' && address !== null ? address.port : undefined;
}

async function drainThenClose(state: HttpState, servers: readonly Server[], timeoutMs: number): Promise<void> {
  state.draining = true;
  for (const http of servers) {
    http.close(); // no new connections; requests on open ones get 503
    http.closeIdleConnections();
  }
  state.endStreams();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([Promise.all([state.drained(), state.server.runningTasks.idle()]), limit]);
  clearTimeout(timer);
}

async function routeRequest(state: HttpState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = readPath(req);
  // Before the Host check: a load balancer asks by address, and the answer holds nothing to protect.
  if (path === state.options.healthPath && (req.method === 'GET' || req.method === 'HEAD')) return sendHealth(state, res);
  if (state.auth?.metadataPaths.has(path) && req.method === 'GET') return state.auth.sendMetadata(res, scopesSupported(state));
  const refusal = checkHostAndOrigin(req, state.options);
  if (refusal !== undefined) return sendError(res, 403, refusal);
  if (path !== state.options.path) return sendError(res, 404, `no MCP endpoint here: it is at ${state.options.path}`);
  const owner = forwardTarget(state, req);
  if (owner !== undefined) {
    state.waitFor(res); // a drain waits for it like for any call; the owner counts it in flight
    return forward(req, res, owner); // the owner checks the token itself
  }
  if (state.auth !== undefined) {
    // A token being checked is a request in flight: bounded like one (an authorization server that
    // is slow must not let them pile up). Its slot is given back after: a POST's body is read next,
    // and the POST is admitted again once it has arrived.
    if (!state.admit(res)) return sendBusy(res, state.options.maxConcurrentRequests);
    const caller = await state.auth.check(req, res);
    state.release(res);
    if (caller === undefined) return; // refused: 401, 403 or 400 sent
    state.callers.set(req, caller);
  }
  if (state.closing || state.draining) return sendError(res, 503, 'the server is shutting down', { headers: { connection: 'close' } });
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

async function shutDown(state: HttpState, servers: readonly Server[]): Promise<void> {
  state.closing = true;
  const stopped = Promise.all(servers.map((http) => new Promise<void>((resolve) => http.close(() => resolve()))));
  for (const http of servers) http.closeIdleConnections();
  state.abortAllInFlight();
  const tasksEnded = state.server.stopTasks(); // tasks outlive requests, not the server; their last writes are waited for
  state.sessions.removeAll();
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, state.options.closeGraceMs);
  });
  await Promise.race([Promise.all([state.drained(), tasksEnded]), grace]);
  clearTimeout(timer);
  for (const http of servers) http.closeAllConnections();
  await stopped;
}

function listen(http: Server, at: { port: number; host: string; exclusive?: boolean }): Promise<void> {
  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(at, () => {
      http.off('error', reject);
      resolve();
    });
  });
}

/** `scopes_supported`: the option's, else the server-wide scopes and every scope a tool asks for. */
function scopesSupported(state: HttpState): readonly string[] {
  const auth = state.options.auth!;
  if (auth.scopesSupported !== undefined) return auth.scopesSupported;
  return [...new Set([...(auth.scopes ?? []), ...state.server.tools.flatMap((tool) => tool.scopes ?? [])])];
}

/** Where a request for a session another process made goes, when this process is one of several. */
function forwardTarget(state: HttpState, req: IncomingMessage): ForwardTarget | undefined {
  const { forwardSession, sessionIdPrefix } = state.options;
  if (forwardSession === undefined) return undefined;
  const id = readSessionId(req);
  if (id === undefined || id.startsWith(sessionIdPrefix) || req.headers[FORWARDED_HEADER] !== undefined) return undefined;
  return forwardSession(id);
}

function readPath(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** Our own failure: -32603 with no detail on the wire, the detail on stderr (as the core does). */
function failRequest(res: ServerResponse, error: unknown): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  if (!res.destroyed && !res.closed) process.stderr.write(`zod-mcp: http: ${detail}\n`);
  if (!res.headersSent) sendError(res, 500, undefined, { code: ErrorCode.InternalError });
  else res.destroy();
}
