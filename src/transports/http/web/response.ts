// The response the transport writes, collected into a web Response. An answer written whole in one
// turn (JSON, a refusal) becomes a body of bytes; one still being written (SSE) a streamed body,
// which the transport writes as the client reads it. The Response is given once the head is written.
import { encodeUtf8 } from '../../../runtime/bytes.js';
import type { HttpResponse, ResponseHeaders } from '../messages.js';

/**
 * What a streamed body holds unread before `write` says to wait (and `writableLength`, which the backlog bound reads,
 * grows).
 */
const STREAM_HIGH_WATER_BYTES = 64 * 1024;

/** Statuses a Response may not have a body with. */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

/** Headers of one connection (RFC 9110 §7.6.1): a web runtime owns its connections, and HTTP/2 refuses them. */
const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
]);

/** A client that went away before any answer gets a Response nobody reads (nginx's "client closed request"). */
export const CLIENT_GONE_STATUS = 499;

type Listener = () => void;

export class WebResponse implements HttpResponse {
  headersSent = false;
  writableEnded = false;
  writableFinished = false;
  destroyed = false;
  closed = false;
  /** Settles with the Response once its head is written, or once the response was cut before that. */
  readonly response: Promise<Response>;
  #give!: (response: Response) => void;
  #given = false;
  #status = 200;
  readonly #headers: Record<string, string | number | readonly string[]> = {};
  /** What was written before the body's form was chosen; after, `undefined` (a body of bytes or none takes no more). */
  #chunks: string[] | undefined = [];
  #controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  /** The client went away: a streamed body just stops, with no error for the runtime to report. */
  #abandoned = false;
  readonly #listeners = { close: new Set<Listener>(), finish: new Set<Listener>() };

  constructor() {
    this.response = new Promise((resolve) => {
      this.#give = resolve;
    });
  }

  get writableLength(): number {
    const controller = this.#controller;
    if (controller !== undefined) return Math.max(0, STREAM_HIGH_WATER_BYTES - (controller.desiredSize ?? 0));
    return (this.#chunks ?? []).reduce((sum, chunk) => sum + chunk.length, 0);
  }

  setHeader(name: string, value: number | string | readonly string[]): this {
    this.#headers[name.toLowerCase()] = value;
    return this;
  }

  writeHead(status: number, messageOrHeaders?: string | ResponseHeaders, more?: ResponseHeaders): this {
    if (this.headersSent) return this;
    const headers = (typeof messageOrHeaders === 'object' ? messageOrHeaders : more) ?? {};
    this.headersSent = true;
    this.#status = status;
    for (const [name, value] of Object.entries(headers))
      if (value !== undefined) this.#headers[name.toLowerCase()] = value;
    queueMicrotask(() => this.#giveResponse(false)); // by then an answer written whole has ended
    return this;
  }

  flushHeaders(): void {
    if (!this.headersSent) this.writeHead(200);
    this.#giveResponse(true);
  }

  /** False once the client holds `STREAM_HIGH_WATER_BYTES` unread (the bytes are queued all the same). */
  write(chunk: string): boolean {
    if (this.writableEnded || this.destroyed) return false;
    if (!this.headersSent) this.writeHead(200);
    const controller = this.#controller;
    if (controller === undefined) {
      this.#chunks?.push(chunk);
      return true;
    }
    controller.enqueue(encodeUtf8(chunk));
    return (controller.desiredSize ?? 0) > 0;
  }

  end(chunk?: string): this {
    if (this.writableEnded || this.destroyed) return this;
    if (chunk !== undefined) this.write(chunk);
    this.writableEnded = true;
    if (!this.headersSent) this.writeHead(200);
    this.#giveResponse(false); // written whole: the Response need not wait for the microtask
    this.#controller?.close();
    this.writableFinished = true;
    this.#emitLater('finish');
    this.#closeLater();
    return this;
  }

  /** Ends the response because its client went away (its request aborted, its body cancelled). */
  abandon(): void {
    this.#abandoned = true;
    this.destroy();
  }

  /**
   * Cuts the response: one that never had a head gets 499; a streamed body ends (left by its client) or errors (cut by
   * us).
   */
  destroy(): this {
    if (this.destroyed) return this;
    this.destroyed = true;
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
        else this.#controller.error(new Error('the response was cut before its end'));
      } catch {
        // the reader cancelled it: nothing is left to tell
      }
    }
    this.#closeLater();
    return this;
  }

  once(event: 'close' | 'finish', listener: Listener): this {
    const wrapped = Object.assign(
      () => {
        this.#listeners[event].delete(wrapped);
        listener();
      },
      { listener },
    );
    this.#listeners[event].add(wrapped);
    return this;
  }

  off(event: 'close' | 'finish', listener: Listener): this {
    for (const entry of this.#listeners[event]) {
      if (entry === listener || (entry as { listener?: Listener }).listener === listener) {
        this.#listeners[event].delete(entry);
        break;
      }
    }
    return this;
  }

  #emitLater(event: 'close' | 'finish'): void {
    queueMicrotask(() => {
      for (const listener of [...this.#listeners[event]]) listener();
    });
  }

  #closeLater(): void {
    if (this.closed) return;
    this.closed = true; // at once: nothing may wait for a 'close' that is already on its way
    this.#emitLater('close');
  }

  #giveResponse(streamed: boolean): void {
    if (this.#given) return;
    this.#given = true;
    const chunks = this.#chunks ?? [];
    this.#chunks = undefined;
    const init = { status: this.#status, headers: toWebHeaders(this.#headers) };
    if (NULL_BODY_STATUSES.has(this.#status)) return this.#give(new Response(null, init));
    if (!streamed && this.writableEnded)
      return this.#give(new Response(chunks.length === 0 ? null : encodeUtf8(chunks.join('')), init));
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller = controller;
          for (const chunk of chunks) controller.enqueue(encodeUtf8(chunk));
        },
        // The reader stopped (the client went away): for the transport, the connection closed.
        cancel: () => this.abandon(),
      },
      { highWaterMark: STREAM_HIGH_WATER_BYTES, size: (chunk) => chunk.byteLength },
    );
    this.#give(new Response(body, init));
  }
}

function toWebHeaders(headers: Record<string, string | number | readonly string[]>): Headers {
  const web = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (HOP_BY_HOP.has(name)) continue;
    if (Array.isArray(value)) for (const item of value as readonly string[]) web.append(name, item);
    else web.set(name, String(value));
  }
  return web;
}
