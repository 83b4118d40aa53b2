// What every request handler of one serveHttp instance shares.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '../../core/auth.js';
import { createAuthGate, type AuthGate } from './auth/gate.js';
import type { McpServer } from '../../server.js';
import type { Session } from '../../core/connection.js';
import type { ResolvedHttpOptions } from './options.js';
import { createSessionTable, type SessionTable } from './sessions.js';

export interface HttpState {
  readonly server: McpServer;
  /** The bearer-token check, when the server is a protected resource. */
  readonly auth: AuthGate | undefined;
  /** The caller of each request that passed it. */
  readonly callers: WeakMap<IncomingMessage, AuthInfo>;
  readonly options: ResolvedHttpOptions;
  readonly sessions: SessionTable;
  /** Set by `close()`: new requests get 503. */
  closing: boolean;
  /** Set by `drain()`: the health check says 503, new requests get 503, work in flight goes on. */
  draining: boolean;
  /** POST requests not yet answered. */
  readonly inFlight: number;
  /** Counts a POST until its response closes; stateless sessions exist only here, so close() can abort them. */
  track(res: ServerResponse, session?: Session): void;
  /**
   * Counts `res` in flight unless `maxConcurrentRequests` are already (then false: it is to get
   * 503); one counted before (its token was checked first) is admitted again.
   */
  admit(res: ServerResponse): boolean;
  abortAllInFlight(): void;
  /** Ends every listen stream of the POSTs in flight (gracefully: the client may listen again elsewhere). */
  endStreams(): void;
  /** Resolves once no POST is in flight. */
  drained(): Promise<void>;
}

export function createHttpState(server: McpServer, options: ResolvedHttpOptions): HttpState {
  const sessions = createSessionTable(server, { maxSessions: options.maxSessions, idleMs: options.sessionIdleMs, idPrefix: options.sessionIdPrefix });
  const working = new Map<ServerResponse, Session | undefined>();
  let waiters: (() => void)[] = [];

  return {
    server,
    auth: options.auth === undefined ? undefined : createAuthGate(options.auth, (error) => server.reportError(error)),
    callers: new WeakMap(),
    options,
    sessions,
    closing: false,
    draining: false,
    get inFlight() {
      return working.size;
    },
    track(res, session) {
      const known = working.has(res);
      working.set(res, session ?? working.get(res));
      if (known) return;
      res.once('close', () => {
        working.delete(res);
        if (working.size > 0) return;
        for (const wake of waiters) wake();
        waiters = [];
      });
    },
    admit(res) {
      if (working.has(res)) return true;
      if (working.size >= options.maxConcurrentRequests) return false;
      this.track(res);
      return true;
    },
    abortAllInFlight() {
      for (const session of working.values()) session?.abortAll();
    },
    endStreams() {
      for (const session of working.values()) session?.endStreams();
      sessions.endStreams();
    },
    drained() {
      return working.size === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
  };
}
