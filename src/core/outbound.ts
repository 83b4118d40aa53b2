// Requests this server sends to a 2025 client (elicitation/create, sampling/createMessage,
// roots/list), and the client's responses routed back to them. Bounded per connection.
import type { Notification, Request, RequestId } from '../../schemas/jsonrpc.js';

export const MAX_PENDING_REQUESTS = 32;

interface Waiting {
  readonly method: string;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

/** The client answered one of our requests with an error frame. */
export class ClientError extends Error {
  override name = 'ClientError';
  readonly method: string;
  readonly code: number;

  constructor(method: string, code: number, message: string) {
    super(`the client answered ${method} with error ${code}: ${message}`);
    this.method = method;
    this.code = code;
  }
}

export class Outbound {
  #next = 0;
  readonly #waiting = new Map<RequestId, Waiting>();
  readonly limit: number;

  constructor(limit = MAX_PENDING_REQUESTS) {
    this.limit = limit;
  }

  get size(): number {
    return this.#waiting.size;
  }

  /** Whether this connection ever sent the client a request: only then is a stray response worth a word. */
  get used(): boolean {
    return this.#next > 0;
  }

  /**
   * Sends one request through `send` and resolves with the client's result. An abort of `signal`
   * (the call was cancelled, timed out or stopped) tells the client with notifications/cancelled
   * and rejects. Past `limit` requests waiting on this connection, it refuses at once.
   */
  request(method: string, params: unknown, send: (message: Request | Notification) => boolean, signal: AbortSignal): Promise<unknown> {
    if (this.#waiting.size >= this.limit) {
      return Promise.reject(new Error(`cannot ask the client: ${this.limit} requests to it are already waiting for answers`));
    }
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    const id = ++this.#next;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (!this.#waiting.delete(id)) return;
        send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'the request that asked has ended' } });
        reject(signal.reason as Error);
      };
      const settle = <V>(done: (value: V) => void) => (value: V) => {
        signal.removeEventListener('abort', onAbort);
        done(value);
      };
      this.#waiting.set(id, { method, resolve: settle(resolve), reject: settle(reject) });
      signal.addEventListener('abort', onAbort, { once: true });
      const frame = params === undefined ? { jsonrpc: '2.0' as const, id, method } : { jsonrpc: '2.0' as const, id, method, params: params as Record<string, unknown> };
      if (!send(frame)) {
        this.#waiting.delete(id);
        signal.removeEventListener('abort', onAbort);
        reject(new Error('cannot ask the client: this connection carries no requests to it'));
      }
    });
  }

  /**
   * A response from the client: settles the request it answers. False when none is waiting for it
   * (a response to nothing, a duplicate, or one that came after its request ended).
   */
  deliver(frame: { id: RequestId; result?: unknown; error?: { code: number; message: string } }): boolean {
    const waiting = this.#waiting.get(frame.id);
    if (waiting === undefined) return false;
    this.#waiting.delete(frame.id);
    if (frame.error !== undefined) waiting.reject(new ClientError(waiting.method, frame.error.code, frame.error.message));
    else waiting.resolve(frame.result);
    return true;
  }

  /** The connection is gone: every waiting request fails. */
  rejectAll(reason: string): void {
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const entry of waiting) entry.reject(new Error(reason));
  }
}
