// What the transport reads of a request and writes to its response. Node's IncomingMessage and
// ServerResponse (a framework's subclasses too) are these as they are; a web Request and Response
// are adapted to them (web-request.ts, web-response.ts).
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { Readable, Writable } from 'node:stream';

/** A request: its head, and its body as a stream. */
export interface HttpRequest extends Readable {
  readonly method?: string | undefined;
  /** The path and query. */
  readonly url?: string | undefined;
  /** Lower-cased names; a repeated header's values joined with `, `. */
  readonly headers: IncomingHttpHeaders;
  readonly headersDistinct: NodeJS.Dict<string[]>;
  /** The path the client asked for, where a framework mounting under a prefix rewrote `url` (Express, Connect). */
  readonly originalUrl?: string | undefined;
  /** What a framework's body parser made of a body it already read (Express's `express.json()`). */
  readonly body?: unknown;
}

/** A response: its head written once, then its body as a stream; 'close' once it is done or cut. */
export interface HttpResponse extends Writable {
  readonly headersSent: boolean;
  writeHead(status: number, headers?: OutgoingHttpHeaders): unknown;
  setHeader(name: string, value: number | string | readonly string[]): unknown;
  /** Sends the head now, before any of the body (an SSE stream's start). */
  flushHeaders(): void;
}
