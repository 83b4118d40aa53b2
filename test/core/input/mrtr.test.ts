// Asking the client on 2026 (MRTR) through handle(): input_required frames, retries, multiple and
// multi-round questions, memo, capability gating, prompts and resources that ask, and the round limit.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  McpServer,
  defineResource,
  defineResourceTemplate,
  definePrompt,
  defineTool,
  elicit,
  elicitUrl,
  listRoots,
  sample,
} from '../../../src/index.js';
import { envelope, serverInfoMeta } from '../../helpers/eras.js';

const ALL = { elicitation: {}, sampling: {}, roots: {} };
const meta = (capabilities: object = ALL) => envelope({ 'io.modelcontextprotocol/clientCapabilities': capabilities });
const Name = z.object({ name: z.string() });
const form = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };

let runs = 0;
const greet = defineTool({
  name: 'greet',
  description: 'Asks a name.',
  input: z.object({ loud: z.boolean().default(false) }),
  handler: async ({ loud }, ctx) => {
    runs++;
    const { who } = await ctx.ask({ who: elicit('What is your name?', Name) });
    if (who.action !== 'accept') return `no name (${who.action})`;
    return loud ? `HELLO, ${who.content.name.toUpperCase()}!` : `Hello, ${who.content.name}!`;
  },
});
const survey = defineTool({
  name: 'survey',
  description: 'Asks in two rounds and remembers a value of its own.',
  input: z.object({}),
  handler: async (_args, ctx) => {
    const ticket = await ctx.memo('ticket', () => `T-${++runs}`);
    const first = await ctx.ask({ who: elicit('Name?', Name), roots: listRoots() });
    const second = await ctx.ask({ mood: sample({ messages: 'How do I feel?', maxTokens: 10 }) });
    const mood = second.mood.content;
    return JSON.stringify({ ticket, who: first.who, roots: first.roots.roots.length, mood });
  },
});
const loop = defineTool({
  name: 'loop',
  description: 'Asks a new question every round.',
  input: z.object({}),
  handler: async (_args, ctx) => {
    for (let i = 0; ; i++) await ctx.ask({ [`q${i}`]: elicit(`Question ${i}?`, Name) });
  },
});

const read = defineResource({
  uri: 'secret://vault',
  name: 'vault',
  read: async (ctx) => {
    const { pin } = await ctx.ask({ pin: elicit('PIN?', z.object({ pin: z.string().regex(/^\d{4}$/) })) });
    return pin.action === 'accept' ? `opened with ${pin.content.pin}` : 'closed';
  },
});
const prompt = definePrompt({
  name: 'focus',
  description: 'Asks what to focus on.',
  get: async (_args, ctx) => {
    const { topic } = await ctx.ask({ topic: elicit('Focus on?', z.object({ topic: z.string() })) });
    return topic.action === 'accept' ? `Focus on ${topic.content.topic}.` : 'Focus on anything.';
  },
});

const server = new McpServer({
  name: 'test-server',
  version: '1.2.3',
  tools: [greet, survey, loop],
  resources: [read],
  prompts: [prompt],
  maxInputRounds: 3,
});
const call = (id: number, name: string, extra: Record<string, unknown> = {}, capabilities: object = ALL) =>
  server.handle({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: {}, ...extra, _meta: meta(capabilities) },
  });
const stateOf = (frame: unknown) => (frame as { result: { requestState: string } }).result.requestState;

