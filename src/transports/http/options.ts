// serveHttp's options, and a mounted handler's: Zod schemas, so a bad option fails at start-up with the field it names.
import { z } from 'zod/v4';
import { MAX_TIMER_MS } from '../../core/limits.js';
import type { AuthOptions } from './auth/verify.js';
import { DEFAULT_HOST, DEFAULT_PORT } from './defaults.js';

/** Where a request for a session another process holds is passed: that process's private loopback port. */
export interface ForwardTarget {
  readonly host: string;
  readonly port: number;
  /** The owner's secret: its private port serves only the requests that carry it. */
  readonly secret: string;
}

/**
 * The option schemas, built the first time a handler or a listener is made: importing the
 * package for `handle()` builds none of them.
 */
function buildSchemas() {
  /** A PEM document, as a string or its bytes. */
  const PemText = z.union([
    z.string().min(1),
    z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'PEM text or its bytes'),
  ]);

  const HttpOptions = z.object({
    /** 0 picks a free port; the handle's `port` and `url` say which. */
    port: z.int().min(0).max(65_535).default(DEFAULT_PORT),
    /** Loopback by default: nothing outside this machine can reach the server unless asked. */
    host: z.string().min(1).default(DEFAULT_HOST),
    path: z.string().startsWith('/').default('/mcp'),
    /** No sessions: every POST stands alone, so any number of processes can serve behind a load balancer. */
    stateless: z.boolean().default(false),
    maxBodyBytes: z
      .int()
      .positive()
      .default(4 * 1024 * 1024),
    /** How long a POST body may take to arrive once its headers have: later, 408 and the connection closed. */
    bodyTimeoutMs: z.number().positive().max(MAX_TIMER_MS).default(10_000),
    /**
     * Bytes of the bodies being received at once, over all connections (16 × maxBodyBytes by
     * default): a body that would pass it gets 503. What slow clients can make the process hold.
     */
    maxBufferedBodyBytes: z.int().positive().optional(),
    /**
     * After an answer given before the request body was read (413, 401, 403, 415, …), how long the
     * rest of the body is read and dropped before the connection closes, so that a client still
     * sending it reads the answer instead of a reset (Node only; 0: it closes at once).
     */
    lingerMs: z.number().min(0).max(MAX_TIMER_MS).default(5000),
    /** And how many bytes of it at most: past them the connection closes. */
    maxLingerBytes: z
      .int()
      .min(0)
      .default(64 * 1024 * 1024),
    /**
     * Open connections from one client address; more are closed at once (0: no limit). By default
     * 256, and loopback clients are not counted (local processes, or a proxy on this machine, all
     * share one address); given, it counts every address, loopback too.
     */
    maxConnectionsPerClient: z.int().min(0).optional(),
    /**
     * Whether the client's address (what rate limits count without a principal) is the last entry of
     * `X-Forwarded-For`, as the proxy in front of this server appends it (nginx's
     * `$proxy_add_x_forwarded_for`), instead of the connection's peer (the proxy). Only behind a
     * proxy that sets it: a client reaching the server directly could name any address.
     */
    trustForwardedFor: z.boolean().default(false),
    /** Host header names (no port) that are served; defaults to localhost names when bound to loopback. */
    allowedHosts: z.array(z.string().min(1)).optional(),
    /** Origins (`scheme://host[:port]`) that are served; a request without Origin is never refused for it. */
    allowedOrigins: z.array(z.string().min(1)).optional(),
    /** A session with no request and no call in flight for this long is forgotten (an open GET stream ends with it). */
    sessionIdleMs: z
      .number()
      .positive()
      .max(MAX_TIMER_MS)
      .default(15 * 60_000),
    maxSessions: z.int().positive().default(1000),
    /** POST requests being read or answered at once, over all sessions; more get 503. */
    maxConcurrentRequests: z.int().positive().default(1024),
    /** How long `close()` waits for aborted calls to answer before it drops the connections. */
    closeGraceMs: z.number().min(0).max(MAX_TIMER_MS).default(2000),
    /** `drain()`'s limit: how long work in flight (calls, tasks) may go on before `close()` stops it. */
    drainMs: z.number().min(0).max(MAX_TIMER_MS).default(10_000),
    /** GET here answers a load balancer's health check (200, or 503 while draining); false: no such path. */
    healthPath: z.union([z.string().startsWith('/'), z.literal(false)]).default('/healthz'),
    /**
     * The toolsets served to a request that names none (`X-MCP-Toolsets`, `<path>/x/<names>`); not
     * given, the server's defaults. A name the server does not declare is refused when the handler is made.
     */
    toolsets: z.array(z.string().min(1)).min(1).optional(),
    /** How tools/list shows the tools (`list` or `search`: McpServer's `discovery`); the server's when not given. */
    discovery: z.enum(['list', 'search']).optional(),
    /**
     * For several processes behind one socket (node:cluster): the start of every session id this
     * process makes, and where a request for a session it did not make goes (its owner's private
     * loopback port; undefined: nowhere, so the session is unknown here, 404).
     */
    sessionIdPrefix: z
      .string()
      .regex(/^[A-Za-z0-9._-]*$/, 'letters, digits, dot, dash and underscore only')
      .default(''),
    forwardSession: z
      .custom<(sessionId: string) => ForwardTarget | undefined>((value) => typeof value === 'function', 'a function')
      .optional(),
    /**
     * OAuth 2.1 resource server (MCP "Authorization"): a bearer token on every MCP request, checked
     * against `issuer` and `resource`; Protected Resource Metadata at the well-known paths.
     */
    auth: z
      .custom<AuthOptions>(
        (value) => typeof value === 'object' && value !== null && typeof (value as AuthOptions).resource === 'string',
        'an object with issuer and resource',
      )
      .optional(),
    /**
     * The Server Card (SEP-2127) at `GET <endpoint>/server-card`, from McpServer's `card`: public,
     * cached (ETag, 304), CORS `*`. `catalog`: also listed at `/.well-known/mcp/catalog.json`.
     */
    card: z.boolean().default(false),
    catalog: z.boolean().default(false),
    /**
     * Where this server's paths are as clients address them (a scheme, a host, and a prefix a proxy
     * adds): the card's URL, and (`auth.publicUrl` by default) a DPoP proof's `htu`.
     */
    publicUrl: z.url({ protocol: /^https?$/, error: 'must be an http: or https: URL' }).optional(),
    /** SSE comment lines on idle GET streams, so proxies do not cut them. */
    keepAliveMs: z.number().positive().max(MAX_TIMER_MS).default(25_000),
    /**
     * HTTPS: the certificate chain and its private key (PEM), and the key's passphrase if it has one.
     * Without it the listener is plain HTTP, and a bearer token travels in clear unless a TLS proxy
     * stands in front.
     */
    tls: z.object({ cert: PemText, key: PemText, passphrase: z.string().optional() }).optional(),
    /**
     * Prometheus text at `path` (default `/metrics`), from OpenTelemetry metrics (needs the optional
     * peers @opentelemetry/api, sdk-metrics and exporter-prometheus). On the main port behind the
     * Host check and the bearer token when `auth` is on; with `port`, on 127.0.0.1:port only, without
     * a token, and not on the main port.
     */
    metrics: z
      .union([
        z.boolean(),
        z.strictObject({
          path: z.string().startsWith('/').default('/metrics'),
          port: z.int().min(0).max(65_535).optional(),
        }),
      ])
      .default(false)
      .transform((value) =>
        value === false ? undefined : value === true ? { path: '/metrics', port: undefined } : value,
      ),
  });

  /**
   * A handler mounted in a framework (toNodeHandler, toFetchHandler): serveHttp's options but those
   * of a listener. The framework routes, so no path is checked unless one is given, and there is no
   * health path unless one is given.
   */
  const HttpHandlerOptions = HttpOptions.omit({
    port: true,
    host: true,
    maxConnectionsPerClient: true,
    tls: true,
    metrics: true,
  }).extend({
    /** Given, a request for any other path is 404 (or goes to the framework's `next()`). */
    path: z.string().startsWith('/').optional(),
    healthPath: z.union([z.string().startsWith('/'), z.literal(false)]).default(false),
  });

  /**
   * toFetchHandler's: a mounted handler's but the lingering close (a web runtime's server owns the
   * connection), and whether one process serves every request (docs/runtimes.md).
   */
  const FetchHandlerOptions = HttpHandlerOptions.omit({ lingerMs: true, maxLingerBytes: true }).extend({
    /**
     * true: one process serves every request (Bun.serve, Deno.serve, Node, a container), so 2025
     * sessions and tasks in memory are served. Left out: each request may meet a new isolate
     * (Workers, Lambda, Vercel functions), so every POST stands alone (2025 without sessions), and a
     * server whose tasks would live in that isolate's memory is refused.
     */
    longLived: z.boolean().default(false),
  });
  return { HttpOptions, HttpHandlerOptions, FetchHandlerOptions };
}

