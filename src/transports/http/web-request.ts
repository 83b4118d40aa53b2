// A web Request as the request the transport reads: its head as node:http would give it, its body
// as a stream. Headers says a repeated header once, its values joined with ", " (so does node,
// but for a few names): `headersDistinct` holds that one joined value.
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { HttpRequest } from './messages.js';

export function toHttpRequest(request: Request): HttpRequest {
  const url = new URL(request.url);
  const headers: IncomingHttpHeaders = {};
  const headersDistinct: NodeJS.Dict<string[]> = {};
  for (const [name, value] of request.headers) {
    headers[name] = value;
    headersDistinct[name] = [value];
  }
  // A runtime that keeps Host out of the headers built the URL from it.
  if (headers.host === undefined) {
    headers.host = url.host;
    headersDistinct.host = [url.host];
  }
  const body = request.bodyUsed ? consumedBody() : request.body === null ? emptyBody() : Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  return Object.assign(body, { method: request.method, url: `${url.pathname}${url.search}`, headers, headersDistinct });
}

function emptyBody(): Readable {
  return new Readable({
    read() {
      this.push(null);
    },
  });
}

/** A body something read before the handler (a middleware's `c.req.json()`): read to its end, holding nothing, as node's would be. */
function consumedBody(): Readable {
  return Object.defineProperty(emptyBody(), 'readableEnded', { value: true });
}
