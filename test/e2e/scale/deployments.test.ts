// One suite, two deployments of `zod-mcp serve --http --demo`: three processes behind a real nginx
// (round-robin, no affinity) sharing a real redis-server, and one process with the in-memory
// stores. 2026 traffic needs no affinity: MRTR rounds, a task's polls and cancel, and a listen
// stream all work wherever each request lands. Behind nginx besides: an instance killed mid-run,
// 2025 sessions with affinity on Mcp-Session-Id, and 20,000 calls from 64 concurrent clients.
import { Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { V2026, envelope } from '../../helpers/eras.js';
import { describeWith } from '../../helpers/binaries.js';
import { instanceName, startNginx, type Nginx } from '../../helpers/nginx.js';
import { freePort, startRedis, type RedisServer } from '../../helpers/redis.js';
import { startServe, type ServeProcess } from '../../helpers/serve-process.js';
import { initializeFrame, listenUntil, post } from '../../transports/http/helpers.js';

const KEY = { ZOD_MCP_STATE_KEY: 'the secret all three instances share' };
const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };

interface Deployment {
  url: string;
  /** Behind nginx: the upstream ports of the requests with this Mcp-Method, from its log. Undefined for one process. */
  upstreamsOf: ((method: string, name?: string) => number[]) | undefined;
}

/** A raw 2026 request, with the headers a 2026 client sends. */
async function modern(
  url: string,
  method: string,
  params: Record<string, unknown>,
  name: string | undefined,
  id: number,
  agent?: Agent,
) {
  const frame = {
    jsonrpc: '2.0',
    id,
    method,
    params: { ...params, _meta: envelope({ 'io.modelcontextprotocol/clientCapabilities': TASKS }) },
  };
  const res = await post(
    url,
    frame,
    { 'mcp-protocol-version': V2026, 'mcp-method': method, ...(name === undefined ? {} : { 'mcp-name': name }) },
    agent,
  );
  return JSON.parse(res.body) as Record<string, any>;
}

/** What nginx's log says once it holds `count` lines of it, or after 2 s, whatever it holds then. */
async function logged(read: () => number[], count: number): Promise<number[]> {
  const deadline = Date.now() + 2_000;
  let lines = read();
  while (lines.length < count && Date.now() < deadline) {
    await sleep(20);
    lines = read();
  }
  return lines;
}

async function untilStatus(
  url: string,
  taskId: string,
  done: (status: string) => boolean,
  what: string,
  limitMs = 15_000,
) {
  const deadline = Date.now() + limitMs;
  for (let id = 1000; Date.now() < deadline; id++) {
    const frame = await modern(url, 'tasks/get', { taskId }, taskId, id);
    if (done(frame.result?.status)) return frame.result;
    await sleep(50);
  }
  throw new Error(`never: ${what}`);
}

