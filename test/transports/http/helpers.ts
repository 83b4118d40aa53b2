// Shared by the HTTP tests: a server on an ephemeral loopback port, raw requests with full header control.
import { request, type Agent, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { z } from 'zod';
import { McpServer, defineTool } from '../../../src/index.js';
import { serveHttp, type HttpOptions, type HttpServerHandle } from '../../../src/node.js';
import { echo } from '../../../src/demo.js';

export const PROTOCOL = '2025-06-18';

/** How many `slow` calls have started, in any server of this test file: a test waits for its calls to run, not for a time. */
export const slowCalls = { started: 0 };

/** Waits until `condition` holds (checked every 5 ms, for at most 10 s). */
export async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Waits until its call is aborted; `seen` records why, so tests can tell cancel from shutdown. */
export function createSlowTool(seen: unknown[] = []) {
  return defineTool({
    name: 'slow',
    description: 'Waits until aborted.',
    input: z.object({}),
    handler: (_args, { signal }) =>
      new Promise<string>(() => {
        slowCalls.started++;
        signal.addEventListener('abort', () => seen.push(signal.reason), { once: true });
      }),
  });
}

export const chatty = defineTool({
  name: 'chatty',
  description: 'Reports progress twice and logs once, then answers.',
  input: z.object({}),
  handler: (_args, { progress, log }) => {
    progress(1, 2);
    log('info', 'halfway');
    progress(2, 2);
    return 'done';
  },
});

export const add = defineTool({
  name: 'add',
  description: 'Adds two numbers.',
  input: z.object({ a: z.number(), b: z.number() }),
  handler: ({ a, b }) => String(a + b),
});

export async function startServer(options: HttpOptions = {}, seen: unknown[] = []): Promise<HttpServerHandle> {
  const server = new McpServer({ name: 'test', version: '1.0.0', tools: [echo, add, chatty, createSlowTool(seen)] });
  return serveHttp(server, { port: 0, host: '127.0.0.1', ...options });
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request over node:http, so Host and every other header are exactly what the test says. */
export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; path?: string; agent?: Agent } = {},
): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: options.path ?? target.pathname,
        method: options.method ?? 'POST',
        headers: options.headers ?? {},
        agent: options.agent,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export const postHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** POSTs one frame with the headers a well-behaved client sends. */
export function post(
  url: string,
  frame: unknown,
  headers: Record<string, string> = {},
  agent?: Agent,
): Promise<RawResponse> {
  return send(url, { headers: { ...postHeaders, ...headers }, body: JSON.stringify(frame), agent });
}

export const initializeFrame = (id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 'test-client', version: '1.0.0' } },
});

/** Initializes and returns the session id. */
export async function openSession(url: string, agent?: Agent): Promise<string> {
  const res = await post(url, initializeFrame(), {}, agent);
  const id = res.headers['mcp-session-id'];
  if (res.status !== 200 || typeof id !== 'string') throw new Error(`initialize failed: ${res.status} ${res.body}`);
  await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': id }, agent);
  return id;
}

export const callFrame = (id: number | string, name: string, args: Record<string, unknown> = {}, meta?: object) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args, ...(meta === undefined ? {} : { _meta: meta }) },
});

/** The exact body of an HTTP-level error: a JSON-RPC error frame with no id (none could be read). */
export function httpError(data: string, code = -32600, message = 'Invalid Request'): string {
  return JSON.stringify({ jsonrpc: '2.0', error: { code, message, data } });
}

/** Hands each complete SSE event (the text between blank lines) of a response to `onEvent`, as it arrives. */
export function onSseEvents(res: IncomingMessage, onEvent: (event: string) => void): void {
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    const events = buffer.split('\n\n');
    buffer = events.pop() ?? '';
    for (const event of events) onEvent(event);
  });
}

/**
 * POSTs a subscriptions/listen `frame` and collects the JSON-RPC messages its stream carries until
 * `done(message)` (then it hangs up), or rejects after `limitMs` with what it heard.
 */
export function listenUntil(
  url: string,
  headers: Record<string, string>,
  frame: unknown,
  done: (message: Record<string, any>) => boolean,
  limitMs: number,
): Promise<Record<string, any>[]> {
  return new Promise((resolve, reject) => {
    const seen: Record<string, any>[] = [];
    let finished = false;
    const req = request(url, { method: 'POST', headers: { ...postHeaders, ...headers } });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no end within ${limitMs} ms: ${JSON.stringify(seen)}`));
    }, limitMs);
    req.on('error', (error) => (finished ? undefined : reject(error)));
    req.on('response', (res) =>
      onSseEvents(res, (event) => {
        if (!event.startsWith('event: message')) return;
        const message = JSON.parse(event.slice(event.indexOf('data: ') + 'data: '.length)) as Record<string, any>;
        seen.push(message);
        if (!done(message)) return;
        finished = true;
        clearTimeout(timer);
        req.destroy();
        resolve(seen);
      }),
    );
    req.end(JSON.stringify(frame));
  });
}
