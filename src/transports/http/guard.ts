// DNS rebinding protection (MCP "Transports", security warning): a page on evil.example that resolves
// to 127.0.0.1 still sends `Host: evil.example` and `Origin: http://evil.example`, so both are checked.
import type { RequestHeaders } from './messages.js';
import type { ResolvedHandlerOptions } from './options.js';
import { normalizeHostName } from './resolve.js';

/** Why a request is refused with 403, or `undefined` when its Host and Origin are allowed. */
export function checkHostAndOrigin(
  req: { readonly headers: RequestHeaders },
  options: ResolvedHandlerOptions,
): string | undefined {
  const host = single(req.headers.host);
  if (options.allowedHosts !== undefined) {
    const name = host === undefined ? undefined : parseHostName(host);
    if (name === undefined || !options.allowedHosts.has(name)) return `Host not allowed: ${host ?? '(none)'}`;
  }
  const origin = single(req.headers.origin);
  if (origin !== undefined && !isAllowedOrigin(origin, host, options)) return `Origin not allowed: ${origin}`;
  return undefined;
}

/**
 * With `allowedOrigins`, only those. Otherwise any origin on an allowed host name, whatever its port
 * (a local inspector on another port is fine); with no host list either, only the request's own host.
 */
function isAllowedOrigin(origin: string, host: string | undefined, options: ResolvedHandlerOptions): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // `Origin: null` (sandboxed frames, file: pages) and garbage
  }
  if (options.allowedOrigins !== undefined) return options.allowedOrigins.has(url.origin);
  if (options.allowedHosts !== undefined) return options.allowedHosts.has(normalizeHostName(url.hostname));
  return host !== undefined && url.host === host.toLowerCase();
}

/** A header node:http keeps as one string (Host, Origin): a list, from another host, is taken as not sent. */
function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

// A client sends the same Host on every request: the name of the last one is kept, not parsed again.
let lastHost: string | undefined;
let lastName: string | undefined;

function parseHostName(host: string): string | undefined {
  if (host === lastHost) return lastName;
  let name: string | undefined;
  try {
    name = normalizeHostName(new URL(`http://${host}`).hostname);
  } catch {
    name = undefined;
  }
  lastHost = host;
  lastName = name;
  return name;
}
