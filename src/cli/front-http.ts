// Serving a wire (a recorder, a replayed cassette) as a Streamable HTTP endpoint on loopback: each
// POSTed request answered with JSON, or with an SSE stream when the server sends something about it
// first (progress, a 2025 question, answered by a POST of its own); a 2025 `initialize` gets a
// session id. It serves one client at a time, for a recording or a test, not a deployment.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Frame, Wire } from '../client/wire.js';
import { ErrorCode, errorFrame } from '../jsonrpc/errors.js';
import { forwardedHeaders, type FrontOptions } from './front.js';

const MAX_BODY = 4 * 1024 * 1024;

export interface HttpFront {
  readonly url: string;
  /** Resolves when the front is stopped and every request in flight has its answer. */
  readonly done: Promise<void>;
}

export async function serveHttpFront(wire: Wire, port: number, options: FrontOptions = {}): Promise<HttpFront> {
  const server = createServer((request, response) => {
    void route(request, response).catch(() => response.destroy());
  });
  let session: string | undefined;
  const hosts = new Set<string>();

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!hosts.has(request.headers.host ?? ''))
      return plain(response, 403, 'this endpoint answers loopback hosts only');
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== '/mcp') return plain(response, 404, 'POST /mcp');
    if (request.method === 'DELETE') return plain(response, 200, '');
    if (request.method !== 'POST') return plain(response, 405, 'POST /mcp', { allow: 'POST, DELETE' });
    const frame = await readFrame(request);
    if (frame === undefined) return json(response, 400, errorFrame(undefined, ErrorCode.ParseError, 'one JSON object'));
    if (typeof frame.method !== 'string' || frame.id === undefined) {
      await wire.send(frame).catch(() => undefined);
      return plain(response, 202, '');
    }
    if (frame.method === 'initialize') session = randomUUID();
    const sessionHeader: Record<string, string> = session === undefined ? {} : { 'mcp-session-id': session };
    let streaming = false;
    const onMessage = (message: Frame) => {
      if (!streaming) {
        response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...sessionHeader });
        streaming = true;
      }
      response.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
    };
    let answer: Frame;
    try {
      answer = await wire.exchange(frame, onMessage, forwardedHeaders(frame, options));
      options.headers?.note(frame, answer);
    } catch (error) {
      answer = errorFrame(frame.id as string, ErrorCode.InternalError, (error as Error).message) as unknown as Frame;
    }
    if (streaming) response.end(`event: message\ndata: ${JSON.stringify(answer)}\n\n`);
    else json(response, 200, answer, sessionHeader);
    if (answer.error !== undefined) options.onError?.(frame, answer);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as { port: number };
  for (const host of ['127.0.0.1', 'localhost']) hosts.add(`${host}:${bound}`);
  const done = new Promise<void>((resolve) => {
    options.onStop?.(() => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  });
  return { url: `http://127.0.0.1:${bound}/mcp`, done };
}

async function readFrame(request: IncomingMessage): Promise<Frame | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk);
  }
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Frame) : undefined;
  } catch {
    return undefined;
  }
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function plain(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers }).end(text);
}
