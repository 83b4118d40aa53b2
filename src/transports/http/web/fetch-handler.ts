// toFetchHandler: the transport as `(Request) => Promise<Response>`, for web-standard runtimes and
// the frameworks on them (workers, Bun, Deno, Hono, Next.js route handlers): the protocol layer
// (../handler.ts) on the web's host, with no Node module anywhere in it.
import type { McpServer } from '../../../server.js';
import { createRequestHandler, createShutdown, failRequest } from '../handler.js';
import type { HandlerShutdown } from '../shutdown.js';
import type { ResolvedHandlerOptions } from '../options.js';
import type { HttpHost } from '../messages.js';
import { readWebBody, toHttpRequest } from './request.js';
import { WebResponse } from './response.js';

export type FetchHandler = ((request: Request) => Promise<Response>) & HandlerShutdown;

const WEB_HOST: HttpHost = { readBody: readWebBody };

export function createFetchHandler(server: McpServer, options: ResolvedHandlerOptions): FetchHandler {
  const handler = createRequestHandler(server, options, WEB_HOST);
  const handle = (request: Request): Promise<Response> => {
    const res = new WebResponse();
    try {
      const req = toHttpRequest(request);
      // Answered (or cut), a request whose body is still arriving is let go: its read, and the read's deadline, end
      // too.
      res.once('close', () => req.answered.abort());
      // The client gone (its signal aborted) is a closed connection: its call is aborted.
      const gone = () => res.abandon();
      const { signal } = request;
      if (signal.aborted) gone();
      else {
        signal.addEventListener('abort', gone, { once: true });
        res.once('close', () => signal.removeEventListener('abort', gone));
      }
      handler.handle(req, res);
    } catch (error) {
      failRequest(res, error); // ours, not the client's: as serveHttp answers it
    }
    return res.response;
  };
  return Object.assign(handle, createShutdown(handler));
}
