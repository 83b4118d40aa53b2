// toFetchHandler: the transport as `(Request) => Promise<Response>`, for web-standard runtimes and
// the frameworks on them (Hono, Bun, Deno, workers): the same handler as serveHttp's, adapted.
import type { McpServer } from '../../server.js';
import { createRequestHandler, createShutdown, failRequest } from './handler.js';
import type { HandlerShutdown } from './shutdown.js';
import type { ResolvedHandlerOptions } from './options.js';
import { toHttpRequest } from './web-request.js';
import { WebResponse } from './web-response.js';

export type FetchHandler = ((request: Request) => Promise<Response>) & HandlerShutdown;

export function createFetchHandler(server: McpServer, options: ResolvedHandlerOptions): FetchHandler {
  const handler = createRequestHandler(server, options);
  const handle = (request: Request): Promise<Response> => {
    const res = new WebResponse();
    try {
      return answer(request, res);
    } catch (error) {
      failRequest(res, error); // ours, not the client's: as serveHttp answers it
      return res.response;
    }
  };
  const answer = (request: Request, res: WebResponse): Promise<Response> => {
    const req = toHttpRequest(request);
    // A request whose body never arrived in full is let go with its answer: its read (and the read's deadline) ends too.
    res.once('close', () => {
      if (!req.readableEnded) req.destroy();
    });
    // The client gone (its signal aborted, or a body that fails) is a closed connection: its call is aborted.
    const gone = () => {
      req.destroy();
      res.abandon();
    };
    const { signal } = request;
    if (signal.aborted) gone();
    else {
      signal.addEventListener('abort', gone, { once: true });
      res.once('close', () => signal.removeEventListener('abort', gone));
    }
    req.once('error', gone);
    handler.handle(req, res);
    return res.response;
  };
  return Object.assign(handle, createShutdown(handler));
}
