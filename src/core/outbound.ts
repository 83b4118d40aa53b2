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

  /** Whether a request of ours with this id is waiting: a malformed frame with its id is then its (bad) answer. */
  has(id: unknown): boolean {
    return (typeof id === 'string' || typeof id === 'number') && this.#waiting.has(id);
  }

  /**
   * Sends one request through `send` and resolves with the client's result. An abort of `signal`
   * (the call was cancelled, timed out or stopped, or a sibling question failed) tells the client
   * with notifications/cancelled, through `cancelVia` when given, and rejects. Past `limit`
   * requests waiting on this connection, it refuses at once. A `send` that throws is a channel
   * that is gone: the request fails and nothing of it is left waiting.
   */
  request(
    method: string,
    params: unknown,
    send: (message: Request | Notification) => boolean,
    signal: AbortSignal,
    cancelVia: (message: Notification) => boolean = send,
  ): Promise<unknown> {
    if (this.#waiting.size >= this.limit) {
      return Promise.reject(
        new Error(`cannot ask the client: ${this.limit} requests to it are already waiting for answers`),
      );
    }
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    const id = ++this.#next;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (!this.#waiting.delete(id)) return;
        reject(signal.reason as Error);
        attempt(() =>
          cancelVia({
            jsonrpc: '2.0',
            method: 'notifications/cancelled',
            params: { requestId: id, reason: 'the request that asked has ended' },
          }),
        );
      };
      const settle =
        <V>(done: (value: V) => void) =>
        (value: V) => {
          signal.removeEventListener('abort', onAbort);
          done(value);
        };
      this.#waiting.set(id, { method, resolve: settle(resolve), reject: settle(reject) });
      signal.addEventListener('abort', onAbort, { once: true });
      const frame =
        params === undefined
          ? { jsonrpc: '2.0' as const, id, method }
          : { jsonrpc: '2.0' as const, id, method, params: params as Record<string, unknown> };
      if (!attempt(() => send(frame))) {
        this.#waiting.delete(id);
        signal.removeEventListener('abort', onAbort);
        reject(new Error('cannot ask the client: this connection carries no requests to it'));
      }
    });
  }

  /**
   * A frame from the client with the id of a request of ours: settles that request. A proper error
   * (an object with a numeric `code` and a string `message`) rejects it; a `result` resolves it;
   * anything else is a malformed answer, which rejects it. False when none is waiting for it (a
   * response to nothing, a duplicate, or one that came after its request ended).
   */
  deliver(frame: { id?: unknown; result?: unknown; error?: unknown }): boolean {
    if (!this.has(frame.id)) return false;
    const id = frame.id as RequestId;
    const waiting = this.#waiting.get(id)!;
    this.#waiting.delete(id);
    const { error } = frame;
    if (isErrorObject(error)) waiting.reject(new ClientError(waiting.method, error.code, error.message));
    else if ((error === undefined || error === null) && 'result' in frame) waiting.resolve(frame.result);
    else waiting.reject(new Error(`the client answered ${waiting.method} with a malformed response`));
    return true;
  }

  /** The connection is gone: every waiting request fails. */
  rejectAll(reason: string): void {
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const entry of waiting) entry.reject(new Error(reason));
  }
}

function isErrorObject(value: unknown): value is { code: number; message: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as { code?: unknown; message?: unknown };
  return typeof code === 'number' && typeof message === 'string';
}

/** Runs a send; false when it returned false or threw (a channel that is gone). */
function attempt(send: () => boolean): boolean {
  try {
    return send();
  } catch {
    return false;
  }
}
