// Tasks when the store is slow or fails, and at the edges of time: what a shared store over a
// network does to the runtime (writes that take a while, or fail once), and calls that end while
// their task is being made. Nothing may hang, leak a watcher or reject unhandled.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  McpServer,
  defineTool,
  elicit,
  memoryTaskStore,
  type TaskChange,
  type TaskSignals,
  type TaskStore,
} from '../../../src/index.js';
import { envelope } from '../../helpers/eras.js';

const meta = () =>
  envelope({
    'io.modelcontextprotocol/clientCapabilities': {
      elicitation: {},
      extensions: { 'io.modelcontextprotocol/tasks': {} },
    },
  });

/** The memory store with a delay on create and update, a way to fail updates, and a count of live watchers. */
function flakyStore(
  options: {
    createMs?: number;
    updateMs?: number;
    failUpdate?: (change: TaskChange) => boolean;
    maxTasks?: number;
  } = {},
) {
  const inner = memoryTaskStore({ maxTasks: options.maxTasks });
  let live = 0;
  const created: string[] = [];
  const store: TaskStore = {
    ...inner,
    async create(record) {
      if (options.createMs) await sleep(options.createMs);
      created.push(record.taskId);
      return inner.create(record);
    },
    async update(taskId, change) {
      if (options.updateMs) await sleep(options.updateMs);
      if (options.failUpdate?.(change)) throw new Error('store blip');
      return inner.update(taskId, change);
    },
    watch(taskId, signals: TaskSignals) {
      live++;
      const stop = inner.watch(taskId, signals);
      let stopped = false;
      return () => {
        if (!stopped) live--;
        stopped = true;
        stop();
      };
    },
  };
  return { store, watchers: () => live, created };
}

function serve(store: TaskStore, tools: Parameters<typeof defineTool>[0][], extra: { ttlMs?: number | null } = {}) {
  const errors: unknown[] = [];
  const server = new McpServer({
    name: 's',
    version: '1',
    tools: tools.map((tool) => defineTool(tool as never)),
    tasks: { store, taskAfterMs: 10, ...extra },
    onError: (error) => void errors.push(error),
  });
  let id = 0;
  const send = (method: string, params: object, context = {}) =>
    server.handle({ jsonrpc: '2.0', id: ++id, method, params: { ...params, _meta: meta() } }, context) as Promise<
      Record<string, any>
    >;
  const until = async (taskId: string, done: (status: string) => boolean) => {
    for (let i = 0; i < 200; i++) {
      const frame = await send('tasks/get', { taskId });
      if (done(frame.result?.status)) return frame.result;
      await sleep(10);
    }
    throw new Error(`task ${taskId} never ended`);
  };
  return { server, send, until, errors };
}

const Ok = z.object({ ok: z.boolean() });

