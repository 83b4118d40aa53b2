// A body as node:http delivers it: a stream of Buffers (or, behind a framework's body parser, what
// the parser left in `req.body`).
import type { IncomingMessage } from 'node:http';
import { declaresTooMuch, type BodyLimits, type BodyRead } from '../body.js';
import type { HttpRequest } from '../messages.js';
import { deadlinesOf } from './deadlines.js';

/**
 * What a Node request is besides its head: a stream, and what a body parser may have made of it (Express's
 * `express.json()`).
 */
type NodeRequest = IncomingMessage & { readonly body?: unknown };

/**
 * The whole body, within `limits`. Past a limit the rest is read and dropped rather than the socket
 * destroyed, so the client still receives the answer (which closes the connection). A stream a
 * framework already read gives what its body parser left in `req.body` instead.
 */
export function readNodeBody(request: HttpRequest, limits: BodyLimits): Promise<BodyRead> {
  const req = request as NodeRequest;
  return new Promise((resolve) => {
    if (req.readableEnded) return resolve(readParsedBody(req.body, limits.maxBytes));
    if (req.destroyed) return resolve({ ok: false, reason: 'gone' });
    if (declaresTooMuch(req.headers['content-length'], limits)) {
      req.resume();
      return resolve({ ok: false, reason: 'too-large' });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (read: BodyRead) => {
      if (settled) return;
      settled = true;
      deadlines.cancel(deadline);
      // Every listener goes: a long-lived answer (a listen stream) must not keep the chunks, the
      // deadline and these closures alive with its request.
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
    const onEnd = () => settle({ ok: true, text: Buffer.concat(chunks, size).toString('utf8') });
    const onGone = () => settle({ ok: false, reason: 'gone' });
    const deadlines = deadlinesOf(limits.timeoutMs);
    const deadline = deadlines.start(() => settle({ ok: false, reason: 'late' }));
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
  return body.length > maxBytes ? { ok: false, reason: 'too-large' } : { ok: true, text: body.toString('utf8') };
}

function stringifyParsed(parsed: unknown): string | undefined {
  try {
    return JSON.stringify(parsed);
  } catch {
    return undefined; // a cycle or a BigInt: not something a JSON parser made
  }
}

function ignoreError(): void {}
