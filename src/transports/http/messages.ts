// What the transport reads of a request and writes to its response, in terms every runtime has:
// the protocol layer (handler.ts and what it calls) is written against these alone. Node's
// IncomingMessage and ServerResponse (a framework's subclasses too) are these as they are
// (node/); a web Request and Response are adapted to them (web/). A host reads bodies its own way.
import type { BodyLimits, BodyRead, LingerLimits } from './body.js';
import type { ForwardTarget } from './options.js';

/**
 * Request header values: lower-cased names; a repeated header's values joined with `, ` (a few Node keeps as an array).
 */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** Response header values as `writeHead` takes them. */
export type ResponseHeaders = Record<string, string | number | string[] | undefined>;

/** A request's head (its body is read through the host). */
export interface HttpRequest {
  readonly method?: string | undefined;
  /** The path and query. */
  readonly url?: string | undefined;
  readonly headers: RequestHeaders;
  /** Every header's values, one per time it was sent. */
  readonly headersDistinct: Readonly<Record<string, string[] | undefined>>;
  /** Names and values as they came, in pairs (node:http's): tells whether any name came twice. */
  readonly rawHeaders?: readonly string[] | undefined;
  /** The path the client asked for, where a framework mounting under a prefix rewrote `url` (Express, Connect). */
  readonly originalUrl?: string | undefined;
  /** `http` or `https`, when the host knows it from the request (a web Request's URL). */
  readonly scheme?: string | undefined;
}

/** The path the client asked for: a framework that mounts under a prefix keeps it in `originalUrl`. */
export function requestPath(req: HttpRequest): string {
  const url = req.originalUrl ?? req.url ?? '/';
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

type Listener = () => void;

/**
 * A response: its head written once, then its body, as text; 'finish' once it was all handed on,
 * 'close' once it is done or cut (the client gone, or `destroy()`).
 */
export interface HttpResponse {
  readonly headersSent: boolean;
  /** `end()` was called. */
  readonly writableEnded: boolean;
  /** All of the body was handed on: a response that closes without it was cut. */
  readonly writableFinished: boolean;
  readonly destroyed: boolean;
  /** 'close' is past. */
  readonly closed: boolean;
  /** Bytes written and not yet taken by the client: what the SSE backlog bound reads. */
  readonly writableLength: number;
  writeHead(status: number, headers?: ResponseHeaders): unknown;
  /** node:http's other form (the transport never gives a status message). */
  writeHead(status: number, statusMessage?: string, headers?: ResponseHeaders): unknown;
  setHeader(name: string, value: number | string | readonly string[]): unknown;
  /** Sends the head now, before any of the body (an SSE stream's start). */
  flushHeaders(): void;
  write(chunk: string): unknown;
  end(chunk?: string): unknown;
  destroy(): unknown;
  once(event: 'close' | 'finish', listener: Listener): unknown;
  off(event: 'close' | 'finish', listener: Listener): unknown;
}

/**
 * What differs between the runtimes a handler serves on: how a body arrives, and whether a request can be passed to
 * another process.
 */
export interface HttpHost {
  /** The whole body of `req`, within `limits`. */
  readBody(req: HttpRequest, limits: BodyLimits): Promise<BodyRead>;
  /**
   * Passes `req` to the process that holds its session (several processes on one socket: Node only), naming its client.
   */
  readonly forward?:
    | ((req: HttpRequest, res: HttpResponse, target: ForwardTarget, clientAddress: string | undefined) => void)
    | undefined;
  /**
   * Called for each request the handler answers, before anything is answered: Node closes the
   * connection of an answer given before the body was read only after reading the rest of it.
   */
  readonly lingerAfterEarlyAnswer?: ((req: HttpRequest, res: HttpResponse, limits: LingerLimits) => void) | undefined;
  /**
   * The address of the peer that sent `req` (Node: its socket's), for rate limits; undefined where a runtime does not
   * say.
   */
  readonly clientAddress?: ((req: HttpRequest) => string | undefined) | undefined;
  /** Called once, when the handler is made (Node: a failed write to stderr must not end the process). */
  readonly setUp?: (() => void) | undefined;
}
