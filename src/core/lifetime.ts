// How a request that goes asynchronous can be ended early: by the client (cancel, a closed stream),
// by its timeout, or by shutdown. Every long-running method (tools/call, subscriptions/listen) uses it.

/** Why a call was aborted: each reason ends the call in its own way (see the method). */
export const AbortReason = {
  /**
   * The client sent notifications/cancelled or closed the request's stream: no response at all (MCP "Cancellation").
   */
  Cancelled: 'cancelled',
  /** The call ran past its timeout: a tool answers with an `isError` result saying so. */
  Timeout: 'timeout',
  /** The server is stopping: a tool answers with an `isError` result, a listen stream with its graceful end. */
  Shutdown: 'shutdown',
  /** A task outlived its ttlMs: its record is gone, and what the tool answers goes nowhere. */
  Expired: 'expired',
} as const;
export type AbortReason = (typeof AbortReason)[keyof typeof AbortReason];

/**
 * Why a transport's signal ended its request: a closed stream or a cancel, unless the transport
 * aborted it with `AbortReason.Shutdown` (a request that was still waiting when the server stopped).
 */
export function transportReason(signal: { readonly reason: unknown }): AbortReason {
  return signal.reason === AbortReason.Shutdown ? AbortReason.Shutdown : AbortReason.Cancelled;
}

/**
 * What a transport ends a request with when an AbortSignal would cost more than the request: read by
 * the core alone (`aborted`, `reason`, and one listener at a time per subscriber).
 */
export interface AbortSource {
  readonly aborted: boolean;
  readonly reason: unknown;
  /** Calls `listener` once when aborted; returns what unsubscribes it. */
  onAbort(listener: () => void): () => void;
}

/** An AbortSource without EventTarget machinery: the HTTP transport makes one per request. */
export class AbortFlag implements AbortSource {
  aborted = false;
  reason: unknown = undefined;
  #listeners: (() => void)[] = [];

  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener();
  }

  onAbort(listener: () => void): () => void {
    this.#listeners.push(listener);
    return () => {
      this.#listeners = this.#listeners.filter((each) => each !== listener);
    };
  }
}

/**
 * How a call in flight is aborted. It makes its `AbortSignal` only when the handler reads it: an
 * AbortController costs more than a whole small tool call, and most handlers never look.
 */
export class CallAbort {
  aborted = false;
  reason: unknown = undefined;
  #controller: AbortController | undefined;
  #listener: ((reason: unknown) => void) | undefined;

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.aborted) this.#controller.abort(this.reason);
    }
    return this.#controller.signal;
  }

  /** Like AbortController's: only the first abort counts. */
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.#controller?.abort(reason);
    this.#listener?.(reason);
  }

  /** The one listener `untilAborted` uses to stop waiting; `undefined` removes it. */
  listen(listener: ((reason: unknown) => void) | undefined): void {
    this.#listener = listener;
  }
}

/**
 * Settles with the promise, or rejects with the abort reason as soon as the call aborts (at once if it already has); a
 * late settlement is dropped, never unhandled.
 */
export function untilAborted<T>(promise: PromiseLike<T>, abort: CallAbort): Promise<T> {
  return new Promise((resolve, reject) => {
    if (abort.aborted) {
      reject(abort.reason);
      Promise.resolve(promise).catch(() => undefined);
      return;
    }
    abort.listen(reject);
    Promise.resolve(promise).then(
      (value) => {
        abort.listen(undefined);
        resolve(value);
      },
      (error: unknown) => {
        abort.listen(undefined);
        reject(error);
      },
    );
  });
}