function sharedScenarios(name: string, deployment: () => Deployment) {
  describeWith('redis-server', 'nginx')(name, () => {
    it('the SDK v2 client (2026) answers an elicitation: the call and its retry land anywhere', async () => {
      const { url, upstreamsOf } = deployment();
      const client = new ClientV2(
        { name: 'v2', version: '2.0.0' },
        { capabilities: { elicitation: {} }, versionNegotiation: { mode: { pin: '2026-07-28' } } as never },
      );
      client.setRequestHandler(
        'elicitation/create',
        async () => ({ action: 'accept', content: { name: 'Ada' } }) as never,
      );
      await client.connect(new HttpV2(new URL(url)));
      try {
        for (let i = 0; i < 3; i++)
          expect(await client.callTool({ name: 'ask_name', arguments: {} })).toMatchObject({
            content: [{ type: 'text', text: 'Hello, Ada!' }],
          });
      } finally {
        await client.close();
      }
      if (upstreamsOf === undefined) return; // one process: nothing crosses
      // nginx logs a request after its response is sent: the last line may come a moment after the client has it.
      const upstreams = await logged(() => upstreamsOf('tools/call', 'ask_name'), 6);
      expect(upstreams).toHaveLength(6); // 3 rounds and 3 retries
      expect(new Set(upstreams).size).toBeGreaterThan(1);
    });

    it('a task: created by one request, polled and cancelled by others', async () => {
      const { url, upstreamsOf } = deployment();
      const created = (
        await modern(url, 'tools/call', { name: 'slow_build', arguments: { seconds: 30 } }, 'slow_build', 1)
      ).result;
      expect(created).toMatchObject({ resultType: 'task', status: 'working' });
      for (let i = 0; i < 4; i++)
        expect((await modern(url, 'tasks/get', { taskId: created.taskId }, created.taskId, 2 + i)).result.status).toBe(
          'working',
        );
      expect((await modern(url, 'tasks/cancel', { taskId: created.taskId }, created.taskId, 9)).result).toMatchObject({
        resultType: 'complete',
      });
      expect(await untilStatus(url, created.taskId, (status) => status === 'cancelled', 'cancelled')).toMatchObject({
        status: 'cancelled',
      });
      if (upstreamsOf === undefined) return;
      const polls = await logged(() => upstreamsOf('tasks/get', created.taskId), 5);
      expect(polls.length).toBeGreaterThanOrEqual(5); // the 4 above, and those until it was cancelled
      expect(new Set(polls).size).toBe(3);
    });

    it('a listen stream hears a task that runs wherever it runs', async () => {
      const { url, upstreamsOf } = deployment();
      const created = (
        await modern(url, 'tools/call', { name: 'slow_build', arguments: { seconds: 3 } }, 'slow_build', 1)
      ).result;
      const listen = {
        jsonrpc: '2.0',
        id: 'l',
        method: 'subscriptions/listen',
        params: {
          notifications: { taskIds: [created.taskId] },
          _meta: envelope({ 'io.modelcontextprotocol/clientCapabilities': TASKS }),
        },
      };
      const frames = await listenUntil(
        url,
        { 'mcp-protocol-version': V2026, 'mcp-method': 'subscriptions/listen' },
        listen,
        (message) => message.params?.status === 'completed',
        15_000,
      );
      expect(frames[0]!.method).toBe('notifications/subscriptions/acknowledged');
      expect(frames.at(-1)!.params).toMatchObject({
        taskId: created.taskId,
        status: 'completed',
        result: { content: [{ text: 'built in 3 s' }] },
      });
      if (upstreamsOf === undefined) return;
      await sleep(200); // nginx logs the stream once it has ended
      const [ran, heard] = [upstreamsOf('tools/call', 'slow_build').at(-1), upstreamsOf('subscriptions/listen').at(-1)];
      expect([typeof ran, typeof heard]).toStrictEqual(['number', 'number']);
      expect(heard).not.toBe(ran); // the change crossed instances through Redis
    });

    it('20,000 calls from 64 concurrent clients: every one answered, exactly once, with its own answer', {
      timeout: 120_000,
    }, async () => {
      const { url } = deployment();
      const total = 20_000;
      const clients = 64;
      const answered = new Map<number, number>();
      let next = 0;
      const started = Date.now();
      await Promise.all(
        Array.from({ length: clients }, async () => {
          const agent = new Agent({ keepAlive: true, maxSockets: 1 });
          while (next < total && Date.now() - started < 100_000) {
            const id = next++;
            const frame = await modern(url, 'tools/call', { name: 'echo', arguments: { id } }, 'echo', id, agent);
            expect(frame.result?.content?.[0]?.text).toBe(`echo({"id":${id}})`);
            answered.set(frame.id as number, (answered.get(frame.id as number) ?? 0) + 1);
          }
          agent.destroy();
        }),
      );
      expect(answered.size).toBe(total);
      expect([...answered.values()].every((count) => count === 1)).toBe(true);
      const seconds = (Date.now() - started) / 1000;
      process.stderr.write(`${name}: ${total} calls in ${seconds.toFixed(1)} s (${Math.round(total / seconds)}/s)\n`);
    });
  });
}

