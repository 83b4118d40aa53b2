// The Node faces of the HTTP transport as zod-mcp/node exports them: loaded on first use, so that
// importing the package for `handle()` or stdio never loads node:http and the HTTP code. The handler
// checks its options at once (a bad one throws where it is given) and loads the transport meanwhile.
import type { McpServer } from '../server.js';
import type { HttpOptions, HttpServerHandle } from './http/node/listener.js';
import type { NodeHandler } from './http/node/handler.js';
import type { HttpHandlerOptions } from './http/options.js';
import { resolveHandlerOptions } from './http/resolve.js';
import { shutdownOf } from './http/shutdown.js';
import { refuseInsideServedModule } from './served-module.js';
import { checkCardServed } from '../core/card.js';

/** Serves `server` over Streamable HTTP on a listener of its own; see `./http/index.ts`. */
export function serveHttp(server: McpServer, options?: HttpOptions): Promise<HttpServerHandle> {
  refuseInsideServedModule('serveHttp');
  return import('./http/node/listener.js').then((http) => http.serveHttp(server, options));
}

/**
 * Streamable HTTP as a `(req, res, next?)` handler for node:http, Express, Connect, or any framework
 * that hands over node's request and response. The framework routes: no path is checked unless `path` is given. Host
 * names
 * served: `allowedHosts`, else the localhost names (any with `auth`).
 */
export function toNodeHandler(server: McpServer, options: HttpHandlerOptions = {}): NodeHandler {
  const resolved = resolveHandlerOptions(options, 'toNodeHandler');
  checkCardServed(server, options.card);
  const made = import('./http/node/handler.js').then((http) => http.createNodeHandler(server, resolved));
  let loaded: NodeHandler | undefined;
  void made.then((handler) => (loaded = handler));
  const handle = (...args: Parameters<NodeHandler>) => {
    if (loaded !== undefined) loaded(...args);
    else void made.then((handler) => handler(...args));
  };
  return Object.assign(handle, shutdownOf(made));
}
