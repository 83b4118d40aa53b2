// `zod-mcp serve --http [--port N] [--host H]`: a server over Streamable HTTP until SIGTERM or SIGINT.
// stdout stays empty (it belongs to MCP frames in the stdio mode); the URL and notices go to stderr.
import type { McpServer } from '../server.js';
import { serveHttp, type HttpOptions, type HttpServerHandle } from '../transports/http/node/listener.js';
import { VERSION } from '../version.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../transports/http/defaults.js';
import { listenFailure } from './listen-failure.js';
import { parentGone } from './parent-watch.js';
import { LATEST_PROTOCOL_VERSION_2025, PROTOCOL_VERSIONS_2025 } from '../../schemas/rev2025.js';
import { PROTOCOL_VERSIONS_2026 } from '../../schemas/rev2026.js';
import type { Era } from '../core/era.js';

export interface RunHttpOptions extends HttpOptions {
  /** Resolves when a stop is asked for; SIGTERM or SIGINT by default. A second one stops at once. */
  stopSignal?: Promise<unknown>;
  /** Set in a worker of `--workers N`: it says nothing itself, and tells the primary where it is. */
  onListening?: (handle: HttpServerHandle) => Promise<void>;
  /** Lines said before the URL, once the port is known (a warning on a public bind); not said with `onListening`. */
  notices?: (port: number) => readonly string[];
}

/**
 * Serves until SIGTERM or SIGINT, then drains (work in flight finishes, for up to drainMs) and
 * closes; a second signal closes at once. Resolves when everything is closed.
 */
export async function runHttp(server: McpServer, options: RunHttpOptions = {}): Promise<void> {
  const { stopSignal: given, onListening, notices, ...httpOptions } = options;
  const handle = await serveHttp(server, httpOptions).catch((error: unknown) => {
    throw listenFailure(error, httpOptions.host ?? DEFAULT_HOST, httpOptions.port ?? DEFAULT_PORT);
  });
  // Only once serving: a failed start ends the process at once. Under npm, its wrapper's end stops it too.
  const stopSignal: Promise<unknown> = given ?? Promise.race([nextSignal(), parentGone()]);
  if (onListening === undefined) {
    for (const line of notices?.(handle.port) ?? []) process.stderr.write(`${line}\n`);
    process.stderr.write(`zod-mcp ${VERSION}: serving MCP over HTTP at ${handle.url}\n`);
    process.stderr.write(`zod-mcp: ${speaks(server.eras, httpOptions.stateless === true, handle.healthUrl)}\n`);
    if (handle.metricsUrl !== undefined) process.stderr.write(`zod-mcp: Prometheus metrics at ${handle.metricsUrl}\n`);
  } else await onListening(handle);
  const why = await stopSignal;
  if (onListening === undefined && why === 'parent gone')
    process.stderr.write('zod-mcp: npm, which started this process, is gone: stopping\n');
  else if (onListening === undefined) process.stderr.write('zod-mcp: stopping (a second signal stops at once)\n');
  void nextSignal().then(() => handle.close());
  await handle.drain();
}

function nextSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      resolve(signal);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}

/** The start line's second half: the revisions served on the endpoint, and the health check's URL. */
export function speaks(eras: readonly Era[], stateless: boolean, healthUrl: string | undefined): string {
  const oldest = PROTOCOL_VERSIONS_2025.at(-1)!;
  const revisions = [
    eras.includes('rev2025') &&
      `${oldest} to ${LATEST_PROTOCOL_VERSION_2025} (initialize${stateless ? ', no sessions' : ', then a session'})`,
    eras.includes('rev2026') && `${PROTOCOL_VERSIONS_2026[0]} (stateless)`,
  ].filter(Boolean);
  const health = healthUrl === undefined ? '' : `; health check: GET ${healthUrl}`;
  return `speaks MCP ${revisions.join(' and ')}${health}`;
}
