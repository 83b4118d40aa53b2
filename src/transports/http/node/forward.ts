// A 2025 session lives in the process that created it. Behind one listening socket shared by
// several processes (node:cluster), a request for another process's session is passed to that
// process's private loopback port, streamed both ways (SSE included), and its answer passed back.
import type { ForwardTarget } from '../options.js';
import { request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { HttpRequest, HttpResponse } from '../messages.js';
import { pipeline } from 'node:stream';
import { ErrorCode } from '../../../jsonrpc/errors.js';
import { FORWARDED_HEADER } from '../handler.js';
import { sendError } from '../reply.js';

/** Headers of one connection only (RFC 9110 §7.6.1), never passed on, and the ones `Connection` names. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-connection'];

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name) && !named.includes(name)));
}

/** Passes `req` to `target` as it came (method, path, headers, body) and its answer back to `res`: Node's own request and response. */
export function forward(incoming: HttpRequest, response: HttpResponse, target: ForwardTarget): void {
  const req = incoming as IncomingMessage;
  const res = response as ServerResponse;
  const upstream = request({ host: target.host, port: target.port, method: req.method, path: req.url, headers: { ...endToEnd(req.headers), [FORWARDED_HEADER]: '1' } });
  upstream.on('response', (answer) => {
    res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
    // The owner's side ending early (its process gone) ends the client's too: it must not hang.
    pipeline(answer, res, (error) => {
      if (error !== undefined && error !== null) res.destroy();
    });
  });
  upstream.on('error', () => {
    if (!res.headersSent) sendError(res, 502, 'the process that holds this session did not answer', { code: ErrorCode.InternalError });
    else res.destroy();
  });
  // The client leaving ends the forwarded request too, so the owner sees it leave (a GET stream, a cancel).
  res.once('close', () => upstream.destroy());
  req.pipe(upstream);
}
