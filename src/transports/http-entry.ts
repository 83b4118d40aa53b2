// `serveHttp` as the package exports it: the HTTP transport is loaded on first use, so that
// importing zod-mcp for `handle()` or stdio never loads node:http and the HTTP code.
import type { McpServer } from '../server.js';
import type { HttpOptions, HttpServerHandle } from './http/index.js';

/** Serves `server` over Streamable HTTP; see `./http.js`. */
export async function serveHttp(server: McpServer, options?: HttpOptions): Promise<HttpServerHandle> {
  const http = await import('./http/index.js');
  return http.serveHttp(server, options);
}
