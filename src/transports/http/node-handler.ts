// toNodeHandler: the transport as a `(req, res, next)` handler, for node:http and the frameworks on
// it (Express, Connect, any that hands over node's request and response). serveHttp's handler, without its listener.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '../../server.js';
import { createRequestHandler, createShutdown } from './handler.js';
import type { HandlerShutdown } from './shutdown.js';
import type { ResolvedHandlerOptions } from './options.js';

/** `next`: called, with no argument, for a request whose path is not the `path` option's. */
export type NodeHandler = ((req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void) & HandlerShutdown;

export function createNodeHandler(server: McpServer, options: ResolvedHandlerOptions): NodeHandler {
  const handler = createRequestHandler(server, options);
  const handle = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => handler.handle(req, res, next);
  return Object.assign(handle, createShutdown(handler));
}
