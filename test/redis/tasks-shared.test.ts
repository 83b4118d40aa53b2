// Two servers sharing one Redis (as two instances behind a load balancer would): a task started on
// one is polled, answered, cancelled and followed through the other; a task whose instance stopped
// fails once its lease runs out; a cancel racing a completion ends in exactly one terminal state.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, elicit, type TaskRecord } from '../../src/index.js';
import { redisEvents, redisTaskStore, type RedisTaskStore } from '../../src/redis.js';
import { envelope } from '../helpers/eras.js';
import { describeWith } from '../helpers/binaries.js';
import { startRedis, type RedisServer } from '../helpers/redis.js';

const TASKS = 'io.modelcontextprotocol/tasks';
const meta = () =>
  envelope({ 'io.modelcontextprotocol/clientCapabilities': { elicitation: {}, extensions: { [TASKS]: {} } } });

const work = defineTool({
  name: 'work',
  description: 'Works for `ms`, then asks whether to keep the result when `ask` is set.',
  input: z.object({ ms: z.int(), ask: z.boolean().default(false) }),
  task: 'required',
  handler: async ({ ms, ask }, ctx) => {
    await sleep(ms, undefined, { signal: ctx.signal });
    if (!ask) return `worked ${ms} ms`;
    const { keep } = await ctx.ask({ keep: elicit('Keep it?', z.object({ keep: z.boolean() })) });
    return keep.action === 'accept' && keep.content.keep ? 'kept' : 'dropped';
  },
});

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis?.stop());

let closing: { close(): Promise<void> }[] = [];
let servers: McpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.stopTasks()));
  await Promise.all(closing.map((item) => item.close()));
  closing = [];
  servers = [];
});

let run = 0;
const failures: unknown[] = [];
/** `count` instances on one prefix, each with its own connections, store and event bus. */
async function instances(count: number, options: { leaseMs?: number; maxTasks?: number } = {}) {
  const prefix = `shared${++run}:`;
  return Promise.all(
    Array.from({ length: count }, async () => {
      const store = await redisTaskStore({ url: redis.url, prefix, ...options });
      const events = await redisEvents({ url: redis.url, prefix });
      closing.push(store, events);
      // A store closed under a running task (an instance "dying") makes its last writes fail: kept here, not printed.
      const server = new McpServer({
        name: 's',
        version: '1',
        tools: [work],
        events,
        tasks: { store, taskAfterMs: 10, pollIntervalMs: 100 },
        onError: (error) => void failures.push(error),
      });
      servers.push(server);
      let id = 0;
      const send = (method: string, params: object) =>
        server.handle({ jsonrpc: '2.0', id: ++id, method, params: { ...params, _meta: meta() } }) as Promise<
          Record<string, any>
        >;
      return { server, store, events, send };
    }),
  );
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (done(value)) return value;
    await sleep(10);
  }
  throw new Error(`never: ${what}`);
}