let built: ReturnType<typeof buildSchemas> | undefined;
export const optionSchemas = (): ReturnType<typeof buildSchemas> => (built ??= buildSchemas());
type Schemas = ReturnType<typeof buildSchemas>;

export type HttpOptions = z.input<Schemas['HttpOptions']>;
/**
 * A handler mounted in a framework (toNodeHandler, toFetchHandler): serveHttp's options but those
 * of a listener (and the metrics endpoint).
 */
export type HttpHandlerOptions = z.input<Schemas['HttpHandlerOptions']>;
/** toFetchHandler's: a mounted handler's, and `longLived` (docs/runtimes.md). */
export type FetchHandlerOptions = z.input<Schemas['FetchHandlerOptions']>;

/** The options with every default applied and the allow-lists decided. */
export interface ResolvedHttpOptions
  extends Omit<z.output<Schemas['HttpOptions']>, 'allowedHosts' | 'allowedOrigins' | 'maxBufferedBodyBytes'> {
  /** Lower-cased host names without brackets; `undefined` means any Host is served. */
  readonly allowedHosts: ReadonlySet<string> | undefined;
  /** Exact origins; `undefined` means the default rule (see `checkOrigin`). */
  readonly allowedOrigins: ReadonlySet<string> | undefined;
  readonly loopback: boolean;
  readonly maxBufferedBodyBytes: number;
}

/** What a request handler goes by: a mounted one's options, or serveHttp's. */
export interface ResolvedHandlerOptions
  extends Omit<ResolvedHttpOptions, 'port' | 'host' | 'loopback' | 'maxConnectionsPerClient' | 'path' | 'metrics'> {
  /** `undefined`: every path is the endpoint. */
  readonly path: string | undefined;
}
