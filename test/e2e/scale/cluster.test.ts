// `serve --http --workers 2 --redis`: two real worker processes behind one socket, sharing a real
// redis-server. Connections spread over both; a 2025 session made by one is served through either;
// a task started through one is polled and cancelled through the other; a worker killed is replaced
// while the other keeps answering; SIGTERM stops them all. And the refusals that keep it correct.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { V2026, envelope } from '../../helpers/eras.js';
import { describeWith } from '../../helpers/binaries.js';
import { freePort, startRedis, type RedisServer } from '../../helpers/redis.js';
import { programJs } from '../../helpers/stdio-peer.js';
import { startServe, type ServeProcess } from '../../helpers/serve-process.js';
import { initializeFrame, post, send } from '../../transports/http/helpers.js';

const KEY = { ZOD_MCP_STATE_KEY: 'a test secret of the cluster' };
const fresh = () => new Agent({ keepAlive: false }); // a new connection each time: the cluster hands each to a worker

let redis: RedisServer;
let served: ServeProcess;

async function pids(count: number): Promise<Set<number>> {
  const seen = new Set<number>();
  for (let i = 0; i < count; i++)
    seen.add(JSON.parse((await send(served.url, { method: 'GET', path: '/healthz', agent: fresh() })).body).pid);
  return seen;
}

