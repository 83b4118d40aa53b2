// A Redis that takes the connection and then says nothing (SIGSTOP): every command has a deadline,
// so a request that needs Redis fails with the reason in that time, and once the outage is known at
// once (only the probe asks Redis); one that does not need it is served as ever, the health check
// says the store is down, the outage is told once and its end once more.
import { Agent, get } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool } from '../../src/index.js';
import { serveHttp, type HttpServerHandle } from '../../src/node.js';
import { redisRateLimits, redisTaskStore, type RedisTaskStore } from '../../src/redis.js';
import { V2026, envelope } from '../helpers/eras.js';
import { describeWith } from '../helpers/binaries.js';
import { startRedis, type RedisServer } from '../helpers/redis.js';
import { startServe, type ServeProcess } from '../helpers/serve-process.js';
import { post } from '../transports/http/helpers.js';

const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'outage', version: '1.0.0' } };
const TASKS = { 'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } } };

const echo = defineTool({
  name: 'echo',
  description: 'Says it back.',
  input: z.object({ text: z.string() }),
  handler: ({ text }) => text,
});
const build = defineTool({
  name: 'build',
  description: 'Always a task.',
  input: z.object({}),
  task: 'required',
  handler: async () => 'built',
});

let redis: RedisServer;
let stopped = false;
const pause = () => ((stopped = true), redis.process.kill('SIGSTOP'));
const resume = () => ((stopped = false), redis.process.kill('SIGCONT'));
beforeAll(async () => {
  redis = await startRedis();
});
afterEach(() => {
  if (stopped) resume();
});
afterAll(() => redis?.stop());

/** A 2026 request; it must be answered within `limitMs` (a hung one fails the test, saying so). */
async function modern(
  url: string,
  id: number,
  method: string,
  params: Record<string, unknown>,
  name?: string,
  limitMs = 5000,
) {
  const frame = { jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope(TASKS) } };
  const answer = post(url, frame, {
    'mcp-protocol-version': V2026,
    'mcp-method': method,
    ...(name === undefined ? {} : { 'mcp-name': name }),
  });
  const late = sleep(limitMs).then(() => {
    throw new Error(`${method} got no answer within ${limitMs} ms`);
  });
  const res = await Promise.race([answer, late]);
  return { status: res.status, frame: JSON.parse(res.body) as Record<string, unknown> };
}

function health(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    get(new URL('/healthz', url), (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(body) as Record<string, unknown> }));
    }).on('error', reject);
  });
}

async function until<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  limitMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await sleep(50);
  }
}