describe('2026: a handler that asks answers input_required', () => {
  it('round 1: resultType first, the questions as the client must send them, a sealed state, serverInfo; nothing cacheable', async () => {
    const frame = await call(1, 'greet');
    expect(Object.keys((frame as { result: object }).result)).toStrictEqual([
      'resultType',
      'inputRequests',
      'requestState',
      '_meta',
    ]);
    expect(frame).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        resultType: 'input_required',
        inputRequests: {
          who: {
            method: 'elicitation/create',
            params: { mode: 'form', message: 'What is your name?', requestedSchema: form },
          },
        },
        requestState: expect.stringMatching(/^v1\.[A-Za-z0-9_-]+$/),
        ...serverInfoMeta(),
      },
    });
  });

  it('round 2: the retry with the answer and the state completes; the handler ran again from the start', async () => {
    runs = 0;
    const first = await call(1, 'greet', { arguments: { loud: true } });
    const done = await call(2, 'greet', {
      arguments: { loud: true },
      inputResponses: { who: { action: 'accept', content: { name: 'Ada' } } },
      requestState: stateOf(first),
    });
    expect(done).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      result: {
        resultType: 'complete',
        content: [{ type: 'text', text: 'HELLO, ADA!' }],
        isError: false,
        ...serverInfoMeta(),
      },
    });
    expect(runs).toBe(2);
  });

  it('decline and cancel reach the handler as they are', async () => {
    const state = stateOf(await call(1, 'greet'));
    for (const action of ['decline', 'cancel']) {
      const done = await call(2, 'greet', { inputResponses: { who: { action } }, requestState: state });
      expect(done).toMatchObject({ result: { resultType: 'complete', content: [{ text: `no name (${action})` }] } });
    }
  });

  it('a missing answer, a wrong key or an answer that does not fit the form asks again; extra keys are ignored', async () => {
    const state = stateOf(await call(1, 'greet'));
    for (const inputResponses of [
      {},
      { other: { action: 'accept', content: { name: 'x' } } },
      { who: { action: 'accept', content: { name: 42 } } },
      { who: 12345 },
    ]) {
      const again = await call(2, 'greet', { inputResponses, requestState: state });
      expect(again).toMatchObject({
        result: { resultType: 'input_required', inputRequests: { who: { method: 'elicitation/create' } } },
      });
      expect(stateOf(again)).not.toBe(state);
    }
    const done = await call(3, 'greet', {
      inputResponses: { who: { action: 'accept', content: { name: 'Bo' } }, extra: { anything: true } },
      requestState: state,
    });
    expect(done).toMatchObject({ result: { resultType: 'complete', content: [{ text: 'Hello, Bo!' }] } });
  });

  it('answers sent without a state (a client that knows the questions) are read too', async () => {
    const done = await call(1, 'greet', { inputResponses: { who: { action: 'accept', content: { name: 'Cy' } } } });
    expect(done).toMatchObject({ result: { resultType: 'complete', content: [{ text: 'Hello, Cy!' }] } });
  });

  it('several questions at once, then another round; earlier answers and memo travel in the state', async () => {
    runs = 0;
    const r1 = await call(1, 'survey');
    expect((r1 as unknown as { result: { inputRequests: object } }).result.inputRequests).toStrictEqual({
      who: { method: 'elicitation/create', params: { mode: 'form', message: 'Name?', requestedSchema: form } },
      roots: { method: 'roots/list', params: {} },
    });
    const r2 = await call(2, 'survey', {
      inputResponses: { who: { action: 'accept', content: { name: 'Di' } }, roots: { roots: [{ uri: 'file:///w' }] } },
      requestState: stateOf(r1),
    });
    expect((r2 as unknown as { result: { inputRequests: object } }).result.inputRequests).toStrictEqual({
      mood: {
        method: 'sampling/createMessage',
        params: { messages: [{ role: 'user', content: { type: 'text', text: 'How do I feel?' } }], maxTokens: 10 },
      },
    });
    const r3 = await call(3, 'survey', {
      inputResponses: { mood: { role: 'assistant', content: { type: 'text', text: 'fine' }, model: 'm' } },
      requestState: stateOf(r2),
    });
    expect(
      JSON.parse((r3 as unknown as { result: { content: { text: string }[] } }).result.content[0]!.text),
    ).toStrictEqual({
      ticket: 'T-1',
      who: { action: 'accept', content: { name: 'Di' } },
      roots: 1,
      mood: { type: 'text', text: 'fine' },
    });
    expect(runs).toBe(1); // memo computed once, across three rounds
  });

  it('asking what this request did not declare is -32021 naming what is needed; canAsk tells first', async () => {
    expect(await call(1, 'greet', {}, { sampling: {} })).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32021,
        message: 'Missing required client capability',
        data: { requiredCapabilities: { elicitation: { form: {} } } },
      },
    });
    expect(await call(2, 'survey', {}, { elicitation: { url: {} } })).toMatchObject({
      error: { code: -32021, data: { requiredCapabilities: { elicitation: { form: {} }, roots: {} } } },
    });
    const ctxProbe = defineTool({
      name: 'probe',
      description: 'Reports what it may ask.',
      input: z.object({}),
      handler: (_args, ctx) =>
        JSON.stringify([
          ctx.canAsk(elicit('?', Name)),
          ctx.canAsk(elicitUrl('?', 'https://example.com/login')),
          ctx.canAsk(sample({ messages: 'x', maxTokens: 1 })),
          ctx.canAsk(sample({ messages: 'x', maxTokens: 1, tools: [{ name: 't', inputSchema: { type: 'object' } }] })),
          ctx.canAsk(listRoots()),
        ]),
    });
    const probing = new McpServer({ name: 'p', version: '1', tools: [ctxProbe] });
    const probe = async (capabilities: object) =>
      (
        (await probing.handle({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'probe', _meta: meta(capabilities) },
        })) as unknown as { result: { content: { text: string }[] } }
      ).result.content[0]!.text;
    expect(await probe({})).toBe('[false,false,false,false,false]');
    expect(await probe({ elicitation: {}, sampling: {}, roots: {} })).toBe('[true,false,true,false,true]');
    expect(await probe({ elicitation: { url: {} }, sampling: { tools: {} } })).toBe('[false,true,true,true,false]');
  });

  it('a call that keeps asking stops after maxInputRounds with an isError result', async () => {
    let frame = await call(1, 'loop');
    for (let round = 1; round < 3; round++) {
      frame = await call(round + 1, 'loop', {
        inputResponses: { [`q${round - 1}`]: { action: 'decline' } },
        requestState: stateOf(frame),
      });
      expect(frame).toMatchObject({ result: { resultType: 'input_required' } });
    }
    const stopped = await call(9, 'loop', {
      inputResponses: { q2: { action: 'decline' } },
      requestState: stateOf(frame),
    });
    expect(stopped).toMatchObject({
      result: {
        resultType: 'complete',
        isError: true,
        content: [{ text: 'asked the client for input in more than 3 rounds; stopped' }],
      },
    });
  });

  it('prompts/get and resources/read ask the same way; the retry of a read is never cacheable', async () => {
    const p1 = await server.handle({
      jsonrpc: '2.0',
      id: 1,
      method: 'prompts/get',
      params: { name: 'focus', _meta: meta() },
    });
    expect(p1).toMatchObject({
      result: { resultType: 'input_required', inputRequests: { topic: { method: 'elicitation/create' } } },
    });
    const p2 = await server.handle({
      jsonrpc: '2.0',
      id: 2,
      method: 'prompts/get',
      params: {
        name: 'focus',
        inputResponses: { topic: { action: 'accept', content: { topic: 'tests' } } },
        requestState: stateOf(p1),
        _meta: meta(),
      },
    });
    expect(p2).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      result: {
        resultType: 'complete',
        messages: [{ role: 'user', content: { type: 'text', text: 'Focus on tests.' } }],
        ...serverInfoMeta(),
      },
    });
    const r1 = await server.handle({
      jsonrpc: '2.0',
      id: 3,
      method: 'resources/read',
      params: { uri: 'secret://vault', _meta: meta() },
    });
    expect(Object.keys((r1 as { result: object }).result)).toStrictEqual([
      'resultType',
      'inputRequests',
      'requestState',
      '_meta',
    ]);
    const r2 = await server.handle({
      jsonrpc: '2.0',
      id: 4,
      method: 'resources/read',
      params: {
        uri: 'secret://vault',
        inputResponses: { pin: { action: 'accept', content: { pin: '1234' } } },
        requestState: stateOf(r1),
        _meta: meta(),
      },
    });
    expect(r2).toStrictEqual({
      jsonrpc: '2.0',
      id: 4,
      result: {
        resultType: 'complete',
        contents: [{ uri: 'secret://vault', text: 'opened with 1234' }],
        ttlMs: 0,
        cacheScope: 'private',
        ...serverInfoMeta(),
      },
    });
  });

  it('inputResponses that is no object, or a requestState that is no string, is -32602', async () => {
    expect(await call(1, 'greet', { inputResponses: null })).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32602,
        message: 'Invalid params',
        data: 'params.inputResponses: expected an object of answers by key',
      },
    });
    expect(await call(2, 'greet', { requestState: 7 })).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32602, message: 'Invalid params', data: 'params.requestState: expected a string' },
    });
  });

  it('ask is refused outside tools/call, prompts/get and resources/read: a template list() that asks fails resources/list', async () => {
    const errors: unknown[] = [];
    const template = defineResourceTemplate({
      uriTemplate: 'notes://{id}',
      name: 'note',
      variables: z.object({ id: z.string() }),
      list: async (ctx) => {
        await ctx.ask({ who: elicit('Who?', Name) });
        return [];
      },
      read: ({ id }) => id,
    });
    const listing = new McpServer({
      name: 'p',
      version: '1',
      resources: [template],
      onError: (error) => errors.push(error),
    });
    expect(
      await listing.handle({ jsonrpc: '2.0', id: 1, method: 'resources/list', params: { _meta: meta() } }),
    ).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'Internal error' },
    });
    expect(String(errors[0])).toContain('ctx.ask is for tools/call, prompts/get and resources/read only');
  });

  it('an answer still being read when a sibling ask ends the run is kept in the state (Promise.all of two asks)', async () => {
    const slow = z.object({
      x: z.string().refine(async () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 5))),
    });
    const pair = defineTool({
      name: 'pair',
      description: 'Asks two things at once.',
      input: z.object({}),
      handler: async (_args, ctx) => {
        const [a, b] = await Promise.all([
          ctx.ask({ a: elicit('A?', slow) }),
          ctx.ask({ b: elicit('B?', z.object({ y: z.string() })) }),
        ]);
        return `${a.a.action} ${b.b.action}`;
      },
    });
    const paired = new McpServer({ name: 'p', version: '1', tools: [pair] });
    const send = (extra: object) =>
      paired.handle({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'pair', arguments: {}, ...extra, _meta: meta() },
      });
    const r1 = await send({});
    const r2 = await send({
      requestState: stateOf(r1),
      inputResponses: { a: { action: 'accept', content: { x: 'A' } } },
    });
    expect(Object.keys((r2 as unknown as { result: { inputRequests: object } }).result.inputRequests)).toStrictEqual([
      'b',
    ]);
    const r3 = await send({
      requestState: stateOf(r2),
      inputResponses: { b: { action: 'accept', content: { y: 'B' } } },
    });
    expect(r3).toMatchObject({ result: { resultType: 'complete', content: [{ text: 'accept accept' }] } });
  });

  it('an ask the handler does not await still ends the round, with no unhandled rejection', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const careless = defineTool({
        name: 'careless',
        description: 'Asks without awaiting.',
        input: z.object({}),
        handler: (_args, ctx) => {
          void ctx.ask({ who: elicit('Who?', Name) });
          return 'returned at once';
        },
      });
      const server2 = new McpServer({ name: 'p', version: '1', tools: [careless] });
      const frame = await server2.handle({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'careless', _meta: meta() },
      });
      expect(frame).toMatchObject({
        result: { resultType: 'input_required', inputRequests: { who: { method: 'elicitation/create' } } },
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(rejections).toStrictEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('a read answered with inputResponses but no state is not cacheable either', async () => {
    const cached = new McpServer({
      name: 'test-server',
      version: '1.2.3',
      resources: [read],
      cache: { 'resources/read': { ttlMs: 60_000, cacheScope: 'public' } },
    });
    const frame = await cached.handle({
      jsonrpc: '2.0',
      id: 1,
      method: 'resources/read',
      params: {
        uri: 'secret://vault',
        inputResponses: { pin: { action: 'accept', content: { pin: '1234' } } },
        _meta: meta(),
      },
    });
    expect(frame).toMatchObject({
      result: { contents: [{ text: 'opened with 1234' }], ttlMs: 0, cacheScope: 'private' },
    });
  });
});
