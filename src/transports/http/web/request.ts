// A web Request as the request the transport reads: its head as node:http would give it, and its
// body read from the Request's stream within the limits. Headers says a repeated header once, its
// values joined with ", " (so does node, but for a few names): `headersDistinct` holds that one value.
import { declaresTooMuch, type BodyLimits, type BodyRead } from '../body.js';
import type { HttpRequest } from '../messages.js';

/** Keeps a BOM, as Node's `buffer.toString()` does: a body that starts with one is not JSON on either. */
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

export interface WebHttpRequest extends HttpRequest {
  readonly request: Request;
  /** Aborted once the answer is done: a body still arriving is no longer read. */
  readonly answered: AbortController;
}

export function toHttpRequest(request: Request): WebHttpRequest {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  const headersDistinct: Record<string, string[]> = {};
  for (const [name, value] of request.headers) {
    headers[name] = value;
    headersDistinct[name] = [value];
  }
  // A runtime that keeps Host out of the headers built the URL from it.
  if (headers.host === undefined) {
    headers.host = url.host;
    headersDistinct.host = [url.host];
  }
  return {
    method: request.method,
    url: `${url.pathname}${url.search}`,
    scheme: url.protocol.slice(0, -1),
    headers,
    headersDistinct,
    request,
    answered: new AbortController(),
  };
}

/**
 * The whole body, within `limits`. Past a limit, or once its client or its answer is gone, the
 * body's stream is cancelled: the runtime still sends the answer. A body something read before
 * (a middleware's `c.req.json()`) is `consumed`.
 */
export async function readWebBody(req: HttpRequest, limits: BodyLimits): Promise<BodyRead> {
  const { request, answered } = req as WebHttpRequest;
  if (request.bodyUsed) return { ok: false, reason: 'consumed' };
  if (request.signal.aborted || answered.signal.aborted) return { ok: false, reason: 'gone' };
  if (declaresTooMuch(req.headers['content-length'], limits)) {
    void request.body?.cancel().catch(ignore);
    return { ok: false, reason: 'too-large' };
  }
  if (request.body === null) return { ok: true, text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let stop!: (refusal: BodyRead) => void;
  const stopped = new Promise<BodyRead>((resolve) => (stop = resolve));
  const timer = setTimeout(() => stop({ ok: false, reason: 'late' }), limits.timeoutMs);
  const onGone = () => stop({ ok: false, reason: 'gone' });
  request.signal.addEventListener('abort', onGone, { once: true });
  answered.signal.addEventListener('abort', onGone, { once: true });
  try {
    for (;;) {
      const next = await Promise.race([
        reader.read().then(
          (chunk) => ({ chunk }),
          () => ({ refusal: { ok: false, reason: 'gone' } as BodyRead }),
        ),
        stopped.then((refusal) => ({ refusal })),
      ]);
      if ('refusal' in next) {
        void reader.cancel().catch(ignore);
        return next.refusal;
      }
      const { done, value } = next.chunk;
      if (done) break;
      if (size + value.byteLength > limits.maxBytes) return cancelled(reader, { ok: false, reason: 'too-large' });
      if (!limits.budget.take(value.byteLength)) return cancelled(reader, { ok: false, reason: 'busy' });
      size += value.byteLength;
      chunks.push(value);
    }
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onGone);
    answered.signal.removeEventListener('abort', onGone);
    limits.budget.give(size);
  }
  return { ok: true, text: utf8.decode(concat(chunks, size)) };
}

function cancelled(reader: ReadableStreamDefaultReader<Uint8Array>, read: BodyRead): BodyRead {
  void reader.cancel().catch(ignore);
  return read;
}

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

function ignore(): void {}