describeWith('redis-server')('tasks shared through Redis', () => {
  it('started on one instance; polled, answered and read to the end through another', async () => {
    const [a, b] = await instances(2);
    const { taskId } = (await a!.send('tools/call', { name: 'work', arguments: { ms: 20, ask: true } })).result;
    const parked = await until(
      () => b!.send('tasks/get', { taskId }),
      (frame) => frame.result?.status === 'input_required',
      'input_required seen from b',
    );
    expect(Object.keys(parked.result.inputRequests)).toStrictEqual(['keep']);
    expect(
      (
        await b!.send('tasks/update', {
          taskId,
          inputResponses: { keep: { action: 'accept', content: { keep: true } } },
        })
      ).result.resultType,
    ).toBe('complete');
    const done = await until(
      () => b!.send('tasks/get', { taskId }),
      (frame) => frame.result?.status === 'completed',
      'completed seen from b',
    );
    expect(done.result.result).toStrictEqual({ content: [{ type: 'text', text: 'kept' }], isError: false });
  });

  it('cancelled through another instance', async () => {
    const [a, b] = await instances(2);
    const { taskId } = (await a!.send('tools/call', { name: 'work', arguments: { ms: 10_000 } })).result;
    await b!.send('tasks/cancel', { taskId });
    const cancelled = await until(
      () => a!.send('tasks/get', { taskId }),
      (frame) => frame.result?.status === 'cancelled',
      'cancelled',
    );
    expect(cancelled.result).toMatchObject({ status: 'cancelled', statusMessage: 'cancelled' });
  });

  it('a listen stream on one instance follows a task that runs on another', async () => {
    const [a, b] = await instances(2);
    const { taskId } = (await a!.send('tools/call', { name: 'work', arguments: { ms: 150 } })).result;
    const frames: Record<string, any>[] = [];
    const abort = new AbortController();
    const listening = b!.server.handle(
      {
        jsonrpc: '2.0',
        id: 'l',
        method: 'subscriptions/listen',
        params: { notifications: { taskIds: [taskId] }, _meta: meta() },
      },
      { notify: (frame) => void frames.push(frame as Record<string, any>), signal: abort.signal },
    );
    await until(
      async () => frames,
      (seen) => seen.some((frame) => frame.params?.status === 'completed'),
      'the completion on b',
    );
    abort.abort();
    await listening;
    expect(frames.map((frame) => frame.method)).toStrictEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/tasks',
    ]);
    expect(frames[1]!.params).toMatchObject({
      taskId,
      status: 'completed',
      result: { content: [{ text: 'worked 150 ms' }] },
    });
  });

  it('a task whose instance stopped beating fails once its lease runs out, and every instance hears it', async () => {
    const [a, b] = await instances(2, { leaseMs: 300 });
    const heard: TaskRecord[] = [];
    b!.store.subscribe!((record) => heard.push(record));
    const frames: Record<string, any>[] = [];
    const abort = new AbortController();
    const { taskId } = (await a!.send('tools/call', { name: 'work', arguments: { ms: 60_000 } })).result;
    const listening = b!.server.handle(
      {
        jsonrpc: '2.0',
        id: 'l',
        method: 'subscriptions/listen',
        params: { notifications: { taskIds: [taskId] }, _meta: meta() },
      },
      { notify: (frame) => void frames.push(frame as Record<string, any>), signal: abort.signal },
    );
    await sleep(500); // beyond one lease: a still beats, so nothing happens
    expect((await b!.send('tasks/get', { taskId })).result.status).toBe('working');
    await a!.store.close(); // a's process "dies": no more heartbeats, its work never reports back
    const failed = await until(
      () => b!.send('tasks/get', { taskId }),
      (frame) => frame.result?.status === 'failed',
      'failed',
    );
    expect(failed.result).toMatchObject({
      status: 'failed',
      statusMessage: 'the server process running this task stopped (no heartbeat for 300 ms)',
      error: {
        code: -32603,
        message: 'Internal error',
        data: 'the server process running this task stopped (no heartbeat for 300 ms)',
      },
    });
    await until(
      async () => frames,
      (seen) => seen.some((frame) => frame.params?.status === 'failed'),
      'the failure on the listen stream',
    );
    abort.abort();
    await listening;
    expect(heard.filter((record) => record.taskId === taskId).map((record) => record.status)).toStrictEqual(['failed']);
  });

  it('a cancel or an answer whose signal was lost still reaches the runner, within a heartbeat', async () => {
    const [a] = await instances(1, { leaseMs: 300 });
    const { createClient } = await import('@redis/client');
    const raw = createClient({ url: redis.url });
    await raw.connect();
    try {
      const prefix = `shared${run}:`;
      const asking = (await a!.send('tools/call', { name: 'work', arguments: { ms: 10, ask: true } })).result;
      await until(
        () => a!.send('tasks/get', { taskId: asking.taskId }),
        (frame) => frame.result?.status === 'input_required',
        'parked',
      );
      // What tasks/update writes, without the PUBLISH that would wake the runner.
      await raw.sendCommand([
        'HSET',
        `${prefix}task:${asking.taskId}`,
        'a:keep',
        JSON.stringify({ action: 'accept', content: { keep: false } }),
        'd:keep',
        '1',
        'status',
        'working',
      ]);
      await raw.sendCommand(['HDEL', `${prefix}task:${asking.taskId}`, 'q:keep']);
      const answered = await until(
        () => a!.send('tasks/get', { taskId: asking.taskId }),
        (frame) => frame.result?.status === 'completed',
        'completed',
      );
      expect(answered.result.result.content[0].text).toBe('dropped');
      const running = (await a!.send('tools/call', { name: 'work', arguments: { ms: 60_000 } })).result;
      await raw.sendCommand(['HSET', `${prefix}task:${running.taskId}`, 'cancelRequested', '1']);
      expect(
        (
          await until(
            () => a!.send('tasks/get', { taskId: running.taskId }),
            (frame) => frame.result?.status === 'cancelled',
            'cancelled',
          )
        ).result.status,
      ).toBe('cancelled');
    } finally {
      await raw.close();
    }
  });

  it('a cancel racing a completion ends in exactly one terminal state, which never changes', async () => {
    const [a, b] = await instances(2);
    const outcomes = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const { taskId } = (await a!.send('tools/call', { name: 'work', arguments: { ms: i % 4 } })).result;
      await b!.send('tasks/cancel', { taskId });
      const end = await until(
        () => b!.send('tasks/get', { taskId }),
        (frame) => ['completed', 'cancelled'].includes(frame.result?.status),
        'an end',
      );
      await sleep(15);
      const later = await a!.send('tasks/get', { taskId });
      expect(later.result).toStrictEqual({ ...end.result });
      outcomes.add(end.result.status);
    }
    expect([...outcomes].every((status) => status === 'completed' || status === 'cancelled')).toBe(true);
  });

  it('the cap on tasks counts every instance; records expire in Redis at their ttlMs', async () => {
    const [a, b] = await instances(2, { maxTasks: 2 });
    await a!.send('tools/call', { name: 'work', arguments: { ms: 10_000 } });
    await a!.send('tools/call', { name: 'work', arguments: { ms: 10_000 } });
    expect(await b!.send('tools/call', { name: 'work', arguments: { ms: 0 } })).toMatchObject({
      result: {
        content: [{ text: 'the server keeps at most 2 tasks at once; try again once some have finished or expired' }],
        isError: true,
      },
    });
  });
});

