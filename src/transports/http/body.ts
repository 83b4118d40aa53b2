// Request bodies: the limits every host reads them within, and JSON parsing. How the bytes arrive
// is the host's (node/body.ts, web/request.ts).

/** A body read in full, as text, or why not: the client went away, it passed its size, its deadline, or the budget. */
/** `consumed`: something read the body before (a body parser, a middleware) and left nothing of it. */
export type BodyRead = { ok: true; text: string } | { ok: false; reason: BodyRefusal };
export type BodyRefusal = 'gone' | 'too-large' | 'late' | 'busy' | 'consumed';

/** The bytes of all bodies being received at once: what slow clients could make this process hold. */
export interface BodyBudget {
  /** Takes `bytes` of the budget; false (nothing taken) when they do not fit. */
  take(bytes: number): boolean;
  give(bytes: number): void;
}

export function createBodyBudget(maxBytes: number): BodyBudget {
  let used = 0;
  return {
    take(bytes) {
      if (used + bytes > maxBytes) return false;
      used += bytes;
      return true;
    },
    give(bytes) {
      used -= bytes;
    },
  };
}

/**
 * What a host reads a body within. Only bytes received count against the budget (a declared
 * Content-Length takes nothing), and they are given back once the read settles.
 */
export interface BodyLimits {
  /** Bytes one body may have. */
  readonly maxBytes: number;
  /** How long it may take to arrive, from when it is read. */
  readonly timeoutMs: number;
  readonly budget: BodyBudget;
}

/**
 * What a host with a socket (Node) reads and drops of a body after answering before it was read,
 * so that a client still sending it reads the answer rather than a reset (node/linger.ts).
 */
export interface LingerLimits {
  /** How long, from the answer; 0: the connection closes at once, as node:http closes it. */
  readonly lingerMs: number;
  /** How many bytes. */
  readonly maxLingerBytes: number;
}

/** A declared Content-Length over the limit: refused before a byte is read. */
export function declaresTooMuch(contentLength: string | string[] | undefined, limits: BodyLimits): boolean {
  return Number(contentLength) > limits.maxBytes;
}

/** JSON.parse, with failure as a value: a bad body is the client's error, never ours. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
