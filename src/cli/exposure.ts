// Safe by default: `serve --http` on an address other machines can reach needs authorization, or
// the operator's explicit --allow-unauthenticated (and then it says what anyone may do, on which
// port, and for which Host names).
import type { McpServer } from '../server.js';
import { isLoopback } from '../transports/http/resolve.js';
import { machineHostNames } from '../transports/http/node/listener-options.js';
import type { ServeArgs } from './serve-args.js';
import { UsageError } from './usage-error.js';
import { DEFAULT_HOST, hostAndPort } from '../transports/http/defaults.js';

/** What anyone who reaches a server may use: its tools by name, and whether it serves resources. */
export interface Exposed {
  readonly tools: readonly string[];
  readonly resources: boolean;
}

/** What `server` exposes, as the server is built (a module's own server, or one of its parts). */
export function exposedBy(server: McpServer): Exposed {
  return { tools: server.tools.map((tool) => tool.name), resources: server.servesResources };
}

/** Whether the server listens where only this machine reaches it. */
export function bindsLoopback(options: ServeArgs): boolean {
  return isLoopback(options.host ?? DEFAULT_HOST);
}

/** Refuses a bind other machines can reach that has no authorization, unless the operator allowed it. */
export function refuseOpenBind(options: ServeArgs, command: 'serve' | 'dev' = 'serve'): void {
  if (bindsLoopback(options) || options.auth !== undefined || options.allowUnauthenticated) return;
  const host = options.host ?? DEFAULT_HOST;
  throw new UsageError(
    `${command}: --host ${host} makes this server reachable from other machines, and it has no authorization: give ` +
      '--auth-issuer URL --auth-audience URL, or --allow-unauthenticated to serve anyone who can reach it',
  );
}

/** The lines to print about an allowed public bind, once its port is known (none on loopback). */
export function exposureLines(options: ServeArgs, port: number, exposed: Exposed): string[] {
  if (bindsLoopback(options)) return [];
  const host = options.host ?? DEFAULT_HOST;
  if (options.auth !== undefined) {
    if (options.tls !== undefined) return [];
    return [
      `zod-mcp: WARNING: plain HTTP on ${hostAndPort(host, port)}: bearer tokens travel in clear unless a TLS ` +
        'proxy stands in front (or give --tls-cert FILE --tls-key FILE)',
    ];
  }
  const names = [...machineHostNames(host), ...(options.allowedHosts ?? [])];
  const what = exposed.tools.length === 0 ? 'connect to it (it serves no tools)' : `call ${exposed.tools.join(', ')}`;
  return [
    `zod-mcp: WARNING: no authorization on ${hostAndPort(host, port)}: anyone who can reach it may ` +
      `${what}${exposed.resources ? ', and read its resources' : ''}`,
    `zod-mcp: serving the Host names ${names.join(', ')}; any other gets 403 (--allowed-hosts to name more)`,
  ];
}
