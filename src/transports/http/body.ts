import type { IncomingMessage } from 'node:http';

/**
 * The whole body; `undefined` once it passes `limit` bytes; `null` when the client went away first.
 * Past the limit the rest is read and dropped rather than the socket destroyed, so the client still
 * receives the 413.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined | null> {
  return new Promise((resolve) => {
    if (Number(req.headers['content-length']) > limit) {
      req.resume();
      resolve(undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      req.off('end', onEnd);
      req.resume();
      resolve(undefined);
    };
    const onEnd = () => resolve(Buffer.concat(chunks, size));
    req.on('data', onData);
    req.once('end', onEnd);
    // Settling twice is a no-op: after 'end' these change nothing.
    req.once('error', () => resolve(null));
    req.once('close', () => resolve(null));
  });
}

/** JSON.parse, with failure as a value: a bad body is the client's error, never ours. */
export function parseJson(body: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}