describeWith('redis-server')('a Redis that stops answering', () => {
  let store: RedisTaskStore | undefined;
  let http: HttpServerHandle | undefined;
  afterEach(async () => {
    await http?.close();
    await store?.close();
  });

  it('fails what needs it within commandTimeoutMs, serves the rest, frees its request slots, and the health check says so', {
    timeout: 30_000,
  }, async () => {
    const reported: string[] = [];
    store = await redisTaskStore({
      url: redis.url,
      commandTimeoutMs: 300,
      onError: (error) => reported.push((error as Error).message),
    });
    const server = new McpServer({ name: 'outage', version: '1.0.0', tools: [echo, build], tasks: { store } });
    http = await serveHttp(server, { port: 0, maxConcurrentRequests: 8 });
    expect(await health(http.url)).toMatchObject({ status: 200, body: { status: 'ok' } });
    pause();
    const reason = 'Redis did not answer within 300 ms; try again later';
    expect(await modern(http.url, 1, 'tasks/get', { taskId: 'abc' }, 'abc')).toStrictEqual({
      status: 200,
      frame: { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error', data: reason } },
    });
    expect(await modern(http.url, 2, 'tools/call', { name: 'build', arguments: {} }, 'build')).toStrictEqual({
      status: 200,
      frame: {
        jsonrpc: '2.0',
        id: 2,
        result: {
          resultType: 'complete',
          content: [{ type: 'text', text: `the server could not record a task: ${reason}` }],
          isError: true,
          _meta: SERVER_INFO,
        },
      },
    });
    const echoed = {
      status: 200,
      frame: {
        jsonrpc: '2.0',
        id: 3,
        result: { resultType: 'complete', content: [{ type: 'text', text: 'hi' }], isError: false, _meta: SERVER_INFO },
      },
    };
    expect(await modern(http.url, 3, 'tools/call', { name: 'echo', arguments: { text: 'hi' } }, 'echo')).toStrictEqual(
      echoed,
    );
    expect(await health(http.url)).toStrictEqual({
      status: 503,
      body: {
        status: 'unavailable',
        pid: process.pid,
        inFlight: 0,
        sessions: 0,
        tasks: 0,
        down: ['tasks: Redis did not answer within 300 ms'],
      },
    });
    // The outage known, a request that needs Redis fails at once: as many as there are request
    // slots, all at once, hold none, and a plain call is served among them.
    const failing = Array.from({ length: 16 }, (_, i) =>
      modern(http!.url, 10 + i, 'tasks/get', { taskId: `t${i}` }, `t${i}`, 250),
    );
    expect(await modern(http.url, 4, 'tools/call', { name: 'echo', arguments: { text: 'hi' } }, 'echo')).toStrictEqual({
      ...echoed,
      frame: { ...echoed.frame, id: 4 },
    });
    for (const [i, answer] of (await Promise.all(failing)).entries()) {
      expect(answer.frame).toStrictEqual({
        jsonrpc: '2.0',
        id: 10 + i,
        error: { code: -32603, message: 'Internal error', data: reason },
      });
    }
    // One outage, one report, however many requests failed in it.
    expect(reported).toStrictEqual([
      'Redis did not answer within 300 ms; requests that need Redis fail until it answers again',
    ]);
    resume();
    await until(
      () => health(http!.url),
      (answer) => answer.status === 200,
      'healthy again',
    );
    expect(await modern(http.url, 5, 'tasks/get', { taskId: 'abc' }, 'abc')).toMatchObject({
      frame: { error: { code: -32602 } },
    });
    expect(reported).toHaveLength(1);
  });

  it('rate limits and tasks in Redis, the outage known: a rate-limited call answers at once, and 1,100 tasks/get at a time leave room for it', {
    timeout: 30_000,
  }, async () => {
    const limits = await redisRateLimits({ url: redis.url, onError: () => {} });
    store = await redisTaskStore({ url: redis.url, onError: () => {} });
    const server = new McpServer({
      name: 'outage',
      version: '1.0.0',
      tools: [echo, build],
      tasks: { store },
      rateLimit: { perHour: 100_000 },
      rateLimitStore: limits,
    });
    http = await serveHttp(server, { port: 0 });
    try {
      pause();
      // The first request waits out both deadlines (3 s each, the default): then the outage is known to both stores.
      expect((await modern(http.url, 1, 'tasks/get', { taskId: 'abc' }, 'abc', 10_000)).frame).toMatchObject({
        error: { code: -32603, data: 'Redis did not answer within 3000 ms; try again later' },
      });
      const took: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        expect(
          (await modern(http.url, 2 + i, 'tools/call', { name: 'echo', arguments: { text: 'hi' } }, 'echo')).frame,
        ).toMatchObject({ result: { content: [{ type: 'text', text: 'hi' }], isError: false } });
        took.push(performance.now() - started);
      }
      expect(took.sort((a, b) => a - b)[2]).toBeLessThan(100); // the rate limit failed open at once, not after 3 s
      const agent = new Agent({ keepAlive: false });
      const many = Array.from({ length: 1100 }, (_, i) =>
        post(
          http!.url,
          { jsonrpc: '2.0', id: 100 + i, method: 'tasks/get', params: { taskId: `t${i}`, _meta: envelope(TASKS) } },
          { 'mcp-protocol-version': V2026, 'mcp-method': 'tasks/get', 'mcp-name': `t${i}` },
          agent,
        ),
      );
      const echoed = await modern(
        http.url,
        9,
        'tools/call',
        { name: 'echo', arguments: { text: 'still here' } },
        'echo',
      );
      expect(echoed).toStrictEqual({
        status: 200,
        frame: {
          jsonrpc: '2.0',
          id: 9,
          result: {
            resultType: 'complete',
            content: [{ type: 'text', text: 'still here' }],
            isError: false,
            _meta: SERVER_INFO,
          },
        },
      });
      const statuses = (await Promise.all(many)).map(
        (res) => `${res.status} ${(JSON.parse(res.body) as { error?: { data?: string } }).error?.data}`,
      );
      expect(new Set(statuses)).toStrictEqual(new Set(['200 Redis did not answer within 3000 ms; try again later']));
    } finally {
      resume();
      await limits.close();
    }
  });

  it('serve --redis --redis-timeout-ms: tasks/get fails in time, echo is served, /healthz 503, and stderr tells the outage once and its end', {
    timeout: 30_000,
  }, async () => {
    const served: ServeProcess = await startServe(
      ['--demo', '--port', '0', '--redis', redis.url, '--redis-timeout-ms', '300'],
      { ZOD_MCP_STATE_KEY: 'the secret all instances share' },
    );
    try {
      pause();
      for (let i = 0; i < 5; i++) {
        expect((await modern(served.url, i, 'tasks/get', { taskId: 'abc' }, 'abc')).frame).toStrictEqual({
          jsonrpc: '2.0',
          id: i,
          error: {
            code: -32603,
            message: 'Internal error',
            data: 'Redis did not answer within 300 ms; try again later',
          },
        });
      }
      expect(
        (await modern(served.url, 9, 'tools/call', { name: 'echo', arguments: { text: 'hi' } }, 'echo')).frame,
      ).toMatchObject({ result: { isError: false } });
      expect(await health(served.url)).toMatchObject({
        status: 503,
        body: { status: 'unavailable', down: ['tasks: Redis did not answer within 300 ms'] },
      });
      resume();
      await until(
        () => health(served.url),
        (answer) => answer.status === 200,
        'healthy again',
      );
      // The line may reach this process's end of the stderr pipe after /healthz's answer does.
      await until(
        async () => served.stderr(),
        (text) => text.includes('Redis answers again'),
        'the end of the outage said',
      );
      const lines = served
        .stderr()
        .split('\n')
        .filter((line) => line.includes('redis'));
      expect(lines).toHaveLength(2);
      expect(lines[0]).toBe(
        'zod-mcp: redis tasks: Redis did not answer within 300 ms; requests that need Redis fail until it answers again',
      );
      expect(lines[1]).toMatch(/^zod-mcp: redis tasks: Redis answers again \(after \d+ ms\)$/);
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });
});
