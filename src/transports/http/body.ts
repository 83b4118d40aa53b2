import type { HttpRequest } from './messages.js';

/** A body read in full, or why not: the client went away, it passed its size, its deadline, or the budget. */
/** `consumed`: something read the stream before (a body parser) and left nothing in `req.body`. */
export type BodyRead = { ok: true; body: Buffer } | { ok: false; reason: 'gone' | 'too-large' | 'late' | 'busy' | 'consumed' };

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

export interface BodyLimits {
  /** Bytes one body may have. */
  readonly maxBytes: number;
  /** How long it may take to arrive, from when it is read. */
  readonly timeoutMs: number;
  readonly budget: BodyBudget;
}

/**
 * The whole body, within `limits`. Only bytes received count against the budget (a declared
 * Content-Length takes nothing), and they are given back once the read settles. Past a limit the
 * rest is read and dropped rather than the socket destroyed, so the client still receives the
 * answer (which closes the connection). A stream a framework already read gives what its body
 * parser left in `req.body` instead.
 */
export function readBody(req: HttpRequest, limits: BodyLimits): Promise<BodyRead> {
  return new Promise((resolve) => {
    if (req.readableEnded) return resolve(readParsedBody(req.body, limits.maxBytes));
    if (req.destroyed) return resolve({ ok: false, reason: 'gone' });
    if (Number(req.headers['content-length']) > limits.maxBytes) {
      req.resume();
      return resolve({ ok: false, reason: 'too-large' });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (read: BodyRead) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Every listener goes: a long-lived answer (a listen stream) must not keep the chunks, the
      // timer and these closures alive with its request.
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onGone);
      req.off('error', onGone);
      req.on('error', ignoreError); // a late error on a settled request is nobody's business, and must not go unhandled
      limits.budget.give(size);
      if (!read.ok) req.resume();
      resolve(read);
    };
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > limits.maxBytes) return settle({ ok: false, reason: 'too-large' });
      if (!limits.budget.take(chunk.length)) return settle({ ok: false, reason: 'busy' });
      size += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = () => settle({ ok: true, body: Buffer.concat(chunks, size) });
    const onGone = () => settle({ ok: false, reason: 'gone' });
    const timer = setTimeout(() => settle({ ok: false, reason: 'late' }), limits.timeoutMs);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onGone);
    req.once('close', onGone);
  });
}

/**
 * A body a framework parsed already (Express's express.json(), express.raw(), express.text()):
 * bytes and text as they are, anything else as JSON.stringify makes it. What the parser let pass
 * is what is read: its own limit and strictness came first.
 */
function readParsedBody(parsed: unknown, maxBytes: number): BodyRead {
  let body: Buffer;
  if (Buffer.isBuffer(parsed)) body = parsed;
  else if (parsed instanceof Uint8Array) body = Buffer.from(parsed.buffer, parsed.byteOffset, parsed.byteLength);
  else if (typeof parsed === 'string') body = Buffer.from(parsed, 'utf8');
  else if (parsed === undefined) return { ok: false, reason: 'consumed' };
  else {
    const text = stringifyParsed(parsed);
    if (text === undefined) return { ok: false, reason: 'consumed' };
    body = Buffer.from(text, 'utf8');
  }
  return body.length > maxBytes ? { ok: false, reason: 'too-large' } : { ok: true, body };
}

function stringifyParsed(parsed: unknown): string | undefined {
  try {
    return JSON.stringify(parsed);
  } catch {
    return undefined; // a cycle or a BigInt: not something a JSON parser made
  }
}

function ignoreError(): void {}

/** JSON.parse, with failure as a value: a bad body is the client's error, never ours. */
export function parseJson(body: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}