describeWith('redis-server')('redisTaskStore on its own', () => {
  it('keeps a record for ttlMs (Redis expiry), then it is gone', async () => {
    const store: RedisTaskStore = await redisTaskStore({ url: redis.url, prefix: `alone${++run}:` });
    closing.push(store);
    const now = new Date().toISOString();
    await store.create({
      taskId: 't1',
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: 150,
      pollIntervalMs: 100,
    });
    expect(await store.get('t1')).toStrictEqual({
      taskId: 't1',
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: 150,
      pollIntervalMs: 100,
    });
    await sleep(250);
    expect(await store.get('t1')).toBeUndefined();
    expect(await store.update('t1', { status: 'completed' })).toBeUndefined();
    expect(await store.answer('t1', {})).toBe(false);
    expect(await store.cancel('t1')).toBe(false);
  });

  it('full: an ended task without expiry, or one whose record is gone, makes room', async () => {
    const prefix = `alone${++run}:`;
    const store = await redisTaskStore({ url: redis.url, prefix, maxTasks: 2 });
    closing.push(store);
    const now = new Date().toISOString();
    const record = (taskId: string) => ({
      taskId,
      status: 'working' as const,
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: null,
      pollIntervalMs: 100,
    });
    await store.create(record('a'));
    await store.create(record('b'));
    await expect(store.create(record('c'))).rejects.toThrow('the server keeps at most 2 tasks at once');
    await store.update('a', { status: 'completed', result: { content: [], isError: false } });
    await store.create(record('c')); // a made room
    expect(await store.get('a')).toBeUndefined();
    const { createClient } = await import('@redis/client');
    const raw = createClient({ url: redis.url });
    await raw.connect();
    await raw.sendCommand(['DEL', `${prefix}task:b`]); // removed by hand, still counted
    await raw.close();
    await store.create(record('d'));
    expect((await store.get('d'))?.status).toBe('working');
  });

  it('a task failed elsewhere (its runner could not beat for a while) stops its work at the next beat', async () => {
    const [a] = await instances(1, { leaseMs: 300 });
    const { createClient } = await import('@redis/client');
    const raw = createClient({ url: redis.url });
    await raw.connect();
    try {
      const { taskId } = (await a!.send('tools/call', { name: 'work', arguments: { ms: 60_000 } })).result;
      await raw.sendCommand(['HSET', `shared${run}:task:${taskId}`, 'status', 'failed']);
      await sleep(400);
      expect(a!.server.runningTasks.count).toBe(0);
    } finally {
      await raw.close();
    }
  });

  it('round-trips every field of a record, questions in their order', async () => {
    const store = await redisTaskStore({ url: redis.url, prefix: `alone${++run}:` });
    closing.push(store);
    const now = new Date().toISOString();
    const inputRequests = {
      zeta: { method: 'roots/list', params: {} },
      alpha: {
        method: 'elicitation/create',
        params: { mode: 'form', message: 'Ok?', requestedSchema: { type: 'object', properties: {}, required: [] } },
      },
    } as never;
    await store.create({
      taskId: 't2',
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: null,
      pollIntervalMs: 100,
      principal: 'alice',
    });
    const parked = await store.update('t2', {
      status: 'input_required',
      statusMessage: 'waiting',
      inputRequests,
      lastUpdatedAt: now,
    });
    expect(parked).toStrictEqual({
      taskId: 't2',
      status: 'input_required',
      statusMessage: 'waiting',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: null,
      pollIntervalMs: 100,
      inputRequests,
      principal: 'alice',
    });
    expect(Object.keys(parked!.inputRequests!)).toStrictEqual(['zeta', 'alpha']);
    expect(await store.answer('t2', { alpha: { action: 'accept', content: {} }, nobody: 1 })).toBe(true);
    const half = await store.get('t2');
    expect(half).toMatchObject({
      status: 'input_required',
      inputRequests: { zeta: {} },
      answers: { alpha: { action: 'accept', content: {} } },
      answered: ['alpha'],
    });
    await store.answer('t2', { alpha: { action: 'decline' }, zeta: { roots: [] } });
    expect(await store.get('t2')).toMatchObject({
      status: 'working',
      answers: { alpha: { action: 'accept', content: {} }, zeta: { roots: [] } },
    });
    const done = await store.update('t2', {
      status: 'completed',
      result: { content: [], isError: false },
      answers: undefined,
      statusMessage: undefined,
    });
    // `answered` is a set: Redis keeps no order of it.
    expect({ ...done, answered: done!.answered?.toSorted() }).toStrictEqual({
      taskId: 't2',
      status: 'completed',
      createdAt: now,
      lastUpdatedAt: done!.lastUpdatedAt,
      ttlMs: null,
      pollIntervalMs: 100,
      answered: ['alpha', 'zeta'],
      result: { content: [], isError: false },
      principal: 'alice',
    });
    expect(await store.update('t2', { status: 'failed' })).toStrictEqual(done); // terminal stays
    expect(await store.cancel('t2')).toBe(true);
    expect((await store.get('t2'))!.cancelRequested).toBeUndefined();
  });
});
