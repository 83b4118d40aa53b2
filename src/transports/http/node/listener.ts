// MCP's Streamable HTTP transport on its own node:http listener: the request handler (../handler.ts)
// on Node's host, with the listener's clocks and per-client bound around it.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { McpServer } from '../../../server.js';
import { connectionTimeouts, limitConnectionsPerClient } from './connections.js';
import { createRequestHandler, type RequestHandler } from '../handler.js';
import { loadTokenChecks } from '../auth/verify.js';
import type { HttpOptions } from '../options.js';
import { resolveHttpOptions } from './listener-options.js';
import { hostAndPort } from '../defaults.js';
import { NODE_HOST } from './handler.js';
import { acceptForwarded } from './forward.js';
import { startMetrics } from '../metrics.js';
import { listenForMetrics } from './metrics-listener.js';

export type { HttpOptions } from '../options.js';

export interface HttpServerHandle {
  /** The endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: string;
  readonly host: string;
  /** The bound port; the one picked when `port` was 0. */
  readonly port: number;
  /** With `metrics`: where Prometheus scrapes (the main port's, or 127.0.0.1 on `metrics.port`). */
  readonly metricsUrl: string | undefined;
  /** Where a load balancer's health check GETs (200, or 503 while draining); undefined with `healthPath: false`. */
  readonly healthUrl: string | undefined;
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
   * processes forward to the sessions this one holds; resolves with that port and the secret they
   * must carry (anything else there is refused).
   * @internal
   */
  listenPrivately(): Promise<{ port: number; secret: string }>;
}

/** Serves `server` over Streamable HTTP; resolves once listening. Each Mcp-Session-Id gets its own Session. */
export async function serveHttp(server: McpServer, options: HttpOptions = {}): Promise<HttpServerHandle> {
  const resolved = resolveHttpOptions(options);
  if (resolved.auth !== undefined) await loadTokenChecks(resolved.auth);
  const handler = createRequestHandler(server, resolved, NODE_HOST);
  const serve = (req: IncomingMessage, res: ServerResponse) => handler.handle(req, res);
  const metrics =
    resolved.metrics === undefined ? undefined : await startMetrics(server, handler.state, resolved.metrics.path);
  if (resolved.metrics?.port === undefined) handler.state.metrics = metrics;
  const metricsServer =
    metrics === undefined || resolved.metrics?.port === undefined
      ? undefined
      : await listenForMetrics(metrics, resolved.metrics.port, (error) => server.reportError(error));
  const http =
    resolved.tls === undefined
      ? createServer(connectionTimeouts(resolved), serve)
      : await createHttpsServer(resolved, serve);
  limitConnectionsPerClient(http, resolved.maxConnectionsPerClient);
  const servers: Server[] = [http];
  await listen(http, { port: resolved.port, host: resolved.host }).catch(async (error: unknown) => {
    await new Promise((resolve) =>
      metricsServer === undefined ? resolve(undefined) : metricsServer.server.close(resolve),
    );
    throw error;
  });
  const port = boundPort(http) ?? resolved.port;
  const host = resolved.host;
  const scheme = resolved.tls === undefined ? 'http' : 'https';
  let closed: Promise<void> | undefined;
  let drained: Promise<void> | undefined;
  const close = () =>
    (closed ??= shutDown(handler, metricsServer === undefined ? servers : [...servers, metricsServer.server]).then(() =>
      metrics?.shutdown(),
    ));
  return {
    url: `${scheme}://${hostAndPort(host, port)}${resolved.path}`,
    host,
    port,
    metricsUrl:
      metrics === undefined
        ? undefined
        : metricsServer === undefined
          ? `${scheme}://${hostAndPort(host, port)}${metrics.path}`
          : `http://127.0.0.1:${metricsServer.port}${metrics.path}`,
    healthUrl:
      resolved.healthPath === false ? undefined : `${scheme}://${hostAndPort(host, port)}${resolved.healthPath}`,
    close,
    drain: (drainOptions = {}) =>
      (drained ??= drainThenClose(handler, servers, drainOptions.timeoutMs ?? resolved.drainMs).then(close)),
    async listenPrivately() {
      const secret = randomBytes(32).toString('base64url');
      // other workers only: no limit per address
      const own = createServer(connectionTimeouts(resolved), acceptForwarded(secret, serve));
      servers.push(own);
      await listen(own, { port: 0, host: '127.0.0.1', exclusive: true });
      return { port: boundPort(own)!, secret };
    },
  };
}

/** node:https, loaded only for a listener that serves TLS. */
async function createHttpsServer(
  resolved: ReturnType<typeof resolveHttpOptions>,
  serve: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<Server> {
  const { createServer: createTlsServer } = await import('node:https');
  const { cert, key, passphrase } = resolved.tls!;
  const pem = (value: string | Uint8Array) => (typeof value === 'string' ? value : Buffer.from(value));
  try {
    return createTlsServer(
      {
        ...connectionTimeouts(resolved),
        cert: pem(cert),
        key: pem(key),
        ...(passphrase === undefined ? {} : { passphrase }),
      },
      serve,
    );
  } catch (error) {
    // not PEM, or a key that does not fit the certificate
    throw new TypeError(`serveHttp: invalid options: tls: ${(error as Error).message}`, { cause: error });
  }
}

function boundPort(http: Server): number | undefined {
  const address = http.address();
  return typeof address === 'object' && address !== null ? address.port : undefined;
}

async function drainThenClose(handler: RequestHandler, servers: readonly Server[], timeoutMs: number): Promise<void> {
  for (const http of servers) {
    http.close(); // no new connections; requests on open ones get 503
    http.closeIdleConnections();
  }
  await handler.settle(timeoutMs);
}

async function shutDown(handler: RequestHandler, servers: readonly Server[]): Promise<void> {
  const stopped = Promise.all(servers.map((http) => new Promise<void>((resolve) => http.close(() => resolve()))));
  for (const http of servers) http.closeIdleConnections();
  await handler.stop();
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
