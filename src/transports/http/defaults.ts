// Where serveHttp listens unless told otherwise, and how an address is written: a module of its own,
// so that the command line can name them without loading the HTTP code.

/** Loopback: nothing outside this machine reaches the server unless asked. */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 3000;

/** `host:port`, with an IPv6 address in brackets (`[::1]:3000`). */
export function hostAndPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}
