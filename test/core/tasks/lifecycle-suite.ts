// Tasks (SEP-2663) through handle(): when a call becomes a task, every status with its exact frame,
// cancellation at each stage, questions inside a task, MRTR before one, expiry, a full store. The
// same suite runs on every TaskStore: the one-process memory store and the shared Redis store.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ErrorCode,
  McpServer,
  ProtocolError,
  defineTool,
  elicit,
  type HandleContext,
  type TaskStore,
} from '../../../src/index.js';
import { envelope, serverInfoMeta } from '../../helpers/eras.js';

const TASKS = 'io.modelcontextprotocol/tasks';
const withTasks = { elicitation: {}, extensions: { [TASKS]: {} } };
const meta = (capabilities: object = withTasks) =>
  envelope({ 'io.modelcontextprotocol/clientCapabilities': capabilities });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const work = defineTool({
  name: 'work',
  description: 'Works for `ms` milliseconds, reporting progress.',
  input: z.object({ ms: z.int().min(0) }),
  task: 'optional',
  handler: async ({ ms }, ctx) => {
    ctx.progress(1, 2, 'halfway');
    ctx.log('info', 'never sent for a task');
    await sleep(ms, undefined, { signal: ctx.signal });
    return `worked ${ms} ms`;
  },
});
const must = defineTool({
  name: 'must',
  description: 'Always a task.',
  input: z.object({ ms: z.int().min(0).default(0), fail: z.enum(['no', 'tool', 'protocol']).default('no') }),
  task: 'required',
  handler: async ({ ms, fail }, ctx) => {
    if (ms > 0) await sleep(ms, undefined, { signal: ctx.signal });
    if (fail === 'tool') throw new Error('it broke');
    if (fail === 'protocol') throw new ProtocolError(ErrorCode.InvalidParams, 'the input was wrong after all');
    return 'done';
  },
});
const asks = defineTool({
  name: 'asks',
  description: 'Works, then asks two things inside the task.',
  input: z.object({}),
  task: 'required',
  handler: async (_args, ctx) => {
    await sleep(30, undefined, { signal: ctx.signal });
    const form = z.object({ ok: z.boolean() });
    const { a, b } = await ctx.ask({ a: elicit('A?', form), b: elicit('B?', form) });
    return `a=${a.action === 'accept' ? a.content.ok : a.action} b=${b.action === 'accept' ? b.content.ok : b.action}`;
  },
});
const first = defineTool({
  name: 'first',
  description: 'Asks a name (MRTR, before any task), then works as a task.',
  input: z.object({}),
  task: 'required',
  handler: async (_args, ctx) => {
    const { who } = await ctx.ask({ who: elicit('Name?', z.object({ name: z.string() })) });
    await sleep(50, undefined, { signal: ctx.signal });
    return `Hello, ${who.action === 'accept' ? who.content.name : '?'}!`;
  },
});
const plain = defineTool({
  name: 'plain',
  description: 'Never a task.',
  input: z.object({ ms: z.int().default(0) }),
  handler: async ({ ms }) => sleep(ms).then(() => 'plain'),
});

/** Makes the store each test uses (a fresh one per test); `close` ends it. */
export type StoreFactory = (options: { maxTasks?: number }) => Promise<TaskStore & { close?(): Promise<void> }>;

