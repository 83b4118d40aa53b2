// How the client reaches a server: in process, a child's stdio, or Streamable HTTP. A wire only moves
// frames; what they mean (eras, questions, tasks) is the client's (client.ts).

export type Frame = Record<string, unknown>;

/** A message the server sent while a request was open: a notification, or (2025) a request of its own. */
export type OnMessage = (message: Frame) => void;

export interface Wire {
  /**
   * Sends a request and resolves with its response frame; every other message the server sends while
   * it is open goes to `onMessage`. `headers`: what a 2026 request carries over HTTP (others ignore them);
   * `signal`: the request given up (in process, the server cancels it; other wires ignore it).
   */
  exchange(
    request: Frame,
    onMessage: OnMessage,
    headers?: Readonly<Record<string, string>>,
    signal?: AbortSignal,
  ): Promise<Frame>;
  /** Sends a notification, or the response to a request the server sent. */
  send(message: Frame): Promise<void>;
  /** Ends the connection (the child exits, the 2025 HTTP session is deleted). */
  close(): Promise<void>;
}

/** The wire could not carry the exchange: a connection refused, a child that exited, an answer not JSON-RPC. */
export class WireError extends Error {
  /** The HTTP status, when an HTTP answer was the trouble. */
  readonly status: number | undefined;

  constructor(message: string, options: { cause?: unknown; status?: number } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'WireError';
    this.status = options.status;
  }
}

/** The server answered a request with a JSON-RPC error frame: its code, message and data as sent. */
export class RemoteError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(error: { code: number; message: string; data?: unknown }) {
    super(error.message);
    this.name = 'RemoteError';
    this.code = error.code;
    this.data = error.data;
  }

  /** The message, and `data` when it says more (a string, or an object's `reason`). */
  get detail(): string {
    if (typeof this.data === 'string' && !this.message.includes(this.data)) return `${this.message}: ${this.data}`;
    return this.message;
  }
}
