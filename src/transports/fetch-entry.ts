// toFetchHandler as the package's core exports it: the web-standard face of the HTTP transport,
// which is loaded on first use. Its declarations need no Node types (zod-mcp's core entry).
import type { McpServer } from '../server.js';
import type { FetchHandler } from './http/web/fetch-handler.js';
import { resolveHandlerOptions, type HttpHandlerOptions } from './http/options.js';
import { shutdownOf } from './http/shutdown.js';

/**
 * Streamable HTTP as `(request: Request) => Promise<Response>`, for web-standard runtimes (Hono,
 * Bun, Deno, workers); the same checks and defaults as `toNodeHandler`.
 */
export function toFetchHandler(server: McpServer, options: HttpHandlerOptions = {}): FetchHandler {
  const resolved = resolveHandlerOptions(options, 'toFetchHandler');
  const made = import('./http/web/fetch-handler.js').then((http) => http.createFetchHandler(server, resolved));
  let loaded: FetchHandler | undefined;
  void made.then((handler) => (loaded = handler));
  const handle = (request: Request) => (loaded !== undefined ? loaded(request) : made.then((handler) => handler(request)));
  return Object.assign(handle, shutdownOf(made));
}