let redis: RedisServer | undefined;
let instances: ServeProcess[] = [];
let ports: number[] = [];
let nginx: Nginx | undefined;
let single: ServeProcess | undefined;
beforeAll(async () => {
  redis = await startRedis();
  ports = [await freePort(), await freePort(), await freePort()];
  instances = await Promise.all(
    ports.map((port, index) =>
      startServe(
        [
          '--demo',
          '--port',
          String(port),
          '--redis',
          redis!.url,
          '--task-lease-ms',
          '1000',
          '--instance',
          instanceName(index),
        ],
        KEY,
      ),
    ),
  );
  nginx = await startNginx(ports);
  single = await startServe(['--demo', '--port', '0']);
}, 60_000);
afterAll(async () => {
  await nginx?.stop();
  await Promise.all([...instances, single].map((instance) => instance?.stop()));
  await redis?.stop();
});

sharedScenarios('three instances behind nginx, sharing Redis', () => ({
  url: nginx!.url,
  upstreamsOf: (method, name) =>
    nginx!
      .log()
      .filter((entry) => entry.method === method && (name === undefined || entry.name === name))
      .map((entry) => entry.upstream),
}));
sharedScenarios('one process, in memory', () => ({ url: single!.url, upstreamsOf: undefined }));

describeWith('redis-server', 'nginx')('behind nginx only', () => {
  it('2025 sessions (the SDK v1 client) work through nginx routing on the instance that starts Mcp-Session-Id; each stays on one instance', async () => {
    const client = new ClientV1({ name: 'v1', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { name: 'Grace' } }));
    const transport = new HttpV1(new URL(nginx!.url));
    await client.connect(transport);
    try {
      for (let i = 0; i < 5; i++)
        expect(await client.callTool({ name: 'echo', arguments: { i } })).toMatchObject({
          content: [{ text: `echo({"i":${i}})` }],
        });
      expect(await client.callTool({ name: 'ask_name', arguments: {} })).toMatchObject({
        content: [{ text: 'Hello, Grace!' }],
      });
    } finally {
      await client.close();
    }
    // Every request that carried the session id reached the same instance.
    const session = transport.sessionId;
    expect(session).toMatch(/^i[012]\.[0-9a-f-]{36}$/);
    const requests = nginx!.log().filter((entry) => entry.session === session);
    expect(requests.length).toBeGreaterThanOrEqual(7); // initialized, 6 calls, the answer to the elicitation, ...
    expect(new Set(requests.map((entry) => entry.upstream)).size).toBe(1);
  });

  it('an instance killed mid-task: the others keep answering, and its task fails once the lease runs out', async () => {
    const builds = () => nginx!.log().filter((entry) => entry.method === 'tools/call' && entry.name === 'slow_build');
    const before = builds().length;
    const created = (
      await modern(nginx!.url, 'tools/call', { name: 'slow_build', arguments: { seconds: 60 } }, 'slow_build', 1)
    ).result;
    expect(created.status).toBe('working');
    // nginx writes the line once it has answered, which may be just after the client read the answer.
    for (let i = 0; i < 100 && builds().length === before; i++) await sleep(10);
    expect(builds().length).toBe(before + 1);
    const owner = builds().at(-1)!.upstream;
    const victim = instances[ports.indexOf(owner)]!;
    // A 2025 session that lives on the same instance.
    let session = '';
    for (let i = 0; i < 6 && !session.startsWith(`${instanceName(ports.indexOf(owner))}.`); i++) {
      session = (await post(nginx!.url, initializeFrame())).headers['mcp-session-id'] as string;
    }
    expect(session.startsWith(`${instanceName(ports.indexOf(owner))}.`)).toBe(true);
    expect(await victim.stop('SIGKILL')).toBe('SIGKILL');
    // Its instance gone, the session is unknown wherever nginx sends it: 404, and the client starts over.
    const orphan = await post(
      nginx!.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' },
    );
    expect(orphan.status).toBe(404);
    for (let i = 0; i < 9; i++)
      expect(
        (await modern(nginx!.url, 'tools/call', { name: 'echo', arguments: { i } }, 'echo', 100 + i)).result.content[0]
          .text,
      ).toBe(`echo({"i":${i}})`);
    const failed = await untilStatus(
      nginx!.url,
      created.taskId,
      (status) => status === 'failed',
      'failed after the lease',
    );
    expect(failed).toMatchObject({
      status: 'failed',
      error: {
        code: -32603,
        message: 'Internal error',
        data: 'the server process running this task stopped (no heartbeat for 1000 ms)',
      },
    });
  });
});
