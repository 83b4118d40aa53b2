// toNodeHandler: the transport as a `(req, res, next)` handler, for node:http and the frameworks on
// it (Express, Connect, any that hands over node's request and response). serveHttp's handler,
// without its listener. Node's request and response are the transport's own types as they are:
// nothing is adapted, only the body is read the Node way.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '../../../server.js';
import { createRequestHandler, createShutdown } from '../handler.js';
import type { HandlerShutdown } from '../shutdown.js';
import type { ResolvedHandlerOptions } from '../options.js';
import type { HttpHost } from '../messages.js';
import { ignoreStderrFailures } from '../../stderr.js';
import { readNodeBody } from './body.js';
import { forward, forwardedClient } from './forward.js';
import { lingerAfterEarlyAnswer } from './linger.js';

/** `next`: called, with no argument, for a request whose path is not the `path` option's. */
export type NodeHandler = ((req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void) &
  HandlerShutdown;

/**
 * Node's: bodies from the request stream, a lingering close after an answer given before the body
 * was read, forwarding over loopback, and stderr failures ignored (diagnostics must not end the process).
 */
export const NODE_HOST: HttpHost = {
  readBody: readNodeBody,
  lingerAfterEarlyAnswer: (req, res, limits) =>
    lingerAfterEarlyAnswer(req as IncomingMessage, res as ServerResponse, limits),
  forward,
  // A request another worker forwarded comes from that worker: the client is the one it names.
  clientAddress: (req) =>
    forwardedClient(req as IncomingMessage) ?? (req as IncomingMessage).socket?.remoteAddress?.replace(/^::ffff:/i, ''),
  setUp: ignoreStderrFailures,
};

export function createNodeHandler(server: McpServer, options: ResolvedHandlerOptions): NodeHandler {
  const handler = createRequestHandler(server, options, NODE_HOST);
  const handle = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) =>
    handler.handle(req, res, next);
  return Object.assign(handle, createShutdown(handler));
}
