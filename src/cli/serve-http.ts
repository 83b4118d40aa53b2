// `zod-mcp serve --http [--port N] [--host H]`: a server over Streamable HTTP until SIGTERM or SIGINT.
// stdout stays empty (it belongs to MCP frames in the stdio mode); the URL and notices go to stderr.
import type { McpServer } from '../server.js';
import { serveHttp, type HttpOptions } from '../transports/http/index.js';
import { VERSION } from '../version.js';

export interface RunHttpOptions extends HttpOptions {
  /** Resolves when a stop is asked for; SIGTERM or SIGINT by default. */
  stopSignal?: Promise<unknown>;
}

/** Serves until SIGTERM or SIGINT, then closes gracefully; resolves when everything is closed. */
export async function runHttp(server: McpServer, options: RunHttpOptions = {}): Promise<void> {
  const { stopSignal = waitForStopSignal(), ...httpOptions } = options;
  const handle = await serveHttp(server, httpOptions);
  process.stderr.write(`zod-mcp ${VERSION}: serving MCP over HTTP at ${handle.url}\n`);
  await stopSignal;
  process.stderr.write('zod-mcp: stopping\n');
  await handle.close();
}

function waitForStopSignal(): Promise<NodeJS.Signals> {
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