const tasksMeta = () =>
  envelope({ 'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } } });
const modern = (method: string, name: string, params: object, id: number) =>
  post(
    served.url,
    { jsonrpc: '2.0', id, method, params: { ...params, _meta: tasksMeta() } },
    { 'mcp-protocol-version': V2026, 'mcp-method': method, 'mcp-name': name },
    fresh(),
  );

describeWith('redis-server')('serve --workers 2 --redis', () => {
  beforeAll(async () => {
    redis = await startRedis();
    served = await startServe(['--demo', '--port', '0', '--workers', '2', '--redis', redis.url], KEY);
  }, 30_000);
  afterAll(async () => {
    await served?.stop();
    await redis?.stop();
  });

  it('spreads connections over two worker processes', async () => {
    expect((await pids(12)).size).toBe(2);
  });

  it('serves a 2025 session through whichever worker a connection reaches', async () => {
    const init = await post(served.url, initializeFrame(), {}, fresh());
    const session = init.headers['mcp-session-id'] as string;
    expect(session).toMatch(/^w\d+\.[0-9a-f-]{36}$/);
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
    await post(served.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers, fresh());
    for (let i = 0; i < 10; i++) {
      const res = await post(
        served.url,
        { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'echo', arguments: { i } } },
        headers,
        fresh(),
      );
      expect(JSON.parse(res.body)).toStrictEqual({
        jsonrpc: '2.0',
        id: i,
        result: { content: [{ type: 'text', text: `echo({"i":${i}})` }], isError: false },
      });
    }
  });

  it('a session id that names a worker in another spelling (w01.) is unknown, never forwarded in a loop', async () => {
    for (const id of ['w01.x', 'w1.x', 'w2.x', 'w0.x', 'w99.x']) {
      const started = Date.now();
      const res = await post(
        served.url,
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
        fresh(),
      );
      expect(res.status).toBe(404);
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });

  it('a task started through one worker is read and cancelled through any', async () => {
    const created = JSON.parse(
      (await modern('tools/call', 'slow_build', { name: 'slow_build', arguments: { seconds: 30 } }, 1)).body,
    ).result;
    expect(created).toMatchObject({ resultType: 'task', status: 'working' });
    for (let i = 0; i < 6; i++) {
      expect(
        JSON.parse((await modern('tasks/get', created.taskId, { taskId: created.taskId }, 10 + i)).body).result.status,
      ).toBe('working');
    }
    await modern('tasks/cancel', created.taskId, { taskId: created.taskId }, 20);
    let status = '';
    for (let i = 0; i < 50 && status !== 'cancelled'; i++) {
      status = JSON.parse((await modern('tasks/get', created.taskId, { taskId: created.taskId }, 30 + i)).body).result
        .status;
      await sleep(20);
    }
    expect(status).toBe('cancelled');
  });

  it('replaces a worker that dies; the other answers meanwhile', { timeout: 30_000 }, async () => {
    const [victim] = await pids(6);
    process.kill(victim!, 'SIGKILL');
    // A connection the primary was handing to the worker as it died is lost (node:cluster does not
    // hand it to another): the client's timeout or retry covers it. Every other one is answered.
    const outcomes: string[] = [];
    for (let i = 0; i < 12; i++) {
      outcomes.push(
        await Promise.race([
          send(served.url, { method: 'GET', path: '/healthz', agent: fresh() }).then(
            (res) => String(res.status),
            () => 'error',
          ),
          sleep(2000).then(() => 'timeout'),
        ]),
      );
    }
    expect(outcomes.filter((outcome) => outcome !== '200').length).toBeLessThanOrEqual(1);
    let now = new Set<number>();
    for (let i = 0; i < 50 && !(now.size === 2 && !now.has(victim!)); i++) {
      await sleep(100);
      now = await pids(8);
    }
    expect(now.size).toBe(2);
    expect(now.has(victim!)).toBe(false);
    expect(served.stderr()).toMatch(
      new RegExp(`worker \\d+ \\(pid ${victim}\\) exited \\(SIGKILL\\); starting another`),
    );
  });
});

describeWith('redis-server')('serve --workers 2 --redis --rate-limit', () => {
  let own: RedisServer;
  let limited: ServeProcess;
  beforeAll(async () => {
    own = await startRedis();
    limited = await startServe(
      ['--demo', '--port', '0', '--workers', '2', '--redis', own.url, '--rate-limit', '1000/hour'],
      KEY,
    );
  }, 30_000);
  afterAll(async () => {
    await limited?.stop();
    await own?.stop();
  });

  it("a 2025 request forwarded to its session's worker is charged to its client, never to the forwarder's loopback address", async () => {
    // The client connects from 127.0.0.2: 127.0.0.1 can only be a worker forwarding to another.
    const from2 = () => new Agent({ keepAlive: false, localAddress: '127.0.0.2' });
    const init = await post(limited.url, initializeFrame(), {}, from2());
    const headers = {
      'mcp-session-id': init.headers['mcp-session-id'] as string,
      'mcp-protocol-version': '2025-06-18',
    };
    for (let i = 0; i < 10; i++) {
      const res = await post(
        limited.url,
        { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'echo', arguments: { i } } },
        headers,
        from2(),
      );
      expect(JSON.parse(res.body)).toStrictEqual({
        jsonrpc: '2.0',
        id: i,
        result: { content: [{ type: 'text', text: `echo({"i":${i}})` }], isError: false },
      });
    }
    const { createClient } = await import('@redis/client');
    const client = createClient({ url: own.url });
    await client.connect();
    try {
      expect(((await client.sendCommand(['KEYS', 'zod-mcp:rate:*'])) as string[]).sort()).toStrictEqual([
        'zod-mcp:rate:server|a:127.0.0.2',
      ]);
      // All 11 requests in the client's one bucket: 1000 less 11, and what refilled since (0.28 a second).
      const left = Number(await client.sendCommand(['HGET', 'zod-mcp:rate:server|a:127.0.0.2', 'l']));
      expect(left).toBeGreaterThanOrEqual(989);
      expect(left).toBeLessThan(991);
    } finally {
      await client.close();
    }
  });
});

describe('serve --workers: what it refuses', () => {
  it('several processes without a shared requestState key', async () => {
    await expect(startServe(['--port', '0', '--workers', '2'], { ZOD_MCP_STATE_KEY: '' })).rejects.toThrow(
      "serve: --workers 2 runs 2 processes, which must open each other's requestState: set ZOD_MCP_STATE_KEY to a secret of 16 or more characters, the same for every instance",
    );
  });

  it('workers that serve tasks without Redis', async () => {
    await expect(startServe(['--demo', '--port', '0', '--workers', '2'], KEY)).rejects.toThrow(
      'serve: --workers 2 runs 2 processes and serves tasks (slow_build): add --redis URL, so that every worker finds every task',
    );
  });

  it('workers with a rate limit without Redis: each would count a limit of its own', async () => {
    await expect(startServe(['--port', '0', '--workers', '2', '--rate-limit', '60/min'], KEY)).rejects.toThrow(
      'serve: --workers 2 runs 2 processes and --rate-limit would count in each: add --redis URL, so that every worker counts in the same buckets',
    );
  });
});

describe('serve: a start that fails ends the process', () => {
  it('one process whose Redis cannot be reached exits 1 at once', async () => {
    const port = await freePort();
    await expect(startServe(['--port', '0', '--redis', `redis://127.0.0.1:${port}`], KEY)).rejects.toThrow(
      /serve exited \(1\) before it served: .*cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+/s,
    );
  });

  it('workers that keep dying before they serve stop the whole server with exit code 1', {
    timeout: 60_000,
  }, async () => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [programJs, 'serve', '--http', '--port', '0', '--workers', '2', '--redis', `redis://127.0.0.1:${port}`],
      { env: { ...process.env, ...KEY }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(1);
    expect(stderr).toContain('workers died within 5000 ms of starting: stopping');
  });
});

describe('serve --workers: stopping', () => {
  it('SIGTERM drains every worker and the primary exits 0', async () => {
    const other = await startServe(['--port', '0', '--workers', '2'], KEY);
    expect(await other.stop('SIGTERM')).toBe(0);
    expect(other.stderr()).toContain('zod-mcp: stopping the workers');
  });

  it("exits 0 however the workers' exits and its news of them cross (8 stops in a row)", async () => {
    // The primary told the remaining workers of each exit; a send to one exiting meanwhile failed
    // with EPIPE as an unhandled 'error' event, and the primary exited 1 (3 stops in 30 under load).
    const codes: (number | string)[] = [];
    for (let round = 0; round < 8; round++) {
      const other = await startServe(['--port', '0', '--workers', '2'], KEY);
      codes.push(await other.stop('SIGTERM'));
    }
    expect(codes).toStrictEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  }, 60_000);
});
