// The flags of `zod-mcp serve`, for both transports.
import { availableParallelism } from 'node:os';
import { SERVE_FLAGS } from './commands.js';
import { parseFlags } from './flags.js';
import { parseAuth, withDpop, type ServeAuth } from './serve-auth.js';
import { UsageError } from './usage-error.js';
import { parseRateLimit, type RateLimit } from '../core/rate-limits/limit.js';
import { parseSelection } from '../core/toolsets.js';

export interface ServeArgs {
  /** `serve ./my-server.ts`: a module exporting an McpServer, or tools, resources and prompts. */
  module: string | undefined;
  demo: boolean;
  root: string | undefined;
  readOnly: boolean;
  confirmWrites: boolean;
  skills: string | undefined;
  http: boolean;
  port: number | undefined;
  host: string | undefined;
  /** `--redis URL`: tasks and change events shared through Redis. */
  redis: string | undefined;
  /** `--workers N|auto`: processes behind the one socket (1: no cluster). */
  workers: number;
  /** `--drain-ms N`: how long a SIGTERM lets work in flight finish. */
  drainMs: number | undefined;
  /** `--task-lease-ms N`: with --redis, how long a task whose process stopped stays `working`. */
  taskLeaseMs: number | undefined;
  /** `--redis-timeout-ms N`: with --redis, how long a Redis command may take. */
  redisTimeoutMs: number | undefined;
  /** `--instance NAME`: every 2025 session id this instance makes starts with `NAME.`, for a balancer to route on. */
  instance: string | undefined;
  /** `--auth-issuer URL --auth-audience URL [--auth-scopes a,b]`: an OAuth 2.1 resource server. */
  auth: ServeAuth | undefined;
  /** `--public-url URL`: where clients address this server behind a proxy (the card's URL, DPoP's htu). */
  publicUrl: string | undefined;
  /** `--card`, `--catalog`: the Server Card at <endpoint>/server-card, and the catalog listing it. */
  card: boolean;
  catalog: boolean;
  /** `--allow-unauthenticated`: serve a non-loopback address without authorization, knowingly. */
  allowUnauthenticated: boolean;
  /** `--allowed-hosts a,b`: Host names served besides this machine's own. */
  allowedHosts: string[] | undefined;
  /** `--max-connections-per-client N`: open connections one address may hold (0: no limit), loopback included. */
  maxConnectionsPerClient: number | undefined;
  /** `--tls-cert FILE --tls-key FILE`: HTTPS, with this certificate chain and key (PEM files). */
  tls: { cert: string; key: string } | undefined;
  /** `--rate-limit 60/min [--rate-limit-burst 10]`: McpServer's `rateLimit`. */
  rateLimit: RateLimit | undefined;
  /** `--trust-forwarded-for`: the client address is X-Forwarded-For's last entry. */
  trustForwardedFor: boolean;
  /** `--metrics [--metrics-port N]`: Prometheus text at /metrics, on the main port or on 127.0.0.1:N. */
  metrics: { port: number | undefined } | undefined;
  /** `--toolsets a,b`: the toolsets served (else ZOD_MCP_TOOLSETS, else the server's defaults). */
  toolsets: string[] | undefined;
  /** `--discovery list|search`: how tools/list shows the tools (else the server's `discovery`). */
  discovery: 'list' | 'search' | undefined;
}

