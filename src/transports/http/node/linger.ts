// An answer given before the request's body was read (413, 401, 403, 415, …) must reach a client
// that is still sending that body. node:http closes such a connection as soon as the answer is
// written, and closing a socket with bytes unread makes the kernel send a reset: the client, still
// writing, gets EPIPE or ECONNRESET, and often never reads the answer (RFC 9112 §9.6, the "TCP reset
// problem"). So the answer says `Connection: close`, the socket is half-closed once it is written
// (node:http's own end), and the rest of the body is read and dropped, for at most `lingerMs` and
// `maxLingerBytes`, before the socket closes: nginx's lingering close.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { LingerLimits } from '../body.js';

/**
 * Watches one request the handler answers. Until its body has arrived, an answer closes the
 * connection; an answer that leaves some of the body unread is followed by the lingering close
 * (with `lingerMs` 0, node:http closes it at once).
 */
export function lingerAfterEarlyAnswer(req: IncomingMessage, res: ServerResponse, limits: LingerLimits): void {
  const socket = req.socket as Socket | null | undefined; // none where a test harness makes the request
  if (socket === null || socket === undefined || !hasBodyToCome(req)) return;
  // node:http has no event before the head is written (an implicit head goes through writeHead
  // too), so writeHead is wrapped, as the on-headers package does: an answer whose request is not
  // all there yet says it closes the connection, and any other keeps node:http's own headers.
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!req.complete) this.setHeader('connection', 'close');
    return writeHead.apply(this, args as Parameters<typeof writeHead>);
  } as typeof writeHead;
  // Before node:http's own listener: it would drop the request's stream (so nothing could count
  // what arrives) unless something is reading it.
  res.prependOnceListener('finish', () => {
    if (!req.complete && !socket.destroyed && limits.lingerMs > 0) startLingering(req, socket, limits);
  });
}

/** A declared length above 0, or chunked: a request with no body has nothing left to read. */
function hasBodyToCome(req: IncomingMessage): boolean {
  if (req.complete || req.readableEnded) return false;
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) > 0);
}

function startLingering(req: IncomingMessage, socket: Socket, limits: LingerLimits): void {
  let dropped = 0;
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, limits.lingerMs);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limits.maxLingerBytes) close();
  });
  // All of it read: nothing is left unread, so closing sends no reset.
  req.once('end', close);
  req.on('error', () => undefined);
  socket.once('close', () => clearTimeout(timer));
  req.resume();
  // node:http ends the socket (FIN: the client reads the answer to its end) and destroys it once
  // that is written (`destroySoon`); the destroy waits for the body, or a bound, instead.
  process.nextTick(() => socket.removeListener('finish', socket.destroy));
}
