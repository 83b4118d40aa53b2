// A mounted handler's stop, as a type of its own (the web-standard entry declares it without
// bringing in the Node-facing handler), and the stop of one still loading.

/** How a mounted handler stops; the framework's listener, and its connections, stay the application's. */
export interface HandlerShutdown {
  /**
   * New requests get 503; calls in flight are aborted (each answers with an `isError` result saying
   * the server is stopping) and given `closeGraceMs` to answer; responses still open are then cut.
   */
  close(): Promise<void>;
  /**
   * A graceful stop: new requests (and the health path, if any) get 503; listen and GET streams end;
   * calls and tasks in flight go on for up to `timeoutMs` (default `drainMs`); then `close()`.
   */
  drain(options?: { timeoutMs?: number }): Promise<void>;
}

/** `close()` and `drain()` of a handler still loading: each waits for it. */
export function shutdownOf(made: Promise<HandlerShutdown>): HandlerShutdown {
  return {
    close: () => made.then((handler) => handler.close()),
    drain: (options) => made.then((handler) => handler.drain(options)),
  };
}
