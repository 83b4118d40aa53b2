// A listener that could not start (serve --http, dev --http), said as what to do about it. A module
// of its own: dev over stdio names it without loading the HTTP transport.
import { hostAndPort } from '../transports/http/defaults.js';

/** A listener that cannot start, in the words of what to do about it. */
export function listenFailure(error: unknown, host: string, port: number, command = 'serve'): unknown {
  const where = hostAndPort(host, port);
  const reasons: Record<string, string> = {
    EADDRINUSE: 'the port is in use by another process (--port picks another; 0, any free one)',
    EACCES: 'this process may not listen on that port (ports below 1024 need privileges; --port picks another)',
    EADDRNOTAVAIL: `${host} is not an address of this machine (--host picks another)`,
  };
  const code = String((error as { code?: unknown } | undefined)?.code);
  const reason = Object.hasOwn(reasons, code) ? reasons[code] : undefined;
  return reason === undefined ? error : new Error(`${command}: cannot listen on ${where}: ${reason}`, { cause: error });
}
