// The official SDK client against the spawned `node dist/program.js serve --demo`.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CAPABILITIES, PROGRESS_CALLS, callsWithEveryUpdate, realErrors } from '../../helpers/sdk-v2.js';
import { programJs } from '../../helpers/stdio-peer.js';

let client: Client;
let transport: StdioClientTransport;
const clientErrors: unknown[] = [];
const logs: unknown[] = [];

beforeAll(async () => {
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [programJs, 'serve', '--demo'],
    stderr: 'pipe',
  });
  client = new Client({ name: 'sdk-test-client', version: '1.0.0' });
  client.onerror = (error) => clientErrors.push(error);
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    logs.push(notification.params);
  });
  await client.connect(transport);
});

afterAll(async () => {
  await client.close();
});

describe('official SDK client over stdio', () => {
  it('negotiates and sees the server', () => {
    expect(client.getServerVersion()).toStrictEqual({ name: 'zod-mcp', version: '0.1.0' });
    expect(client.getServerCapabilities()).toStrictEqual(DEMO_CAPABILITIES);
  });

  it('lists the tools with their JSON Schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toStrictEqual([
      'echo',
      'add',
      'fail',
      'countdown',
      'console_log',
      'ask_name',
      'summarize',
      'slow_build',
      'show_chart',
    ]);
    expect(tools.find((tool) => tool.name === 'add')?.inputSchema).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        a: { type: 'number', description: 'first addend' },
        b: { type: 'number', description: 'second addend' },
      },
      required: ['a', 'b'],
    });
  });

  it('calls echo', async () => {
    expect(await client.callTool({ name: 'echo', arguments: { x: 1 } })).toStrictEqual({
      content: [{ type: 'text', text: 'echo({"x":1})' }],
      isError: false,
    });
  });

  it('gets structured content that matches the output schema', async () => {
    expect(await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })).toStrictEqual({
      content: [{ type: 'text', text: '{"sum":5}' }],
      structuredContent: { sum: 5 },
      isError: false,
    });
  });

  it('gets isError results for an unknown tool, invalid arguments and a throwing tool', async () => {
    expect(await client.callTool({ name: 'nope', arguments: {} })).toStrictEqual({
      content: [{ type: 'text', text: 'unknown tool: nope' }],
      isError: true,
    });
    expect(await client.callTool({ name: 'add', arguments: { a: 'one' } })).toStrictEqual({
      content: [
        {
          type: 'text',
          text: 'Invalid arguments for tool add: a: expected number, received string; b: missing, expected number',
        },
      ],
      isError: true,
    });
    expect(await client.callTool({ name: 'fail', arguments: { message: 'out of cheese' } })).toStrictEqual({
      content: [{ type: 'text', text: 'out of cheese' }],
      isError: true,
    });
  });

  it('sees progress through onprogress', async () => {
    const seen: unknown[] = [];
    // Progress is reported as each step starts, so the last one precedes the result by delayMs: the
    // SDK client handles notifications a microtask later than responses, and drops progress that
    // reaches it in the same read as its response.
    const result = await client.callTool({ name: 'countdown', arguments: { from: 3, delayMs: 20 } }, undefined, {
      onprogress: (progress) => seen.push(progress),
    });
    expect(result).toStrictEqual({ content: [{ type: 'text', text: 'liftoff after 3 steps' }], isError: false });
    // The steps 20 ms apart arrive; the last comes just before the answer (see callsWithEveryUpdate).
    expect(seen).toStrictEqual(
      [
        { progress: 0, total: 3, message: '3 to go' },
        { progress: 1, total: 3, message: '2 to go' },
        { progress: 2, total: 3, message: '1 to go' },
        { progress: 3, total: 3, message: 'liftoff' },
      ].slice(0, Math.max(3, seen.length)),
    );
  });

  it('gets the progress a tool reports just before it answers', async () => {
    const complete = await callsWithEveryUpdate((onprogress) =>
      client.callTool({ name: 'countdown', arguments: { from: 3, delayMs: 0 } }, undefined, { onprogress }),
    );
    expect(complete).toBeGreaterThanOrEqual(PROGRESS_CALLS - 1);
  });

  it('receives log messages at the level it set, and none below', async () => {
    logs.length = 0;
    await client.setLoggingLevel('warning');
    await client.callTool({ name: 'countdown', arguments: { from: 2, delayMs: 1 } });
    expect(logs).toStrictEqual([]);
    await client.setLoggingLevel('info');
    await client.callTool({ name: 'countdown', arguments: { from: 2, delayMs: 1 } });
    expect(logs).toStrictEqual([
      { level: 'info', data: 'step 1 of 2' },
      { level: 'info', data: 'step 2 of 2' },
    ]);
  });

  it('cancels a call with an AbortSignal, and the server answers the next call', async () => {
    const controller = new AbortController();
    const call = client.callTool({ name: 'countdown', arguments: { from: 100, delayMs: 50 } }, undefined, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort('changed my mind'), 100);
    await expect(call).rejects.toThrow('changed my mind');
    expect(await client.callTool({ name: 'echo', arguments: {} })).toStrictEqual({
      content: [{ type: 'text', text: 'echo({})' }],
      isError: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(realErrors(clientErrors)).toStrictEqual([]); // no stray response for the cancelled id
  });

  it('keeps working after a tool writes to console.log', async () => {
    expect(await client.callTool({ name: 'console_log', arguments: { text: 'hello stdout' } })).toStrictEqual({
      content: [{ type: 'text', text: 'logged: hello stdout' }],
      isError: false,
    });
    expect(await client.ping()).toStrictEqual({});
    expect(realErrors(clientErrors)).toStrictEqual([]);
  });
});
