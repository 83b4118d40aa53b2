// serveHttp's options resolved: a listener knows the address it is bound to, and so which Host
// names are this machine's.
import { hostname, networkInterfaces } from 'node:os';
import { optionSchemas, type HttpOptions, type ResolvedHttpOptions } from '../options.js';
import { LOCALHOST_NAMES, isLoopback, normalizeHostName, parseOptions, resolveShared } from '../resolve.js';

export function resolveHttpOptions(input: HttpOptions = {}): ResolvedHttpOptions {
  const options = parseOptions(optionSchemas().HttpOptions, input, 'serveHttp');
  const loopback = isLoopback(options.host);
  // Bound to another loopback address (127.0.0.2), the server must still accept its own URL. Bound
  // wider without authorization: this machine's own names only (a foreign Host is a rebinding
  // page, or a client that has no business here); with authorization, any (the token decides).
  const hosts =
    options.allowedHosts ??
    (loopback
      ? [...LOCALHOST_NAMES, options.host]
      : options.auth === undefined
        ? machineHostNames(options.host)
        : undefined);
  const { metrics } = options;
  if (
    metrics !== undefined &&
    metrics.port === undefined &&
    (metrics.path === options.path || metrics.path === options.healthPath)
  ) {
    throw new TypeError(
      `serveHttp: invalid options: metrics.path: it is the ${metrics.path === options.path ? 'MCP' : 'health'} ` +
        `path (${metrics.path})`,
    );
  }
  return { ...options, ...resolveShared('serveHttp', options, hosts), loopback };
}

/** The names this machine answers to: localhost, its host name, every interface address, and the bound address. */
export function machineHostNames(host: string): string[] {
  const addresses = Object.values(networkInterfaces()).flatMap((entries) =>
    (entries ?? []).map((entry) => entry.address),
  );
  const bound = host === '0.0.0.0' || host === '::' ? [] : [host];
  return [...new Set([...LOCALHOST_NAMES, hostname(), ...addresses, ...bound].map(normalizeHostName))];
}
