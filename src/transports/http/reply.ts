// Writing answers: JSON bodies, HTTP-level errors, and SSE streams.
import type { HttpResponse, ResponseHeaders } from './messages.js';
import { unrefTimer, writeDiagnostic, type Timer } from '../../runtime/host.js';
import { utf8Length } from '../../runtime/bytes.js';
import type { Message, Notification, Response } from '../../../schemas/jsonrpc.js';
import { ErrorCode, errorFrame } from '../../jsonrpc/errors.js';
import { createBacklogCheck, describeDrops } from '../backlog.js';
import { serializeFrame } from '../serialize.js';

/** Said once per process: many clients may read slowly, and one line tells the operator why. */
const dropsOverBacklog = createBacklogCheck(() => writeDiagnostic(`zod-mcp: http: ${describeDrops('a client')}`));

/**
 * An HTTP-level refusal (403, 404, 413, ...). The body is a JSON-RPC error frame without an id (no
 * request was read, and no frame carries `"id": null`), so a client that only reads JSON-RPC still learns why; -32700
 * for bad JSON, -32603 for our own
 * failures, -32600 for everything else, with `data` saying what was wrong.
 */
export function sendError(
  res: HttpResponse,
  status: number,
  data: string | undefined,
  options: { code?: ErrorCode; headers?: ResponseHeaders } = {},
): void {
  sendJson(res, status, errorFrame(undefined, options.code ?? ErrorCode.InvalidRequest, data), options.headers);
}

/** 503 for a request over `maxConcurrentRequests`: the client may retry in a second. */
export function sendBusy(res: HttpResponse, limit: number): void {
  sendError(res, 503, `too many requests in flight (limit ${limit}); retry later`, { headers: { 'retry-after': '1' } });
}

export function sendJson(res: HttpResponse, status: number, body: Message, headers: ResponseHeaders = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = serializeFrame(body) ?? '';
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': utf8Length(text),
  });
  res.end(text);
}

export function sendEmpty(res: HttpResponse, status: number, headers: ResponseHeaders = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, headers);
  res.end();
}

export function startSse(res: HttpResponse, headers: ResponseHeaders = {}): void {
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
}

/**
 * One SSE event per message; JSON.stringify never emits a raw newline, so one `data:` line holds
 * it. A log message or progress is dropped while the stream holds over the backlog's bound unsent.
 */
export function writeSseMessage(res: HttpResponse, message: Notification | Response): void {
  if (res.writableEnded || res.destroyed || dropsOverBacklog(message, res.writableLength)) return;
  const text = serializeFrame(message);
  if (text !== undefined) res.write(`event: message\ndata: ${text}\n\n`);
}

/**
 * A comment line every `ms` on an open SSE stream, so proxies do not cut it; never after its end. The caller clears it.
 */
export function startKeepAlive(res: HttpResponse, ms: number): Timer {
  return unrefTimer(
    setInterval(() => {
      if (!res.writableEnded && !res.destroyed) res.write(': keep-alive\n\n');
    }, ms),
  );
}

/**
 * The answer to one POSTed request: plain JSON, unless a notification comes first; then the
 * response turns into an SSE stream of the notifications, then the response, then it ends. A
 * stream that stays open (a long call, a subscriptions/listen) carries a comment line every
 * `keepAliveMs`, so proxies do not cut it.
 */
export function createRequestReply(res: HttpResponse, headers: ResponseHeaders, keepAliveMs: number, isRequest = true) {
  let streaming = false;
  let keepAlive: Timer | undefined;
  const stopKeepAlive = () => clearInterval(keepAlive);
  const startStream = () => {
    startSse(res, headers);
    streaming = true;
    keepAlive = startKeepAlive(res, keepAliveMs);
    res.once('close', stopKeepAlive);
  };
  return {
    notify(notification: Notification): void {
      if (res.writableEnded || res.destroyed) return;
      if (!streaming) startStream();
      writeSseMessage(res, notification);
    },
    /**
     * `null`: the call was cancelled, and MCP sends no response to a cancelled request. `status`:
     * the HTTP status a 2026 answer takes when it goes as JSON; 2025 answers are 200, or 400 for an
     * error without an id.
     */
    finish(response: Response | null, status?: number): void {
      stopKeepAlive();
      if (res.writableEnded || res.destroyed) return;
      if (streaming) {
        if (response !== null) writeSseMessage(res, response);
        res.end();
      } else if (response === null && isRequest) {
        // A cancelled request: MCP sends it no response, but a POSTed request must be answered with
        // a stream or JSON (Streamable HTTP), so it gets a stream that ends with no event.
        startSse(res, headers);
        res.end();
      } else if (response === null) {
        sendEmpty(res, 202, headers);
      } else {
        sendJson(res, status ?? (isUnaddressedError(response) ? 400 : 200), response, headers);
      }
    },
  };
}

/** An error frame without an id answers a message that was not a usable request: a 400, not a 200. */
export function isUnaddressedError(response: Response): boolean {
  return 'error' in response && response.id === undefined;
}
