// Safe by default: `serve --http` on an address other machines can reach needs authorization, or
// the operator's explicit --allow-unauthenticated (and then it says what anyone may do, and for
// which Host names).
import type { Served } from '../bundled/sets.js';
import { isLoopback } from '../transports/http/options.js';
import { machineHostNames } from '../transports/http/node/listener-options.js';
import type { ServeArgs } from './serve-args.js';
import { UsageError } from './usage-error.js';
import { DEFAULT_HOST, hostAndPort } from '../transports/http/defaults.js';

/** Refuses an open public bind; returns the lines to print about one that was allowed (none otherwise). */
export function checkExposure(options: ServeArgs, served: Served, port: number): string[] {
  const host = options.host ?? DEFAULT_HOST;
  if (isLoopback(host)) return [];
  if (options.auth !== undefined) {
    if (options.tls !== undefined) return [];
    return [`zod-mcp: WARNING: plain HTTP on ${hostAndPort(host, port)}: bearer tokens travel in clear unless a TLS proxy stands in front (or give --tls-cert FILE --tls-key FILE)`];
  }
  if (!options.allowUnauthenticated) {
    throw new UsageError(
      `serve: --host ${host} makes this server reachable from other machines, and it has no authorization: give --auth-issuer URL --auth-audience URL, or --allow-unauthenticated to serve anyone who can reach it`,
    );
  }
  const names = [...machineHostNames(host), ...(options.allowedHosts ?? [])];
  return [
    `zod-mcp: WARNING: no authorization on ${hostAndPort(host, port)}: anyone who can reach it may call ${served.tools.map((tool) => tool.name).join(', ')}` +
      (served.resources !== undefined && served.resources.length > 0 ? ', and read its resources' : ''),
    `zod-mcp: serving the Host names ${names.join(', ')}; any other gets 403 (--allowed-hosts to name more)`,
  ];
}
