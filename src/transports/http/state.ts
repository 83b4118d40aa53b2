// What the request handler of one transport shares (serveHttp's, or one mounted in a framework).
import type { HttpHost, HttpRequest, HttpResponse } from './messages.js';
import type { AuthInfo } from '../../core/auth.js';
import { checkCardServed } from '../../core/card.js';
import { createAuthGate, type AuthGate } from './auth/gate.js';
import type { McpServer } from '../../server.js';
import type { Session } from '../../core/connection.js';
import { createBodyBudget, type BodyRead } from './body.js';
import type { ResolvedHandlerOptions } from './options.js';
import { createSessionTable, type SessionTable } from './sessions.js';
import type { MetricsEndpoint } from './metrics.js';

export interface HttpState {
  readonly server: McpServer;
  /** The bearer-token check, when the server is a protected resource. */
  readonly auth: AuthGate | undefined;
  /** The caller of each request that passed it. */
  readonly callers: WeakMap<HttpRequest, AuthInfo>;
  /** The toolsets each request names (its header, its path, or the handler's option), checked. */
  readonly toolsets: WeakMap<HttpRequest, readonly string[]>;
  readonly options: ResolvedHandlerOptions;
  readonly sessions: SessionTable;
  /** serveHttp's `metrics` on the main port (set once its peers have loaded, before listening). */
  metrics: MetricsEndpoint | undefined;
  /** Set by `close()`: new requests get 503. */
  closing: boolean;
  /** Set by `drain()`: the health check says 503, new requests get 503, work in flight goes on. */
  draining: boolean;
  /** Requests admitted and not yet answered. */
  readonly inFlight: number;
  /**
   * Counts `res` in flight until it closes, unless `maxConcurrentRequests` are already (then false:
   * it is to get 503). A request is admitted once it was read in full: one whose body is still
   * arriving holds no slot, so clients that trickle their bodies cannot take them all.
   */
  admit(res: HttpResponse): boolean;
  /** Gives back the slot of `res` before it closes (its token was checked; its body is read next). */
  release(res: HttpResponse): void;
  /**
   * The session `res` is answered in: close() aborts its calls, a drain ends its streams. Counts `res` if it was not.
   */
  track(res: HttpResponse, session?: Session): void;
  /** Makes `drained()` wait for `res` too, without a slot (a forwarded request: its owner counts it). */
  waitFor(res: HttpResponse): void;
  /** The body of `req`, within maxBodyBytes, bodyTimeoutMs and maxBufferedBodyBytes; `drained()` waits for it. */
  readBody(req: HttpRequest, res: HttpResponse): Promise<BodyRead>;
  /**
   * Who sent `req`, for rate limits: the peer's address, or with `trustForwardedFor` the last X-Forwarded-For entry.
   */
  clientAddress(req: HttpRequest): string | undefined;
  abortAllInFlight(): void;
  /** Ends every listen stream of the POSTs in flight (gracefully: the client may listen again elsewhere). */
  endStreams(): void;
  /** Resolves once no request is in flight, forwarded, or reading its body. */
  drained(): Promise<void>;
  /** Cuts every response still open (the end of close()'s grace, where no listener drops their connections). */
  dropAll(): void;
}

export function createHttpState(server: McpServer, options: ResolvedHandlerOptions, host: HttpHost): HttpState {
  checkCardServed(server, options.card);
  const sessions = createSessionTable(server, {
    maxSessions: options.maxSessions,
    idleMs: options.sessionIdleMs,
    idPrefix: options.sessionIdPrefix,
  });
  // Every response the handler waits for, with one 'close' listener each: `counted` while it holds
  // a slot of maxConcurrentRequests, `waited` while its body is read (or it was forwarded).
  const open = new Map<HttpResponse, Tracked>();
  let counted = 0;
  const bodyLimits = {
    maxBytes: options.maxBodyBytes,
    timeoutMs: options.bodyTimeoutMs,
    budget: createBodyBudget(options.maxBufferedBodyBytes),
  };
  let waiters: (() => void)[] = [];
  const wakeIfDrained = () => {
    if (open.size > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };
  /** The entry of `res`, made with its listener; undefined once its 'close' is past (nothing would forget it). */
  const follow = (res: HttpResponse): Tracked | undefined => {
    const known = open.get(res);
    if (known !== undefined || res.closed) return known;
    const entry: Tracked = {
      session: undefined,
      counted: false,
      waited: false,
      forget: () => {
        res.off('close', entry.forget);
        if (entry.counted) counted--;
        open.delete(res);
        wakeIfDrained();
      },
    };
    open.set(res, entry);
    res.once('close', entry.forget);
    return entry;
  };

  return {
    server,
    auth:
      options.auth === undefined
        ? undefined
        : createAuthGate(
            { ...options.auth, publicUrl: options.auth.publicUrl ?? options.publicUrl },
            (error) => server.reportError(error),
            (message) => server.warn(message),
          ),
    callers: new WeakMap(),
    toolsets: new WeakMap(),
    options,
    sessions,
    metrics: undefined,
    closing: false,
    draining: false,
    get inFlight() {
      return counted;
    },
    track(res, session) {
      const entry = follow(res);
      if (entry === undefined) return;
      entry.session = session ?? entry.session;
      if (!entry.counted) {
        entry.counted = true;
        counted++;
      }
    },
    admit(res) {
      if (open.get(res)?.counted) return true;
      if (counted >= options.maxConcurrentRequests) return false;
      this.track(res);
      return true;
    },
    release(res) {
      const entry = open.get(res);
      if (entry === undefined || !entry.counted) return;
      if (!entry.waited) return entry.forget();
      entry.counted = false;
      counted--;
    },
    waitFor(res) {
      const entry = follow(res);
      if (entry !== undefined) entry.waited = true;
    },
    readBody(req, res) {
      this.waitFor(res);
      return host.readBody(req, bodyLimits);
    },
    clientAddress(req) {
      if (!options.trustForwardedFor) return host.clientAddress?.(req);
      const forwarded = req.headersDistinct['x-forwarded-for']?.join(',').split(',').at(-1)?.trim();
      return forwarded === undefined || forwarded === '' ? host.clientAddress?.(req) : forwarded;
    },
    abortAllInFlight() {
      for (const { session, counted } of open.values()) if (counted) session?.abortAll();
    },
    endStreams() {
      for (const { session, counted } of open.values()) if (counted) session?.endStreams();
      sessions.endStreams();
    },
    drained() {
      return open.size === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
    dropAll() {
      for (const res of [...open.keys()]) res.destroy();
    },
  };
}

interface Tracked {
  session: Session | undefined;
  counted: boolean;
  waited: boolean;
  readonly forget: () => void;
}
