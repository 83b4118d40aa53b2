// The official SDK client (Client + StreamableHTTPClientTransport) against serveHttp.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HttpServerHandle } from '../../../src/node.js';
import { post, startServer } from './helpers.js';

let handle: HttpServerHandle;
let client: Client;
let transport: StreamableHTTPClientTransport;
let seen: unknown[];

beforeEach(async () => {
  seen = [];
  handle = await startServer({}, seen);
  client = new Client({ name: 'sdk-test', version: '1.0.0' });
  transport = new StreamableHTTPClientTransport(new URL(handle.url));
  await client.connect(transport);
});
afterEach(async () => {
  await client.close();
  await handle.close();
});

const text = (value: string, isError = false) => ({ content: [{ type: 'text', text: value }], isError });

describe('the SDK client over Streamable HTTP', () => {
  it('connects: latest protocol, a session id, our server info', () => {
    expect(transport.protocolVersion).toBe('2025-11-25');
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(client.getServerVersion()).toEqual({ name: 'test', version: '1.0.0' });
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: true }, logging: {} });
  });

  it('lists tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['echo', 'add', 'chatty', 'slow']);
    expect(tools[1]?.inputSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
  });

  it('calls echo', async () => {
    expect(await client.callTool({ name: 'echo', arguments: { x: 1 } })).toEqual(text('echo({"x":1})'));
  });

  it('gets isError results for an unknown tool and for invalid arguments', async () => {
    expect(await client.callTool({ name: 'nope', arguments: {} })).toEqual(text('unknown tool: nope', true));
    expect(await client.callTool({ name: 'add', arguments: { a: 'one' } })).toEqual(
      text('Invalid arguments for tool add: a: expected number, received string; b: missing, expected number', true),
    );
  });

  it('sees progress through onprogress', async () => {
    const progress: unknown[] = [];
    const result = await client.callTool({ name: 'chatty', arguments: {} }, undefined, {
      onprogress: (value) => progress.push(value),
    });
    expect(result).toEqual(text('done'));
    expect(progress).toEqual([
      { progress: 1, total: 2 },
      { progress: 2, total: 2 },
    ]);
  });

  it('receives log messages at or above the level it set', async () => {
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logs.push(notification.params);
    });
    await client.setLoggingLevel('warning');
    await client.callTool({ name: 'chatty', arguments: {} });
    expect(logs).toEqual([]);
    await client.setLoggingLevel('debug');
    await client.callTool({ name: 'chatty', arguments: {} });
    expect(logs).toEqual([{ level: 'info', data: 'halfway' }]);
  });

  it('cancels a call: the tool sees its signal abort as cancelled', async () => {
    const controller = new AbortController();
    const call = client.callTool({ name: 'slow', arguments: {} }, undefined, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 100)); // the call reaches the tool
    controller.abort('changed my mind');
    await expect(call).rejects.toThrow();
    await waitFor(() => seen.length > 0);
    expect(seen).toEqual(['cancelled']);
  });

  it('terminates its session with DELETE', async () => {
    const id = transport.sessionId;
    await transport.terminateSession();
    const res = await post(handle.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, { 'mcp-session-id': id ?? '' });
    expect(res.status).toBe(404);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
