// The Mcp-Session-Id table: one core Session per id, bounded in number, forgotten when idle.
import type { HttpResponse } from './messages.js';
import type { McpServer } from '../../server.js';
import { sendError } from './reply.js';
import type { Session } from '../../core/connection.js';
import { principalOf, type AuthInfo } from '../../core/auth.js';
import { AbortReason } from '../../core/lifetime.js';
import { unrefTimer, type Timer } from '../../runtime/host.js';

export interface HttpSession {
  readonly id: string;
  readonly session: Session;
  /** The GET stream for server notifications, while one is open. */
  stream: HttpResponse | undefined;
  /** The token's principal that made it: only that principal may use it. */
  readonly principal: string | undefined;
  /** POST requests of this session being read or answered. */
  busy: number;
  /** When the client last named it: the idle clock runs from here. */
  lastActive: number;
  timer: Timer | undefined;
}

export interface SessionTable {
  isFull(): boolean;
  /** A session for an initialize request; it has no effect until `register`. */
  /** A session not reachable yet (its initialize must succeed first), with the toolsets its initialize named, fixed. */
  open(principal?: string, toolsets?: readonly string[]): HttpSession;
  /** Makes the session reachable by its id; false when the table filled up meanwhile. */
  register(entry: HttpSession): boolean;
  get(id: string): HttpSession | undefined;
  /** Marks activity (a request naming the session, a call ending), restarting the idle clock. */
  touch(entry: HttpSession): void;
  /** Ends a session: aborts its calls (by default as on shutdown), closes its GET stream, forgets its id. */
  remove(entry: HttpSession, reason?: AbortReason): void;
  /** Removes every session; returns the GET streams it ended (they close once flushed). */
  removeAll(): HttpResponse[];
  /** Ends every GET stream and listen stream of every session (a drain: the clients reconnect elsewhere). */
  endStreams(): void;
  readonly size: number;
}

export function createSessionTable(
  server: McpServer,
  limits: { maxSessions: number; idleMs: number; idPrefix?: string },
): SessionTable {
  const prefix = limits.idPrefix ?? '';
  const entries = new Map<string, HttpSession>();

  // One timer per session, armed for when it would be idle; activity only moves `lastActive` (no
  // timer work per request), and a timer that fires early arms itself for the rest.
  const arm = (entry: HttpSession, ms: number) => {
    entry.timer = unrefTimer(setTimeout(() => expire(entry), ms));
  };
  const expire = (entry: HttpSession) => {
    const idle = Date.now() - entry.lastActive;
    if (idle < limits.idleMs) return arm(entry, limits.idleMs - idle);
    // A call in flight keeps its session, however long it runs. An open GET stream does not: it only
    // carries the server's notifications, and sessions that each hold one would fill the table for good.
    if (entry.busy > 0) {
      entry.lastActive = Date.now();
      return arm(entry, limits.idleMs);
    }
    remove(entry);
  };

  const remove = (entry: HttpSession, reason: AbortReason = AbortReason.Shutdown) => {
    if (entries.get(entry.id) !== entry) return;
    entries.delete(entry.id);
    clearTimeout(entry.timer);
    entry.session.close(reason);
    entry.stream?.end();
  };

  return {
    isFull: () => entries.size >= limits.maxSessions,
    open: (principal, toolsets) => {
      const id = prefix + crypto.randomUUID();
      return {
        id,
        session: server.createSession(toolsets === undefined ? { id } : { id, toolsets }),
        stream: undefined,
        principal,
        busy: 0,
        lastActive: Date.now(),
        timer: undefined,
      };
    },
    register(entry) {
      if (entries.size >= limits.maxSessions) return false;
      entries.set(entry.id, entry);
      entry.lastActive = Date.now();
      arm(entry, limits.idleMs);
      return true;
    },
    get: (id) => entries.get(id),
    touch: (entry) => void (entry.lastActive = Date.now()),
    remove,
    removeAll() {
      const streams = [...entries.values()].flatMap((entry) => (entry.stream === undefined ? [] : [entry.stream]));
      for (const entry of [...entries.values()]) remove(entry);
      return streams;
    },
    endStreams() {
      for (const entry of entries.values()) {
        entry.session.endStreams();
        entry.stream?.end();
      }
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * 400 without a session id, 404 for one that is unknown, expired or deleted; the entry otherwise.
 * A request that names its session is its client's activity: the idle clock starts again.
 */
export function findSession(
  state: { readonly sessions: SessionTable },
  id: string | undefined,
  res: HttpResponse,
  caller?: AuthInfo,
): HttpSession | undefined {
  if (id === undefined) {
    sendError(res, 400, 'Mcp-Session-Id header is required: send initialize first');
    return undefined;
  }
  const entry = state.sessions.get(id);
  // Another principal's session is as unknown as one that never was.
  if (
    entry === undefined ||
    (entry.principal !== undefined && (caller === undefined || principalOf(caller) !== entry.principal))
  ) {
    sendError(res, 404, 'unknown session: it expired or was deleted; send initialize again');
    return undefined;
  }
  state.sessions.touch(entry);
  return entry;
}