export function taskLifecycleSuite(storeName: string, makeStore: StoreFactory): void {
  let opened: (TaskStore & { close?(): Promise<void> })[] = [];
  let servers: McpServer[] = [];
  let shared: TaskStore;
  const storeOf = async (options: { maxTasks?: number } = {}) => {
    const store = await makeStore(options);
    opened.push(store);
    return store;
  };
  beforeEach(async () => {
    shared = await storeOf();
  });
  afterEach(async () => {
    // Tasks a test left running end before their store closes.
    await Promise.all(servers.map((server) => server.stopTasks()));
    await Promise.all(opened.map((store) => store.close?.()));
    opened = [];
    servers = [];
  });

  function make(tasks: ConstructorParameters<typeof McpServer>[0]['tasks'] = {}) {
    const server = new McpServer({
      name: 'test-server',
      version: '1.2.3',
      tools: [work, must, asks, first, plain],
      tasks: { taskAfterMs: 20, pollIntervalMs: 250, store: shared, ...tasks },
    });
    servers.push(server);
    let id = 0;
    const send = (method: string, params: object, capabilities?: object, context?: HandleContext) =>
      server.handle(
        { jsonrpc: '2.0', id: ++id, method, params: { ...params, _meta: meta(capabilities) } },
        context,
      ) as Promise<Record<string, any>>;
    const call = (
      name: string,
      args: object = {},
      capabilities?: object,
      extra: object = {},
      context?: HandleContext,
    ) => send('tools/call', { name, arguments: args, ...extra }, capabilities, context);
    const get = (taskId: string, context?: HandleContext) => send('tasks/get', { taskId }, undefined, context);
    const until = async (taskId: string, status: string) => {
      for (let i = 0; i < 200; i++) {
        const frame = await get(taskId);
        if (frame.result?.status === status) return frame;
        await sleep(10);
      }
      throw new Error(`task ${taskId} never reached ${status}`);
    };
    return { server, send, call, get, until };
  }

  describe(`tasks (${storeName}): when a call becomes one`, () => {
    it('the extension is declared on 2026 only', async () => {
      const { server, send } = make();
      expect((await send('server/discover', {})).result.capabilities.extensions).toStrictEqual({ [TASKS]: {} });
      const init = await server.handle({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      });
      expect(JSON.stringify(init)).not.toContain('extensions');
    });

    it('an optional tool that answers in time answers as usual; one that runs longer answers with a task, flat, every field in order', async () => {
      const { call } = make();
      expect(await call('work', { ms: 0 })).toMatchObject({
        result: { resultType: 'complete', content: [{ text: 'worked 0 ms' }] },
      });
      const created = await call('work', { ms: 200 });
      expect(Object.keys(created.result)).toStrictEqual([
        'resultType',
        'taskId',
        'status',
        'statusMessage',
        'createdAt',
        'lastUpdatedAt',
        'ttlMs',
        'pollIntervalMs',
        '_meta',
      ]);
      expect(created).toStrictEqual({
        jsonrpc: '2.0',
        id: 2,
        result: {
          resultType: 'task',
          taskId: expect.stringMatching(UUID),
          status: 'working',
          statusMessage: 'halfway', // the progress reported before the call became a task
          createdAt: expect.stringMatching(ISO),
          lastUpdatedAt: created.result.createdAt,
          ttlMs: 3_600_000,
          pollIntervalMs: 250,
          ...serverInfoMeta(),
        },
      });
    });

    it('working (with the progress as statusMessage), then completed with the result inlined', async () => {
      const { call, get, until } = make();
      const { taskId, createdAt } = (await call('work', { ms: 150 })).result;
      const working = await get(taskId);
      expect(working.result).toStrictEqual({
        resultType: 'complete',
        taskId,
        status: 'working',
        statusMessage: 'halfway',
        createdAt,
        lastUpdatedAt: expect.stringMatching(ISO),
        ttlMs: 3_600_000,
        pollIntervalMs: 250,
        ...serverInfoMeta(),
      });
      const done = await until(taskId, 'completed');
      expect(done.result).toStrictEqual({
        resultType: 'complete',
        taskId,
        status: 'completed',
        createdAt,
        lastUpdatedAt: expect.stringMatching(ISO),
        ttlMs: 3_600_000,
        pollIntervalMs: 250,
        result: { content: [{ type: 'text', text: 'worked 150 ms' }], isError: false },
        ...serverInfoMeta(),
      });
    });

    it('without the extension on this request an optional tool runs to its answer; a required one is -32021; the old task param changes nothing', async () => {
      const { call } = make();
      expect(await call('work', { ms: 60 }, {})).toMatchObject({
        result: { resultType: 'complete', content: [{ text: 'worked 60 ms' }] },
      });
      expect(await call('must', {}, {})).toStrictEqual({
        jsonrpc: '2.0',
        id: 2,
        error: {
          code: -32021,
          message: 'Missing required client capability',
          data: { requiredCapabilities: { extensions: { [TASKS]: {} } } },
        },
      });
      expect(await call('plain', { ms: 60 }, withTasks, { task: { ttl: 60_000 } })).toMatchObject({
        result: { resultType: 'complete', content: [{ text: 'plain' }] },
      });
    });

    it('a 2025 session calls every tool directly, a required one too; tasks/* do not exist there', async () => {
      const { server } = make();
      const session = server.createSession();
      await server.handle(
        {
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
        },
        { session },
      );
      expect(
        await server.handle(
          { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'must', arguments: { ms: 40 } } },
          { session },
        ),
      ).toStrictEqual({
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: 'done' }], isError: false },
      });
      expect(
        await server.handle({ jsonrpc: '2.0', id: 2, method: 'tasks/get', params: { taskId: 'x' } }, { session }),
      ).toMatchObject({ error: { code: -32601 } });
    });

    it('a required tool that answers at once is a task that is already complete', async () => {
      const { call, get } = make();
      const created = await call('must');
      expect(created.result).toMatchObject({ resultType: 'task', status: 'completed' });
      expect(created.result).not.toHaveProperty('result');
      expect((await get(created.result.taskId)).result).toMatchObject({
        status: 'completed',
        result: { content: [{ type: 'text', text: 'done' }], isError: false },
      });
    });

    it('a tool error completes the task with isError; a JSON-RPC error fails it with that error', async () => {
      const { call, until } = make();
      const broke = (await call('must', { ms: 30, fail: 'tool' })).result.taskId;
      expect((await until(broke, 'completed')).result.result).toStrictEqual({
        content: [{ type: 'text', text: 'it broke' }],
        isError: true,
      });
      const wrong = (await call('must', { ms: 30, fail: 'protocol' })).result.taskId;
      const failed = (await until(wrong, 'failed')).result;
      expect(failed).toMatchObject({
        status: 'failed',
        statusMessage: 'Invalid params: the input was wrong after all',
        error: { code: -32602, message: 'Invalid params', data: 'the input was wrong after all' },
      });
      expect(failed).not.toHaveProperty('result');
    });
  });

  describe(`tasks (${storeName}): cancel`, () => {
    it('while running: acked with an empty result, then cancelled; again, and after the end, still just an ack', async () => {
      const { call, send, get, until } = make();
      const { taskId } = (await call('work', { ms: 5_000 })).result;
      const ack = await send('tasks/cancel', { taskId });
      expect(ack).toStrictEqual({
        jsonrpc: '2.0',
        id: ack.id,
        result: { resultType: 'complete', ...serverInfoMeta() },
      });
      expect((await until(taskId, 'cancelled')).result).toMatchObject({
        status: 'cancelled',
        statusMessage: 'cancelled',
      });
      expect((await send('tasks/cancel', { taskId })).result).toStrictEqual({
        resultType: 'complete',
        ...serverInfoMeta(),
      });
      const finished = (await call('must')).result.taskId;
      expect((await send('tasks/cancel', { taskId: finished })).result).toStrictEqual({
        resultType: 'complete',
        ...serverInfoMeta(),
      });
      expect((await get(finished)).result.status).toBe('completed');
    });

    it('while waiting for answers', async () => {
      const { call, send, until } = make();
      const { taskId } = (await call('asks')).result;
      await until(taskId, 'input_required');
      await send('tasks/cancel', { taskId });
      expect((await until(taskId, 'cancelled')).result).not.toHaveProperty('inputRequests');
    });

    it('notifications/cancelled and the request stream closing do not reach a task', async () => {
      const { server, call, until } = make();
      const controller = new AbortController();
      const session = server.createSession();
      const created = await call('work', { ms: 120 }, withTasks, {}, { session, signal: controller.signal });
      controller.abort();
      await server.handle(
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: created.id } },
        { session },
      );
      session.close();
      expect((await until(created.result.taskId, 'completed')).result.result.content[0].text).toBe('worked 120 ms');
    });
  });

  describe(`tasks (${storeName}): questions`, () => {
    it('park the task in input_required with the questions; each answer takes its key off at once; the last resumes it', async () => {
      const { call, send, get, until } = make();
      const { taskId } = (await call('asks')).result;
      const parked = (await until(taskId, 'input_required')).result;
      const form = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };
      expect(parked).toMatchObject({
        status: 'input_required',
        statusMessage: 'waiting for the client to answer',
        inputRequests: {
          a: { method: 'elicitation/create', params: { mode: 'form', message: 'A?', requestedSchema: form } },
          b: { method: 'elicitation/create', params: { mode: 'form', message: 'B?', requestedSchema: form } },
        },
      });
      const ack = await send('tasks/update', {
        taskId,
        inputResponses: { a: { action: 'accept', content: { ok: true } }, unknown: { anything: 1 } },
      });
      expect(ack.result).toStrictEqual({ resultType: 'complete', ...serverInfoMeta() });
      const half = (await get(taskId)).result;
      expect(half.status).toBe('input_required');
      expect(Object.keys(half.inputRequests)).toStrictEqual(['b']);
      await send('tasks/update', { taskId, inputResponses: { a: { action: 'decline' } } }); // answered already: ignored
      await send('tasks/update', { taskId, inputResponses: { b: { action: 'decline' } } });
      expect((await until(taskId, 'completed')).result.result).toStrictEqual({
        content: [{ type: 'text', text: 'a=true b=decline' }],
        isError: false,
      });
    });

    it('the run after the answers repeats its progress; the task keeps the furthest as its statusMessage, and nothing throws', async () => {
      const stepping = defineTool({
        name: 'stepping',
        description: 'Progress, a question, more progress.',
        input: z.object({}),
        task: 'required',
        handler: async (_args, ctx) => {
          await sleep(10, undefined, { signal: ctx.signal });
          ctx.progress(1, 3, 'looking');
          const { ok } = await ctx.ask({ ok: elicit('Go on?', z.object({ ok: z.boolean() })) });
          ctx.progress(2, 3, 'going on');
          await sleep(100, undefined, { signal: ctx.signal });
          return `ok=${ok.action}`;
        },
      });
      const server = new McpServer({ name: 's', version: '1', tools: [stepping], tasks: { store: shared } });
      const send = (id: number, method: string, params: object) =>
        server.handle({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta() } }) as Promise<
          Record<string, any>
        >;
      const { taskId } = (await send(1, 'tools/call', { name: 'stepping', arguments: {} })).result;
      let status = '';
      for (let i = 0; i < 100 && status !== 'input_required'; i++) {
        await sleep(5);
        status = (await send(10 + i, 'tasks/get', { taskId })).result.status;
      }
      expect(status).toBe('input_required');
      await send(2, 'tasks/update', { taskId, inputResponses: { ok: { action: 'accept', content: { ok: true } } } });
      await sleep(50);
      expect((await send(3, 'tasks/get', { taskId })).result).toMatchObject({
        status: 'working',
        statusMessage: 'going on',
      });
      await sleep(120);
      expect((await send(4, 'tasks/get', { taskId })).result).toMatchObject({
        status: 'completed',
        result: { content: [{ text: 'ok=accept' }], isError: false },
      });
    });

    it('an answer that does not fit the form ends the task with an isError result', async () => {
      const { call, send, until } = make();
      const { taskId } = (await call('asks')).result;
      await until(taskId, 'input_required');
      await send('tasks/update', {
        taskId,
        inputResponses: { a: { action: 'accept', content: { ok: 'yes' } }, b: { action: 'cancel' } },
      });
      expect((await until(taskId, 'completed')).result.result).toStrictEqual({
        content: [
          {
            type: 'text',
            text: 'the client\'s answer to "a" (elicitation/create) does not fit the form (ok: expected boolean, received string)',
          },
        ],
        isError: true,
      });
    });

    it('asked before the task exists, they are MRTR on the request; the retry then becomes the task', async () => {
      const { call, until } = make();
      const round1 = await call('first');
      expect(round1.result).toMatchObject({
        resultType: 'input_required',
        inputRequests: { who: { method: 'elicitation/create' } },
      });
      expect(round1.result).not.toHaveProperty('taskId');
      const round2 = await call('first', {}, withTasks, {
        inputResponses: { who: { action: 'accept', content: { name: 'Alice' } } },
        requestState: round1.result.requestState,
      });
      expect(round2.result).toMatchObject({ resultType: 'task', status: 'working' });
      expect(round2.result).not.toHaveProperty('requestState');
      expect((await until(round2.result.taskId, 'completed')).result.result.content[0].text).toBe('Hello, Alice!');
    });
  });

  describe(`tasks (${storeName}): the record`, () => {
    it('is found the moment the task is announced, and tasks/get never errs while the task finishes', async () => {
      const { call, get } = make();
      const { taskId } = (await call('work', { ms: 25 })).result;
      const seen = new Set<string>();
      for (let i = 0; i < 40; i++) {
        const frame = await get(taskId);
        expect(frame).toHaveProperty('result');
        seen.add(frame.result.status);
        if (frame.result.status === 'completed') break;
        await sleep(1);
      }
      expect([...seen].every((status) => status === 'working' || status === 'completed')).toBe(true);
      expect(seen.has('completed')).toBe(true);
    });

    it('is gone after its ttlMs: -32602, as for a task that never was', async () => {
      const { call, get } = make({ ttlMs: 80 });
      const { taskId } = (await call('must')).result;
      expect((await get(taskId)).result.status).toBe('completed');
      await sleep(120);
      expect(await get(taskId)).toMatchObject({
        error: {
          code: -32602,
          message: 'Invalid params',
          data: `Failed to retrieve task: no task "${taskId}" (it never was, or it expired)`,
        },
      });
    });

    it('a full store: an optional tool keeps its request waiting for the answer; a required one says so in an isError result', async () => {
      const { call } = make({ store: await storeOf({ maxTasks: 1 }) });
      expect((await call('work', { ms: 300 })).result.resultType).toBe('task');
      expect(await call('work', { ms: 40 })).toMatchObject({
        result: { resultType: 'complete', content: [{ text: 'worked 40 ms' }] },
      });
      expect(await call('must')).toMatchObject({
        result: {
          resultType: 'complete',
          content: [{ text: 'the server keeps at most 1 tasks at once; try again once some have finished or expired' }],
          isError: true,
        },
      });
    });

    it("keeps the tool's own timeoutMs, counted from when it became a task; the server's timeoutMs is the request's and does not reach it", async () => {
      const timed = defineTool({
        name: 'timed',
        description: 'Sleeps, with a timeout of its own.',
        input: z.object({ ms: z.int() }),
        task: 'required',
        timeoutMs: 150,
        handler: async ({ ms }, ctx) => sleep(ms, undefined, { signal: ctx.signal }).then(() => `slept ${ms} ms`),
      });
      const server = new McpServer({
        name: 's',
        version: '1',
        tools: [work, timed],
        timeoutMs: 60,
        tasks: { taskAfterMs: 20, store: shared },
      });
      const send = (id: number, method: string, params: object) =>
        server.handle({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta() } }) as Promise<
          Record<string, any>
        >;
      const until = async (taskId: string) => {
        for (let i = 0; i < 100; i++) {
          const frame = await send(100 + i, 'tasks/get', { taskId });
          if (frame.result.status !== 'working') return frame.result;
          await sleep(20);
        }
        throw new Error('the task never ended');
      };
      const long = (await send(1, 'tools/call', { name: 'work', arguments: { ms: 250 } })).result;
      expect(await until(long.taskId)).toMatchObject({
        status: 'completed',
        result: { content: [{ type: 'text', text: 'worked 250 ms' }], isError: false },
      });
      const over = (await send(2, 'tools/call', { name: 'timed', arguments: { ms: 1000 } })).result;
      expect(await until(over.taskId)).toMatchObject({
        status: 'completed',
        result: { content: [{ type: 'text', text: 'tool timed timed out after 150 ms' }], isError: true },
      });
      const under = (await send(3, 'tools/call', { name: 'timed', arguments: { ms: 100 } })).result;
      expect(await until(under.taskId)).toMatchObject({
        status: 'completed',
        result: { content: [{ type: 'text', text: 'slept 100 ms' }] },
      });
    });

    it('belongs to its principal: another one sees no such task', async () => {
      const { call, get } = make();
      const { taskId } = (await call('must', {}, withTasks, {}, { principal: 'alice' })).result;
      expect((await get(taskId, { principal: 'alice' })).result.status).toBe('completed');
      expect(await get(taskId, { principal: 'bob' })).toMatchObject({ error: { code: -32602 } });
      expect(await get(taskId)).toMatchObject({ error: { code: -32602 } });
    });

    it("a listen stream hears only its own principal's tasks", async () => {
      const { server, call } = make();
      const { taskId } = (await call('work', { ms: 100 }, withTasks, {}, { principal: 'alice' })).result;
      const heard: Record<string, string[]> = { alice: [], bob: [] };
      const streams = (['alice', 'bob'] as const).map((who) => {
        const abort = new AbortController();
        const done = server.handle(
          {
            jsonrpc: '2.0',
            id: `listen-${who}`,
            method: 'subscriptions/listen',
            params: { notifications: { taskIds: [taskId] }, _meta: meta() },
          },
          {
            principal: who,
            signal: abort.signal,
            notify: (frame) =>
              void heard[who]!.push(`${(frame as any).method} ${(frame as any).params.status ?? ''}`.trim()),
          },
        );
        return { abort, done };
      });
      for (let i = 0; i < 100 && !heard.alice!.includes('notifications/tasks completed'); i++) await sleep(10);
      for (const stream of streams) stream.abort.abort();
      await Promise.all(streams.map((stream) => stream.done));
      expect(heard).toStrictEqual({
        alice: ['notifications/subscriptions/acknowledged', 'notifications/tasks completed'],
        bob: ['notifications/subscriptions/acknowledged'],
      });
    });

    it('a 2025 session hears nothing of 2026 tasks', async () => {
      const { server, call, until } = make();
      const heard: unknown[] = [];
      const session = server.createSession({ notify: (frame) => void heard.push(frame) });
      await server.handle(
        {
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
        },
        { session },
      );
      await server.handle({ jsonrpc: '2.0', method: 'notifications/initialized' }, { session });
      const { taskId } = (await call('work', { ms: 60 })).result;
      await until(taskId, 'completed');
      server.addTool(
        defineTool({ name: 'later', description: 'Added later.', input: z.object({}), handler: () => 'ok' }),
      );
      expect(heard).toStrictEqual([{ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }]);
    });

    it('tasks/* need the extension on the request (-32021 before the id is looked at); tasks/result and tasks/list do not exist; an unknown id is -32602', async () => {
      const { send } = make();
      for (const [method, params] of [
        ['tasks/get', { taskId: 'nope' }],
        ['tasks/update', { taskId: 'nope', inputResponses: {} }],
        ['tasks/cancel', { taskId: 'nope' }],
      ] as const) {
        expect(await send(method, params, {})).toMatchObject({
          error: { code: -32021, data: { requiredCapabilities: { extensions: { [TASKS]: {} } } } },
        });
        expect(await send(method, params)).toMatchObject({ error: { code: -32602 } });
      }
      for (const method of ['tasks/result', 'tasks/list'])
        expect(await send(method, { taskId: 'nope' })).toMatchObject({
          error: { code: -32601, message: 'Method not found' },
        });
    });

    it('a tool that may be a task cannot be added to a server that does not serve tasks', () => {
      const server = new McpServer({ name: 's', version: '1', tools: [plain] });
      expect(() => server.addTool(work)).toThrow(
        'addTool("work"): the tool may run as a task, but this server does not serve tasks; give it the tasks option',
      );
    });
  });
}
