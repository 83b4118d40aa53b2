// A 2025 session lives in the process that created it. Behind one listening socket shared by
// several processes (node:cluster), a request for another process's session is passed to that
// process's private loopback port, streamed both ways (SSE included), and its answer passed back.
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { ErrorCode } from '../../jsonrpc/errors.js';
import { sendError } from './reply.js';

export interface ForwardTarget {
  readonly host: string;
  readonly port: number;
}

/** Passes `req` to `target` as it came (method, path, headers, body) and its answer back to `res`. */
export function forward(req: IncomingMessage, res: ServerResponse, target: ForwardTarget): void {
  const upstream = request({ host: target.host, port: target.port, method: req.method, path: req.url, headers: req.headers });
  upstream.on('response', (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) sendError(res, 502, 'the process that holds this session did not answer', { code: ErrorCode.InternalError });
    else res.destroy();
  });
  // The client leaving ends the forwarded request too, so the owner sees it leave (a GET stream, a cancel).
  res.once('close', () => upstream.destroy());
  req.pipe(upstream);
}
