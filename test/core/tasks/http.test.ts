// Tasks over real transports: raw 2026 POSTs (Mcp-Name routing, statuses), a listen stream that
// follows a task to its end, and what the official SDK v2 client does with a task tool.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledServer, selectSet } from '../../../src/bundled/sets.js';
import { serveHttp, type HttpServerHandle } from '../../../src/node.js';
import { V2026, envelope } from '../../helpers/eras.js';
import { programJs } from '../../helpers/stdio-peer.js';
import { listenUntil, post } from '../../transports/http/helpers.js';

const TASKS = 'io.modelcontextprotocol/tasks';
const meta = (capabilities: object = { extensions: { [TASKS]: {} } }) =>
  envelope({ 'io.modelcontextprotocol/clientCapabilities': capabilities });

let handle: HttpServerHandle;
beforeAll(async () => {
  handle = await serveHttp(bundledServer(await selectSet('demo')), { port: 0, host: '127.0.0.1' });
});
afterAll(() => handle.close());

let id = 0;
function frameOf(method: string, params: Record<string, unknown>, capabilities?: object) {
  return { jsonrpc: '2.0', id: ++id, method, params: { ...params, _meta: meta(capabilities) } };
}
function headersOf(method: string, name: unknown): Record<string, string> {
  return {
    'mcp-protocol-version': V2026,
    'mcp-method': method,
    ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
  };
}
async function call(
  method: string,
  params: Record<string, unknown>,
  name: unknown,
  headers: Record<string, string> = {},
) {
  const res = await post(handle.url, frameOf(method, params), { ...headersOf(method, name), ...headers });
  return { status: res.status, body: JSON.parse(res.body) as Record<string, any> };
}

describe('tasks over HTTP (2026 POSTs)', () => {
  it('a slow_build call answers with a task; tasks/get finds it under its Mcp-Name; a wrong Mcp-Name is -32020 with 400', async () => {
    // The demo server's optional tools become tasks after 1000 ms; a 3 s build is one.
    const created = await call('tools/call', { name: 'slow_build', arguments: { seconds: 3 } }, 'slow_build');
    expect(created.status).toBe(200);
    expect(created.body.result).toMatchObject({
      resultType: 'task',
      status: 'working',
      statusMessage: expect.stringMatching(/^building: [01] of 3 s$/),
      pollIntervalMs: 1000,
    });
    const { taskId } = created.body.result;
    const got = await call('tasks/get', { taskId }, taskId);
    expect(got).toMatchObject({ status: 200, body: { result: { resultType: 'complete', taskId, status: 'working' } } });
    const wrong = await call('tasks/get', { taskId }, taskId, { 'mcp-name': 'another-task' });
    expect(wrong).toStrictEqual({
      status: 400,
      body: {
        jsonrpc: '2.0',
        id: id,
        error: {
          code: -32020,
          message: 'Header mismatch',
          data: `Mcp-Name header "another-task" does not match params.taskId "${taskId}"`,
        },
      },
    });
    expect((await call('tasks/cancel', { taskId }, taskId)).body.result).toMatchObject({ resultType: 'complete' });
  });

  it('without the extension, tasks/get is -32021 with 400, and slow_build runs to its answer', async () => {
    const res = await post(handle.url, frameOf('tasks/get', { taskId: 'x' }, {}), headersOf('tasks/get', 'x'));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({
      error: { code: -32021, data: { requiredCapabilities: { extensions: { [TASKS]: {} } } } },
    });
    const direct = await post(
      handle.url,
      frameOf('tools/call', { name: 'slow_build', arguments: { seconds: 1 } }, {}),
      headersOf('tools/call', 'slow_build'),
    );
    expect(JSON.parse(direct.body)).toMatchObject({
      result: { resultType: 'complete', content: [{ type: 'text', text: 'built in 1 s' }] },
    });
  });

  it('a listen stream that names the task hears every change of it, to the end', async () => {
    const created = await call('tools/call', { name: 'slow_build', arguments: { seconds: 4 } }, 'slow_build');
    expect(created.body.result).toMatchObject({ resultType: 'task', status: 'working' });
    const { taskId } = created.body.result;
    const listen = frameOf('subscriptions/listen', { notifications: { taskIds: [taskId] } });
    const messages = await listenUntil(
      handle.url,
      headersOf('subscriptions/listen', undefined),
      listen,
      (message) => message.params?.status === 'completed',
      10_000,
    );
    expect(messages[0]).toMatchObject({
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { taskIds: [taskId] } },
    });
    const updates = messages.slice(1);
    expect(
      updates.every((message) => message.method === 'notifications/tasks' && message.params.taskId === taskId),
    ).toBe(true);
    expect(updates.at(-1)!.params).toMatchObject({
      _meta: { 'io.modelcontextprotocol/subscriptionId': listen.id },
      taskId,
      status: 'completed',
      result: { content: [{ type: 'text', text: 'built in 4 s' }], isError: false },
    });
    expect(updates.map((message) => message.params.statusMessage).filter(Boolean)).toContain('building: 3 of 4 s');
  });
});

describe('the SDK v2 client (2.4.0) and a task tool', () => {
  it('declares no tasks extension, so slow_build runs to its answer for it', async () => {
    const client = new Client(
      { name: 'v2', version: '2.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } as never },
    );
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [programJs, 'serve', '--demo'], stderr: 'pipe' }),
    );
    try {
      expect(await client.callTool({ name: 'slow_build', arguments: { seconds: 1 } })).toMatchObject({
        content: [{ type: 'text', text: 'built in 1 s' }],
        isError: false,
      });
    } finally {
      await client.close();
    }
  });

  it('told to declare the extension, it gets the task and does not know what to do with it', async () => {
    const client = new Client(
      { name: 'v2', version: '2.0.0' },
      {
        capabilities: { extensions: { [TASKS]: {} } } as never,
        versionNegotiation: { mode: { pin: '2026-07-28' } } as never,
      },
    );
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [programJs, 'serve', '--demo'], stderr: 'pipe' }),
    );
    try {
      await expect(client.callTool({ name: 'slow_build', arguments: { seconds: 3 } })).rejects.toThrow(
        "Unsupported result type 'task' for tools/call",
      );
    } finally {
      await client.close();
    }
  });
});
