// The connections of the listening socket: Node's clocks for slow and idle ones, and a bound on how
// many one client address holds, so that one host cannot take every descriptor of the process.
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { ResolvedHttpOptions } from '../options.js';
import { isLoopback } from '../resolve.js';

export const DEFAULT_CONNECTIONS_PER_CLIENT = 256;

/** Request headers must arrive within this of the connection opening or the previous answer. */
const HEADERS_TIMEOUT_MS = 10_000;

/**
 * Node's clocks (each checked every second): headers within 10 s; the whole request within the
 * body's deadline after that (a backstop: a POST answers 408 itself at `bodyTimeoutMs`); an idle
 * keep-alive connection closed after 5 s.
 */
export function connectionTimeouts(options: ResolvedHttpOptions): ServerOptions {
  return {
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: HEADERS_TIMEOUT_MS + Math.ceil(options.bodyTimeoutMs) + 1000,
    keepAliveTimeout: 5000,
    connectionsCheckingInterval: 1000,
  };
}

/**
 * Closes at once, before reading anything, a connection from an address that already holds
 * `maxConnectionsPerClient` of them. Unset, the limit is the default and loopback peers are not
 * counted (on loopback every client, and a proxy on this machine, has the same address).
 */
export function limitConnectionsPerClient(http: Server, given: number | undefined): void {
  const limit = given ?? DEFAULT_CONNECTIONS_PER_CLIENT;
  if (limit === 0) return;
  const counted = given === undefined ? (address: string) => !isLoopback(address.replace(/^::ffff:/i, '')) : () => true;
  const open = new Map<string, number>();
  http.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || !counted(address)) return; // no address: the socket is already closed
    const count = open.get(address) ?? 0;
    if (count >= limit) return void socket.destroy();
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
