// MCP's Streamable HTTP transport (spec 2025-06-18 and 2025-11-25) on node:http alone.
// It moves bytes and enforces HTTP rules; every JSON-RPC answer comes from `server.handle`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ErrorCode } from '../../jsonrpc/errors.js';
import type { McpServer } from '../../server.js';
import { checkHostAndOrigin } from './guard.js';
import { resolveHttpOptions, type HttpOptions } from './options.js';
import { handlePost } from './post.js';
import { sendHealth } from './health.js';
import { sendError } from './reply.js';
import { createHttpState, type HttpState } from './state.js';
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
}

/** Serves `server` over Streamable HTTP; resolves once listening. Each Mcp-Session-Id gets its own Session. */
export async function serveHttp(server: McpServer, options: HttpOptions = {}): Promise<HttpServerHandle> {
  const state = createHttpState(server, resolveHttpOptions(options));
  const http = createServer((req, res) => {
    routeRequest(state, req, res).catch((error: unknown) => failRequest(res, error));
  });
  await listen(http, state.options.port, state.options.host);
  const address = http.address();
  const port = typeof address === 'object' && address !== null ? address.port : state.options.port;
  const host = state.options.host;
  let closed: Promise<void> | undefined;
  let drained: Promise<void> | undefined;
  const close = () => (closed ??= shutDown(state, http));
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}${state.options.path}`,
    host,
    port,
    close,
    drain: (drainOptions = {}) => (drained ??= drainThenClose(state, http, drainOptions.timeoutMs ?? state.options.drainMs).then(close)),
  };
}

async function drainThenClose(state: HttpState, http: Server, timeoutMs: number): Promise<void> {
  state.draining = true;
  http.close(); // no new connections; requests on open ones get 503 below
  http.closeIdleConnections();
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
  const refusal = checkHostAndOrigin(req, state.options);
  if (refusal !== undefined) return sendError(res, 403, refusal);
  if (path !== state.options.path) return sendError(res, 404, `no MCP endpoint here: it is at ${state.options.path}`);
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

async function shutDown(state: HttpState, http: Server): Promise<void> {
  state.closing = true;
  const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
  http.closeIdleConnections();
  state.abortAllInFlight();
  const tasksEnded = state.server.stopTasks(); // tasks outlive requests, not the server; their last writes are waited for
  state.sessions.removeAll();
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, state.options.closeGraceMs);
  });
  await Promise.race([Promise.all([state.drained(), tasksEnded]), grace]);
  clearTimeout(timer);
  http.closeAllConnections();
  await stopped;
}

function listen(http: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
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
