// toFetchHandler as the package's core exports it: the web-standard face of the HTTP transport,
// which is loaded on first use. Its declarations need no Node types (zod-mcp's core entry).
import type { McpServer } from '../server.js';
import type { FetchHandler } from './http/web/fetch-handler.js';
import type { FetchHandlerOptions } from './http/options.js';
import { resolveHandlerOptions } from './http/resolve.js';
import { checkCardServed } from '../core/card.js';
import { shutdownOf } from './http/shutdown.js';

/**
 * Streamable HTTP as `(request: Request) => Promise<Response>`, for web-standard runtimes (workers,
 * Bun, Deno, Hono, Next.js, Lambda); the same checks and defaults as `toNodeHandler`, but that
 * without `longLived: true` nothing is kept between requests (see FetchHandlerOptions).
 */
export function toFetchHandler(server: McpServer, options: FetchHandlerOptions = {}): FetchHandler {
  const parsed = resolveHandlerOptions(options, 'toFetchHandler', 'fetch');
  checkCardServed(server, options.card);
  const longLived = options?.longLived === true;
  if (!longLived) refuseStateInIsolate(server, options);
  const resolved = longLived ? parsed : { ...parsed, stateless: true };
  const made = import('./http/web/fetch-handler.js').then((http) => http.createFetchHandler(server, resolved));
  let loaded: FetchHandler | undefined;
  void made.then((handler) => (loaded = handler));
  const handle = (request: Request) =>
    loaded !== undefined ? loaded(request) : made.then((handler) => handler(request));
  return Object.assign(handle, shutdownOf(made));
}

/**
 * Where each request may meet a fresh isolate, what would live in this one's memory is refused
 * rather than lost: 2025 sessions asked for (served without them otherwise) and tasks in the
 * default store. A 2026 request keeps nothing, and a listen stream hears this isolate's events.
 */
function refuseStateInIsolate(server: McpServer, options: FetchHandlerOptions): void {
  const where =
    'which a serverless runtime does not keep from one request to the next: add longLived: true where one process ' +
    'serves every request (Bun.serve, Deno.serve, Node, a container)';
  if (options.stateless === false)
    throw new TypeError(`toFetchHandler: stateless: false keeps 2025 sessions in this isolate's memory, ${where}`);
  if (server.keepsTasksInProcess)
    throw new TypeError(
      `toFetchHandler: this server's tasks would live in this isolate's memory (the default task store), ${where}, ` +
        'or give tasks.store a store every instance shares',
    );
}
