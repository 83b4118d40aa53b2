// A 2025 session lives in the process that created it. Behind one listening socket shared by
// several processes (node:cluster), a request for another process's session is passed to that
// process's private loopback port, streamed both ways (SSE included), and its answer passed back.
// The owner counts it as the original client's (rate limits): the forwarding worker names that
// client, with the owner's secret, which only the workers know, so no one else can name a client.
import { timingSafeEqual } from 'node:crypto';
import type { ForwardTarget } from '../options.js';
import { request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { HttpRequest, HttpResponse } from '../messages.js';
import { pipeline } from 'node:stream';
import { ErrorCode } from '../../../jsonrpc/errors.js';
import { FORWARDED_HEADER } from '../handler.js';
import { sendError } from '../reply.js';

/** Who the forwarding worker says sent a request (its address as that worker read it). */
const CLIENT_HEADER = 'x-zod-mcp-client-address';

/** The requests that came to a private port from another worker, and the client each named. */
const forwardedClients = new WeakMap<IncomingMessage, string>();

/** Headers of one connection only (RFC 9110 §7.6.1), never passed on, and the ones `Connection` names. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-connection'];

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name) && !named.includes(name)),
  );
}

/**
 * Passes `req` to `target` as it came (method, path, headers, body) and its answer back to `res`: Node's own request
 * and response.
 */
export function forward(
  incoming: HttpRequest,
  response: HttpResponse,
  target: ForwardTarget,
  clientAddress: string | undefined,
): void {
  const req = incoming as IncomingMessage;
  const res = response as ServerResponse;
  const headers = { ...endToEnd(req.headers), [FORWARDED_HEADER]: target.secret, [CLIENT_HEADER]: clientAddress ?? '' };
  const upstream = request({ host: target.host, port: target.port, method: req.method, path: req.url, headers });
  upstream.on('response', (answer) => {
    res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
    // The owner's side ending early (its process gone) ends the client's too: it must not hang.
    pipeline(answer, res, (error) => {
      if (error !== undefined && error !== null) res.destroy();
    });
  });
  upstream.on('error', () => {
    if (!res.headersSent)
      sendError(res, 502, 'the process that holds this session did not answer', { code: ErrorCode.InternalError });
    else res.destroy();
  });
  // The client leaving ends the forwarded request too, so the owner sees it leave (a GET stream, a cancel).
  res.once('close', () => upstream.destroy());
  req.pipe(upstream);
}

/**
 * The handler of a private port: a request that carries this worker's secret is served, as sent by
 * the client its forwarder names; any other (a local process that found the port) is refused.
 */
export function acceptForwarded(
  secret: string,
  serve: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  const expected = Buffer.from(secret);
  return (req, res) => {
    const given = Buffer.from(String(req.headers[FORWARDED_HEADER] ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return sendError(res, 403, 'this port takes only the requests the other workers of this server forward');
    }
    const client = req.headers[CLIENT_HEADER];
    if (typeof client === 'string' && client !== '') forwardedClients.set(req, client);
    serve(req, res);
  };
}

/**
 * The client a forwarded request came from, as the worker that forwarded it read it; undefined for any other request.
 */
export function forwardedClient(req: IncomingMessage): string | undefined {
  return forwardedClients.get(req);
}
