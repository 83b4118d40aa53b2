// The health check and a graceful drain: what a load balancer and a SIGTERM see. Real sockets on
// loopback; a keep-alive connection opened before the drain shows what a client on it gets.
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, memoryTaskStore } from '../../../src/index.js';
import { serveHttp } from '../../../src/node.js';
import { V2026, envelope } from '../../helpers/eras.js';
import { post, send } from './helpers.js';

const slow = defineTool({
  name: 'slow',
  description: 'Answers after `ms`.',
  input: z.object({ ms: z.int() }),
  handler: async ({ ms }, { signal }) => (await sleep(ms, undefined, { signal }), `slept ${ms} ms`),
});
const job = defineTool({
  name: 'job',
  description: 'Always a task.',
  input: z.object({ ms: z.int() }),
  task: 'required',
  handler: async ({ ms }, { signal }) => (await sleep(ms, undefined, { signal }), `job of ${ms} ms`),
});

const TASKS = 'io.modelcontextprotocol/tasks';
const frame = (id: number, name: string, args: object, capabilities: object = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args, _meta: envelope({ 'io.modelcontextprotocol/clientCapabilities': capabilities }) },
});
const headers = (name: string) => ({ 'mcp-protocol-version': V2026, 'mcp-method': 'tools/call', 'mcp-name': name });

async function start(options: object = {}) {
  const store = memoryTaskStore();
  const server = new McpServer({ name: 's', version: '1', tools: [slow, job], tasks: { store, taskAfterMs: 10 } });
  const handle = await serveHttp(server, { port: 0, host: '127.0.0.1', ...options });
  return {
    handle,
    store,
    health: () => send(handle.url, { method: 'GET', path: '/healthz', headers: { host: '10.1.2.3:8080' } }),
  };
}

/** Opens a 2026 listen stream and resolves with everything it carried once it ends. */
function listen(url: string): { opened: Promise<void>; ended: Promise<string> } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const ended = new Promise<string>((resolve, reject) => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 'l',
      method: 'subscriptions/listen',
      params: { notifications: { toolsListChanged: true }, _meta: envelope() },
    });
    const req = httpRequest(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': V2026,
        'mcp-method': 'subscriptions/listen',
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('acknowledged')) open();
      });
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    req.end(body);
  });
  return { opened, ended };
}

describe('GET /healthz', () => {
  it('answers 200 with the instance state, whatever the Host (a load balancer asks by address)', async () => {
    const { handle, health } = await start();
    const res = await health();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(res.body)).toStrictEqual({ status: 'ok', pid: process.pid, inFlight: 0, sessions: 0, tasks: 0 });
    await handle.close();
  });

  it('can move or be turned off; it may not be the MCP path', async () => {
    const { handle } = await start({ healthPath: false });
    expect((await send(handle.url, { method: 'GET', path: '/healthz' })).status).toBe(404);
    await handle.close();
    await expect(
      serveHttp(new McpServer({ name: 's', version: '1', tools: [] }), { port: 0, healthPath: '/mcp' }),
    ).rejects.toThrow('serveHttp: invalid options: healthPath: it is the MCP path (/mcp)');
  });
});

describe('drain', () => {
  it('says 503 on open connections, ends listen streams gracefully, lets calls and tasks in flight finish, then closes', async () => {
    const { handle, store } = await start();
    // A client halfway through sending a request when the drain begins: its connection stays open.
    const halfway = connect({ host: '127.0.0.1', port: handle.port });
    await new Promise((resolve) => halfway.once('connect', resolve));
    halfway.write('GET /healthz HTTP/1.1\r\nHost: 10.1.2.3\r\n');
    const stream = listen(handle.url);
    await stream.opened;
    const call = post(handle.url, frame(1, 'slow', { ms: 400 }), headers('slow'));
    const task = JSON.parse(
      (await post(handle.url, frame(2, 'job', { ms: 500 }, { extensions: { [TASKS]: {} } }), headers('job'))).body,
    ).result;
    expect(task.resultType).toBe('task');
    await sleep(50);
    const drained = handle.drain({ timeoutMs: 5000 });
    const during = await new Promise<string>((resolve) => {
      let text = '';
      halfway.setEncoding('utf8');
      halfway.on('data', (chunk: string) => (text += chunk));
      halfway.on('end', () => resolve(text));
      halfway.write('\r\n');
    });
    expect(during).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(during).toContain('connection: close');
    expect(JSON.parse(during.slice(during.indexOf('\r\n\r\n') + 4))).toMatchObject({
      status: 'draining',
      inFlight: 1,
      tasks: 1,
    }); // the slow call; the listen stream has ended;
    expect((await stream.ended).split('\n').at(-3)).toBe(
      'data: {"jsonrpc":"2.0","id":"l","result":{"resultType":"complete","_meta":{"io.modelcontextprotocol/subscriptionId":"l","io.modelcontextprotocol/serverInfo":{"name":"s","version":"1"}}}}',
    );
    // A new connection is refused: the balancer sends it to another instance.
    const fresh = new Agent({ keepAlive: false });
    await expect(post(handle.url, frame(3, 'slow', { ms: 0 }), headers('slow'), fresh)).rejects.toThrow('ECONNREFUSED');
    expect(JSON.parse((await call).body).result.content[0].text).toBe('slept 400 ms');
    await drained;
    expect(await store.get(task.taskId)).toMatchObject({
      status: 'completed',
      result: { content: [{ text: 'job of 500 ms' }], isError: false },
    });
  });

  it('stops what is still running when its time is up', async () => {
    const { handle } = await start();
    const call = post(handle.url, frame(1, 'slow', { ms: 10_000 }), headers('slow'));
    await sleep(50);
    const started = Date.now();
    await handle.drain({ timeoutMs: 200 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(JSON.parse((await call).body).result).toMatchObject({
      content: [{ text: 'tool slow was stopped: the server is shutting down' }],
      isError: true,
    });
  });
});
