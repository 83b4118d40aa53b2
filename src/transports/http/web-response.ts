// The response the transport writes, collected into a web Response. An answer written whole in one
// turn (JSON, a refusal) becomes a body of bytes; one still being written (SSE) a streamed body,
// which the transport writes as the client reads it. The Response is given once the head is written.
import type { OutgoingHttpHeaders } from 'node:http';
import { Writable } from 'node:stream';
import type { HttpResponse } from './messages.js';

/** What a streamed body holds unread before writes wait (and `writableLength`, which the backlog bound reads, grows). */
const STREAM_HIGH_WATER_BYTES = 64 * 1024;

/** Statuses a Response may not have a body with. */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

/** Headers of one connection (RFC 9110 §7.6.1): a web runtime owns its connections, and HTTP/2 refuses them. */
const HOP_BY_HOP: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

/** A client that went away before any answer gets a Response nobody reads (nginx's "client closed request"). */
export const CLIENT_GONE_STATUS = 499;

export class WebResponse extends Writable implements HttpResponse {
  headersSent = false;
  /** Settles with the Response once its head is written, or once the response was cut before that. */
  readonly response: Promise<Response>;
  #give!: (response: Response) => void;
  #given = false;
  #status = 200;
  readonly #headers: OutgoingHttpHeaders = {};
  /** What was written before the body's form was chosen; after, `undefined` (a body of bytes or none takes no more). */
  #chunks: Buffer[] | undefined = [];
  #controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  /** The write that waits for the reader to take what the stream holds. */
  #waiting: (() => void) | undefined;
  /** The client went away: a streamed body just stops, with no error for the runtime to report. */
  #abandoned = false;

  constructor() {
    super();
    this.response = new Promise((resolve) => {
      this.#give = resolve;
    });
  }

  setHeader(name: string, value: number | string | readonly string[]): this {
    this.#headers[name.toLowerCase()] = typeof value === 'object' ? [...value] : value;
    return this;
  }

  writeHead(status: number, headers: OutgoingHttpHeaders = {}): this {
    if (this.headersSent) return this;
    this.headersSent = true;
    this.#status = status;
    for (const [name, value] of Object.entries(headers)) this.#headers[name.toLowerCase()] = value;
    queueMicrotask(() => this.#giveResponse(false)); // by then an answer written whole has ended
    return this;
  }

  /** Ends the response because its client went away (its request aborted, its body cancelled). */
  abandon(): void {
    this.#abandoned = true;
    this.destroy();
  }

  flushHeaders(): void {
    if (!this.headersSent) this.writeHead(200);
    this.#giveResponse(true);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (!this.headersSent) this.writeHead(200);
    const controller = this.#controller;
    if (controller === undefined) {
      this.#chunks?.push(chunk);
      return callback();
    }
    controller.enqueue(chunk);
    if ((controller.desiredSize ?? 0) > 0) callback();
    else this.#waiting = callback;
  }

  override _final(callback: (error?: Error | null) => void): void {
    if (!this.headersSent) this.writeHead(200);
    this.#giveResponse(false); // written whole: the Response need not wait for the microtask
    this.#controller?.close();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#waiting = undefined;
    if (!this.headersSent && !this.#given) {
      this.#given = true;
      this.#give(new Response(null, { status: CLIENT_GONE_STATUS }));
    }
    this.#giveResponse(false);
    if (this.#controller !== undefined && !this.writableFinished) {
      try {
        // Left by its client, the body just ends; cut by us (a failure after the head), it errors, so
        // the runtime resets the response rather than ends it as if whole.
        if (this.#abandoned) this.#controller.close();
        else this.#controller.error(error ?? new Error('the response was cut before its end'));
      } catch {
        // the reader cancelled it: nothing is left to tell
      }
    }
    callback(null); // the transport never listens for a response's 'error': a cut response is 'close'
  }

  #giveResponse(streamed: boolean): void {
    if (this.#given) return;
    this.#given = true;
    const chunks = this.#chunks ?? [];
    this.#chunks = undefined;
    const init = { status: this.#status, headers: toWebHeaders(this.#headers) };
    if (NULL_BODY_STATUSES.has(this.#status)) return this.#give(new Response(null, init));
    if (!streamed && this.writableEnded) return this.#give(new Response(chunks.length === 0 ? null : new Uint8Array(Buffer.concat(chunks)), init));
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller = controller;
          for (const chunk of chunks) controller.enqueue(chunk);
        },
        pull: () => {
          const waiting = this.#waiting;
          this.#waiting = undefined;
          waiting?.();
        },
        // The reader stopped (the client went away): for the transport, the connection closed.
        cancel: () => this.abandon(),
      },
      { highWaterMark: STREAM_HIGH_WATER_BYTES, size: (chunk) => chunk.byteLength },
    );
    this.#give(new Response(body, init));
  }
}

function toWebHeaders(headers: OutgoingHttpHeaders): Headers {
  const web = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    if (Array.isArray(value)) for (const item of value) web.append(name, item);
    else web.set(name, String(value));
  }
  return web;
}
