// What `call`, `snapshot` and `record` connect to: a module (served in this process, as `serve
// MODULE` would serve it), a command after `--` (run, and spoken to over its stdio), or an http(s)
// URL (Streamable HTTP, with the headers given).
import { McpClient, type ClientOptions, type EraChoice } from '../client/client.js';
import { RemoteError, type Wire } from '../client/wire.js';
import { CommandFailure, UsageError } from './usage-error.js';

export type Target =
  | { readonly kind: 'module'; readonly path: string }
  | { readonly kind: 'command'; readonly command: string; readonly args: readonly string[] }
  | { readonly kind: 'url'; readonly url: string; readonly headers: Readonly<Record<string, string>> };

/**
 * Splits what was typed at the first `--`: before it the command's own words and flags, after it the
 * server's command line. Without a `--`, the first positional is the module or URL.
 */
export function splitCommandLine(args: readonly string[]): { own: string[]; server: string[] | undefined } {
  const end = args.indexOf('--');
  return end === -1 ? { own: [...args], server: undefined } : { own: args.slice(0, end), server: args.slice(end + 1) };
}

/** The target, and the positionals left after it. */
export function readTarget(
  name: string,
  positionals: readonly string[],
  server: readonly string[] | undefined,
  headers: readonly string[] = [],
): { target: Target; rest: string[] } {
  if (server !== undefined) {
    if (server.length === 0) throw new UsageError(`${name}: give the server's command after --`);
    if (headers.length > 0) throw new UsageError(`${name}: --header goes with a URL, not a command`);
    return { target: { kind: 'command', command: server[0]!, args: server.slice(1) }, rest: [...positionals] };
  }
  const [first, ...rest] = positionals;
  if (first === undefined) throw new UsageError(`${name}: give a module, a URL, or a command after --`);
  if (/^https?:\/\//i.test(first))
    return { target: { kind: 'url', url: first, headers: headerMap(name, headers) }, rest };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(first)) throw new UsageError(`${name}: ${first}: a URL is http:// or https://`);
  if (headers.length > 0) throw new UsageError(`${name}: --header goes with a URL, not a module`);
  return { target: { kind: 'module', path: first }, rest };
}

export function readEra(name: string, era: string | undefined): EraChoice {
  if (era === undefined || era === 'auto' || era === '2025' || era === '2026') return era ?? 'auto';
  throw new UsageError(`${name}: --era: 2025, 2026 or auto: ${era}`);
}

function headerMap(name: string, headers: readonly string[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const header of headers) {
    const colon = header.indexOf(':');
    const key = header.slice(0, colon).trim();
    if (colon <= 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(key))
      throw new UsageError(`${name}: --header: NAME: VALUE, not ${JSON.stringify(header)}`);
    map[key] = header.slice(colon + 1).trim();
  }
  return map;
}

/** A new connection to the target: a module is loaded once per process, a command started per connection. */
export async function openWire(target: Target): Promise<Wire> {
  switch (target.kind) {
    case 'module': {
      const { inProcessWire } = await import('../client/in-process.js');
      const server = await moduleServer(target.path);
      return inProcessWire((frame, context) => server.handle(frame, context));
    }
    case 'command': {
      const { stdioWire } = await import('../client/stdio.js');
      return stdioWire(target.command, target.args);
    }
    case 'url': {
      const { httpWire } = await import('../client/http.js');
      return httpWire(target.url, { headers: target.headers });
    }
  }
}

export async function connectTarget(target: Target, options: ClientOptions): Promise<McpClient> {
  const wire = await openWire(target);
  try {
    return await McpClient.open(wire, options);
  } catch (error) {
    await wire.close();
    throw error;
  }
}

let loaded: Promise<import('../server.js').McpServer> | undefined;

/** The module's server, or a server of its parts named as its package is (what `serve MODULE` serves). */
export function moduleServer(path: string): Promise<import('../server.js').McpServer> {
  loaded ??= (async () => {
    const { loadUserModule } = await import('./user-module.js');
    const own = await loadUserModule(path);
    if (own.kind === 'server') return own.server;
    const { McpServer } = await import('../server.js');
    return new McpServer({ name: own.name, version: own.version, ...own.served });
  })();
  return loaded;
}

/** A failure to reach the server or an error frame, as the one line and exit code 2 a command ends with. */
export function failureOf(name: string): (error: unknown) => never {
  return (error) => {
    if (error instanceof UsageError || error instanceof CommandFailure) throw error;
    const message = error instanceof RemoteError ? `error ${error.code}: ${error.detail}` : (error as Error).message;
    throw new CommandFailure(`${name}: ${message}`, 2, { cause: error });
  };
}
