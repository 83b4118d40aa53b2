import type { Notification, Response } from '../../schemas/jsonrpc.js';
import { McpServer, type McpServerOptions } from '../../src/server.js';
import type { Tool } from '../../src/features/tools/define.js';

/** A server plus a recorder for the notifications its default session sends. */
export function makeServer(tools: Tool[], options: Partial<McpServerOptions> = {}) {
  const server = new McpServer({ name: 'test-server', version: '1.2.3', tools, ...options });
  const sent: Notification[] = [];
  const session = server.createSession({ notify: (notification) => sent.push(notification) });
  const handle = (frame: unknown): Promise<Response | null> => server.handle(frame, { session });
  return { server, session, sent, handle };
}

export const request = (id: number | string, method: string, params?: unknown) =>
  params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };

export const callTool = (id: number | string, name: string, args?: unknown, meta?: unknown) =>
  request(id, 'tools/call', {
    name,
    ...(args === undefined ? {} : { arguments: args }),
    ...(meta === undefined ? {} : { _meta: meta }),
  });

export const textResult = (id: number | string, text: string, isError = false) => ({
  jsonrpc: '2.0',
  id,
  result: { content: [{ type: 'text', text }], isError },
});

/** Exact frame comparison, key order included. */
export function wire(value: unknown): string {
  return JSON.stringify(value);
}

/** The `result` of a success frame; fails the test on an error frame or no frame. */
export function resultOf<T>(response: Response | null): T {
  if (response === null || !('result' in response))
    throw new Error(`expected a result, got ${JSON.stringify(response)}`);
  return response.result as T;
}
