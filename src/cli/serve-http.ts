// `zod-mcp serve --http [--port N] [--host H]`: the project's tools over Streamable HTTP.
// stdout stays empty (it belongs to MCP frames in the stdio mode); the URL and notices go to stderr.
import { McpServer } from '../mcp.js';
import { serverTools } from '../tools/echo.js';
import { serveHttp, type HttpOptions } from '../transports/http.js';
import { VERSION } from '../version.js';
import { UsageError } from './mcp-server.js';

export interface RunHttpOptions extends HttpOptions {
  /** Resolves when a stop is asked for; SIGTERM or SIGINT by default. */
  stopSignal?: Promise<unknown>;
}

/** Serves until SIGTERM or SIGINT, then closes gracefully; resolves when everything is closed. */
export async function runHttp(options: RunHttpOptions = {}): Promise<void> {
  const { stopSignal = waitForStopSignal(), ...httpOptions } = options;
  const server = new McpServer({ name: 'zod-mcp', version: VERSION, tools: serverTools });
  const handle = await serveHttp(server, httpOptions);
  process.stderr.write(`zod-mcp ${VERSION}: serving MCP over HTTP at ${handle.url}\n`);
  await stopSignal;
  process.stderr.write('zod-mcp: stopping\n');
  await handle.close();
}

/** `--port N` and `--host H` (also `--port=N`); anything else is a usage error. */
export function parseServeHttpArgs(args: readonly string[]): HttpOptions {
  const options: HttpOptions = {};
  for (let i = 0; i < args.length; i++) {
    const [flag = '', inline] = args[i]!.split(/=(.*)/s, 2);
    if (flag === '--http') continue;
    const value = inline ?? args[++i];
    if (value === undefined) throw new UsageError(`${flag} needs a value`);
    if (flag === '--port') {
      if (!/^\d{1,5}$/.test(value) || Number(value) > 65_535) throw new UsageError(`--port: not a port number: ${value}`);
      options.port = Number(value);
    } else if (flag === '--host') {
      options.host = value;
    } else {
      throw new UsageError(`serve --http: unknown option ${flag}`);
    }
  }
  return options;
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