describe('tasks on a slow or failing store', () => {
  it('a progress write that fails is reported, and the task still completes', async () => {
    const { store } = flakyStore({
      failUpdate: (change) => Object.keys(change).length === 1 && 'statusMessage' in change,
    });
    const { send, until, errors } = serve(store, [
      {
        name: 'p',
        description: 'p',
        input: z.object({}),
        task: 'required',
        handler: async (_a: unknown, ctx: any) => (
          await sleep(20), ctx.progress(1, 2, 'half'), await sleep(20), 'done'
        ),
      },
    ]);
    const { taskId } = (await send('tools/call', { name: 'p', arguments: {} })).result;
    expect((await until(taskId, (status) => status === 'completed')).result.content[0].text).toBe('done');
    expect(errors.map(String)).toStrictEqual(['Error: store blip']);
  });

  it('a cancel while the task is being parked for a question leaves no watcher behind', async () => {
    const { store, watchers } = flakyStore({ updateMs: 40 });
    const { send, until } = serve(store, [
      {
        name: 'q',
        description: 'q',
        input: z.object({}),
        task: 'required',
        handler: async (_a: unknown, ctx: any) => (
          await sleep(5), (await ctx.ask({ ok: elicit('Ok?', Ok) })).ok.action
        ),
      },
    ]);
    const { taskId } = (await send('tools/call', { name: 'q', arguments: {} })).result;
    await sleep(20); // the park write is under way
    await send('tasks/cancel', { taskId });
    await until(taskId, (status) => status === 'cancelled');
    await sleep(150);
    expect(watchers()).toBe(0);
  });

  it('a handler that ignores its signal and asks after a cancel changes nothing and leaves no watcher', async () => {
    const { store, watchers } = flakyStore();
    const { send } = serve(store, [
      {
        name: 'stubborn',
        description: 's',
        input: z.object({}),
        task: 'required',
        handler: async (_a: unknown, ctx: any) => (
          await sleep(60), (await ctx.ask({ ok: elicit('Ok?', Ok) })).ok.action
        ),
      },
    ]);
    const { taskId } = (await send('tools/call', { name: 'stubborn', arguments: {} })).result;
    await send('tasks/cancel', { taskId });
    await sleep(120);
    expect((await send('tasks/get', { taskId })).result).toMatchObject({
      status: 'cancelled',
      statusMessage: 'cancelled',
    });
    expect(watchers()).toBe(0);
  });

  it('a question asked while the record is being made is the task’s question, not an error', async () => {
    const { store } = flakyStore({ createMs: 40 });
    const { send, until } = serve(store, [
      {
        name: 'early',
        description: 'e',
        input: z.object({}),
        task: 'required',
        handler: async (_a: unknown, ctx: any) => (
          await sleep(10), (await ctx.ask({ ok: elicit('Ok?', Ok) })).ok.action
        ),
      },
    ]);
    const { taskId } = (await send('tools/call', { name: 'early', arguments: {} })).result;
    const parked = await until(taskId, (status) => status !== 'working');
    expect(parked).toMatchObject({ status: 'input_required', inputRequests: { ok: { method: 'elicitation/create' } } });
    await send('tasks/update', { taskId, inputResponses: { ok: { action: 'decline' } } });
    expect((await until(taskId, (status) => status === 'completed')).result.content[0].text).toBe('decline');
  });

  it('an optional tool that asks while its record cannot be made asks on the request (MRTR)', async () => {
    const { store } = flakyStore({ createMs: 40, maxTasks: 1 });
    const { send } = serve(store, [
      {
        name: 'hold',
        description: 'h',
        input: z.object({}),
        task: 'required',
        handler: async () => (await sleep(5_000), 'held'),
      },
      {
        name: 'opt',
        description: 'o',
        input: z.object({}),
        task: 'optional',
        handler: async (_a: unknown, ctx: any) => (
          await sleep(30), (await ctx.ask({ ok: elicit('Ok?', Ok) })).ok.action
        ),
      },
    ]);
    expect((await send('tools/call', { name: 'hold', arguments: {} })).result.resultType).toBe('task');
    expect((await send('tools/call', { name: 'opt', arguments: {} })).result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { ok: {} },
    });
  });

  it('a request cancelled while its task is being made gets no answer; the record ends cancelled', async () => {
    const { store, created } = flakyStore({ createMs: 40 });
    const { send, until } = serve(store, [
      {
        name: 'w',
        description: 'w',
        input: z.object({}),
        task: 'required',
        handler: async (_a: unknown, ctx: any) => (await sleep(2_000, undefined, { signal: ctx.signal }), 'w'),
      },
    ]);
    const abort = new AbortController();
    const answer = send('tools/call', { name: 'w', arguments: {} }, { signal: abort.signal });
    await sleep(20);
    abort.abort();
    expect(await answer).toBeNull();
    expect(created).toHaveLength(1);
    expect(await until(created[0]!, (status) => status !== 'working')).toMatchObject({ status: 'cancelled' });
  });

  it('shutdown waits for each task to write how it ended', async () => {
    const { store } = flakyStore({ updateMs: 50 });
    const { send, server } = serve(store, [
      {
        name: 'long',
        description: 'l',
        input: z.object({}),
        task: 'required',
        handler: async (_a: unknown, ctx: any) => (await sleep(10_000, undefined, { signal: ctx.signal }), 'never'),
      },
    ]);
    const { taskId } = (await send('tools/call', { name: 'long', arguments: {} })).result;
    await server.stopTasks();
    expect(await store.get(taskId)).toMatchObject({
      status: 'completed',
      result: { content: [{ text: 'tool long was stopped: the server is shutting down' }], isError: true },
    });
  });
});