/** Parses `serve`'s flags (`--port 8080` or `--port=8080`); anything unknown or inconsistent is a usage error. */
export function parseServeArgs(args: readonly string[], command: 'serve' | 'dev' = 'serve'): ServeArgs {
  const { values, positionals } = parseFlags(command, SERVE_FLAGS, args);
  if (positionals.length > 1)
    throw new UsageError(`${command}: one module to serve, not ${positionals.length}: ${positionals.join(' ')}`);
  const { port, host } = values;
  if (values['read-only'] && values.root === undefined)
    throw new UsageError(`${command}: --read-only needs --root DIR`);
  if (values['confirm-writes'] && values.root === undefined)
    throw new UsageError(`${command}: --confirm-writes needs --root DIR`);
  if (values['confirm-writes'] && values['read-only'])
    throw new UsageError(
      `${command}: --confirm-writes and --read-only do not go together: a read-only root has no writes`,
    );
  if (!values.http && (port !== undefined || host !== undefined))
    throw new UsageError(`${command}: --port and --host need --http`);
  for (const flag of [
    'redis',
    'workers',
    'drain-ms',
    'instance',
    'auth-issuer',
    'auth-audience',
    'auth-scopes',
    'auth-dpop',
    'public-url',
    'card',
    'catalog',
    'allow-unauthenticated',
    'allowed-hosts',
    'max-connections-per-client',
    'tls-cert',
    'tls-key',
    'trust-forwarded-for',
    'metrics',
  ] as const) {
    if (!values.http && values[flag] !== undefined) throw new UsageError(`${command}: --${flag} needs --http`);
  }
  const { discovery } = values;
  if (discovery !== undefined && discovery !== 'list' && discovery !== 'search')
    throw new UsageError(`${command}: --discovery: list or search, not ${discovery}`);
  if (values.redis !== undefined && !/^rediss?:\/\//.test(values.redis))
    throw new UsageError(`${command}: --redis: not a redis:// or rediss:// URL: ${values.redis}`);
  const workers = parseWorkers(command, values.workers);
  const drain = values['drain-ms'];
  if (drain !== undefined && !/^\d{1,9}$/.test(drain))
    throw new UsageError(`${command}: --drain-ms: not a number of milliseconds: ${drain}`);
  if (values.instance !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(values.instance)) {
    throw new UsageError(`${command}: --instance: 1 to 32 letters, digits, - or _: ${values.instance}`);
  }
  const auth = withDpop(
    command,
    parseAuth(command, values['auth-issuer'], values['auth-audience'], values['auth-scopes']),
    values['auth-dpop'],
  );
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && (!URL.canParse(publicUrl) || !/^https?:$/.test(new URL(publicUrl).protocol)))
    throw new UsageError(`${command}: --public-url: not an http(s) URL: ${publicUrl}`);
  if (auth !== undefined && values['allow-unauthenticated'])
    throw new UsageError(`${command}: --allow-unauthenticated and --auth-issuer do not go together`);
  const lease = values['task-lease-ms'];
  if (lease !== undefined && values.redis === undefined)
    throw new UsageError(`${command}: --task-lease-ms needs --redis URL`);
  if (lease !== undefined && (!/^\d{1,9}$/.test(lease) || Number(lease) < 30))
    throw new UsageError(`${command}: --task-lease-ms: not a number of milliseconds from 30: ${lease}`);
  const redisTimeout = values['redis-timeout-ms'];
  if (redisTimeout !== undefined && values.redis === undefined)
    throw new UsageError(`${command}: --redis-timeout-ms needs --redis URL`);
  if (redisTimeout !== undefined && (!/^\d{1,9}$/.test(redisTimeout) || Number(redisTimeout) < 1))
    throw new UsageError(`${command}: --redis-timeout-ms: not a number of milliseconds from 1: ${redisTimeout}`);
  if (port !== undefined && (!/^\d{1,5}$/.test(port) || Number(port) > 65_535)) {
    throw new UsageError(`${command}: --port: not a port number: ${port}`);
  }
  const [cert, key] = [values['tls-cert'], values['tls-key']];
  if ((cert === undefined) !== (key === undefined))
    throw new UsageError(`${command}: --tls-cert and --tls-key go together`);
  const perClient = values['max-connections-per-client'];
  if (perClient !== undefined && !/^\d{1,7}$/.test(perClient))
    throw new UsageError(
      `${command}: --max-connections-per-client: not a number of connections (0: no limit): ${perClient}`,
    );
  const metricsPort = values['metrics-port'];
  if (metricsPort !== undefined && !values.metrics) throw new UsageError(`${command}: --metrics-port needs --metrics`);
  if (metricsPort !== undefined && (!/^\d{1,5}$/.test(metricsPort) || Number(metricsPort) > 65_535))
    throw new UsageError(`${command}: --metrics-port: not a port number: ${metricsPort}`);
  if (values.metrics && command === 'dev')
    throw new UsageError('dev: --metrics is for serve: the server of the moment changes at each restart');
  if (values.metrics && workers > 1)
    throw new UsageError(
      `${command}: --metrics and --workers do not go together yet: each process would answer for itself`,
    );
  return {
    rateLimit: parseRateFlags(command, values['rate-limit'], values['rate-limit-burst']),
    trustForwardedFor: values['trust-forwarded-for'] ?? false,
    module: positionals[0],
    demo: values.demo ?? false,
    root: values.root,
    readOnly: values['read-only'] ?? false,
    confirmWrites: values['confirm-writes'] ?? false,
    skills: values.skills,
    http: values.http ?? false,
    port: port === undefined ? undefined : Number(port),
    host,
    redis: values.redis,
    workers,
    drainMs: drain === undefined ? undefined : Number(drain),
    taskLeaseMs: lease === undefined ? undefined : Number(lease),
    redisTimeoutMs: redisTimeout === undefined ? undefined : Number(redisTimeout),
    instance: values.instance,
    auth,
    publicUrl,
    card: (values.card ?? false) || (values.catalog ?? false),
    catalog: values.catalog ?? false,
    allowUnauthenticated: values['allow-unauthenticated'] ?? false,
    allowedHosts: values['allowed-hosts']
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean),
    maxConnectionsPerClient: perClient === undefined ? undefined : Number(perClient),
    tls: cert === undefined || key === undefined ? undefined : { cert, key },
    metrics: values.metrics ? { port: metricsPort === undefined ? undefined : Number(metricsPort) } : undefined,
    toolsets: values.toolsets === undefined ? undefined : parseSelection(values.toolsets),
    discovery,
  };
}

function parseRateFlags(command: string, rate: string | undefined, burst: string | undefined): RateLimit | undefined {
  if (rate === undefined) {
    if (burst !== undefined) throw new UsageError(`${command}: --rate-limit-burst needs --rate-limit N/UNIT`);
    return undefined;
  }
  const limit = parseRateLimit(rate);
  if (limit === undefined || Object.values(limit)[0] === 0)
    throw new UsageError(`${command}: --rate-limit: not a rate such as 60/min, 10/s or 1000/hour: ${rate}`);
  if (burst !== undefined && (!/^\d{1,9}$/.test(burst) || Number(burst) < 1))
    throw new UsageError(`${command}: --rate-limit-burst: not a number from 1: ${burst}`);
  return burst === undefined ? limit : { ...limit, burst: Number(burst) };
}

/** `--workers 4`, or `auto` for one per core this process may use. */
function parseWorkers(command: string, value: string | undefined): number {
  if (value === undefined) return 1;
  if (value === 'auto') return availableParallelism();
  if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 256)
    throw new UsageError(`${command}: --workers: not a number from 1 to 256, or auto: ${value}`);
  return Number(value);
}