describe('tasks after shutdown stopped them', () => {
  it('a call that would become a task once the tasks were stopped (one that waited for a slot) stops instead of making one', async () => {
    const { store, created } = flakyStore();
    const { send, server } = serve(store, [
      {
        name: 'long',
        description: 'l',
        input: z.object({}),
        task: 'required',
        handler: async (_a: unknown, ctx: any) => (await sleep(10_000, undefined, { signal: ctx.signal }), 'never'),
      },
      {
        name: 'slowish',
        description: 's',
        input: z.object({}),
        task: 'optional',
        handler: async (_a: unknown, ctx: any) => (await sleep(10_000, undefined, { signal: ctx.signal }), 'never'),
      },
    ]);
    await server.stopTasks();
    for (const name of ['long', 'slowish']) {
      const frame = await send('tools/call', { name, arguments: {} });
      expect(frame.result).toMatchObject({
        resultType: 'complete',
        content: [{ type: 'text', text: `tool ${name} was stopped: the server is shutting down` }],
        isError: true,
      });
    }
    expect(created).toStrictEqual([]);
  });
});

describe('tasks at the edges of time', () => {
  it('a required tool becomes a task at the end of the turn it started in: what it asks in that turn is MRTR, what it asks later the task’s', async () => {
    const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
    const { store } = flakyStore();
    const { send } = serve(store, [
      {
        name: 'now',
        description: 'n',
        input: z.object({}),
        task: 'required',
        handler: async (_a: unknown, ctx: any) => (
          await Promise.resolve(), (await ctx.ask({ ok: elicit('Ok?', Ok) })).ok.action
        ),
      },
      {
        name: 'later',
        description: 'l',
        input: z.object({}),
        task: 'required',
        handler: async (_a: unknown, ctx: any) => (
          await turn(), await turn(), (await ctx.ask({ ok: elicit('Ok?', Ok) })).ok.action
        ),
      },
    ]);
    const kinds = { now: new Set<string>(), later: new Set<string>() };
    for (let i = 0; i < 40; i++) {
      kinds.now.add((await send('tools/call', { name: 'now', arguments: {} })).result.resultType);
      kinds.later.add((await send('tools/call', { name: 'later', arguments: {} })).result.resultType);
    }
    expect({ now: [...kinds.now], later: [...kinds.later] }).toStrictEqual({
      now: ['input_required'],
      later: ['task'],
    });
  });

  it('a retry of a required tool runs its round once its requestState is open: what it asks at once is still MRTR; a state that does not open is -32602 on the request', async () => {
    const { store, created } = flakyStore();
    const { send } = serve(store, [
      {
        name: 'two',
        description: 't',
        input: z.object({}),
        task: 'required',
        handler: async (_a: unknown, ctx: any) => {
          const { a } = await ctx.ask({ a: elicit('A?', Ok) });
          const { b } = await ctx.ask({ b: elicit('B?', Ok) });
          return `${a.content.ok} ${b.content.ok}`;
        },
      },
    ]);
    for (let i = 0; i < 20; i++) {
      const first = (await send('tools/call', { name: 'two', arguments: {} })).result;
      expect({ resultType: first.resultType, asks: Object.keys(first.inputRequests) }).toStrictEqual({
        resultType: 'input_required',
        asks: ['a'],
      });
      const retried = (
        await send('tools/call', {
          name: 'two',
          arguments: {},
          inputResponses: { a: { action: 'accept', content: { ok: true } } },
          requestState: first.requestState,
        })
      ).result;
      expect({ resultType: retried.resultType, asks: Object.keys(retried.inputRequests ?? {}) }).toStrictEqual({
        resultType: 'input_required',
        asks: ['b'],
      });
      const tampered = `${first.requestState.slice(0, -4)}AAAA`;
      const refused = await send('tools/call', {
        name: 'two',
        arguments: {},
        inputResponses: { a: { action: 'accept', content: { ok: true } } },
        requestState: tampered,
      });
      expect(refused.error).toMatchObject({ code: -32602, data: { reason: 'invalid_request_state' } });
    }
    expect(created).toStrictEqual([]); // no round became a task
  });

  it('with ttlMs null, ended tasks make room for new ones once the store is full', async () => {
    const store = memoryTaskStore({ maxTasks: 3 });
    const { send } = serve(
      store,
      [{ name: 'now', description: 'n', input: z.object({}), task: 'required', handler: async () => 'now' }],
      { ttlMs: null },
    );
    const kinds: string[] = [];
    for (let i = 0; i < 6; i++)
      kinds.push((await send('tools/call', { name: 'now', arguments: {} })).result.resultType);
    expect(kinds).toStrictEqual(['task', 'task', 'task', 'task', 'task', 'task']);
  });
});
