// Asking the client on 2025 through handle(): the server's own requests go out on the asking
// request's channel, the client's responses come back through handle() and are routed to them;
// errors, cancels, timeouts, stray responses, limits and the roots cache.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Message } from '../../../schemas/jsonrpc.js';
import {
  McpServer,
  definePrompt,
  defineTool,
  elicit,
  elicitUrl,
  listRoots,
  sample,
  type Session,
} from '../../../src/index.js';

const Name = z.object({ name: z.string() });
const greet = defineTool({
  name: 'greet',
  description: 'Asks a name.',
  input: z.object({}),
  handler: async (_args, ctx) => {
    const { who } = await ctx.ask({ who: elicit('What is your name?', Name) });
    return who.action === 'accept' ? `Hello, ${who.content.name}!` : `no name (${who.action})`;
  },
});
const both = defineTool({
  name: 'both',
  description: 'Asks two things at once, then a third.',
  input: z.object({}),
  handler: async (_args, ctx) => {
    const first = await ctx.ask({ roots: listRoots(), reply: sample({ messages: 'hi', maxTokens: 5 }) });
    const { go } = await ctx.ask({ go: elicitUrl('Sign in, please', 'https://example.com/login') });
    return `${first.roots.roots.map((root) => root.uri).join(',')} ${JSON.stringify(first.reply.content)} ${go.action}`;
  },
});
const roots = defineTool({
  name: 'roots',
  description: 'Lists the roots.',
  input: z.object({}),
  handler: async (_args, ctx) => (await ctx.ask({ roots: listRoots() })).roots.roots.map((root) => root.uri).join(','),
});
const steps = defineTool({
  name: 'steps',
  description: 'Reports progress, asks, and reports again (the run after the answer repeats the first step).',
  input: z.object({}),
  handler: async (_args, ctx) => {
    ctx.progress(1, 3, 'looking');
    const { who } = await ctx.ask({ who: elicit('What is your name?', Name) });
    ctx.progress(2, 3, 'greeting');
    return who.action === 'accept' ? `Hello, ${who.content.name}!` : 'no name';
  },
});
const focus = definePrompt({
  name: 'focus',
  description: 'Asks what to focus on.',
  get: async (_args, ctx) => {
    const { topic } = await ctx.ask({ topic: elicit('Focus on?', z.object({ topic: z.string() })) });
    return topic.action === 'accept' ? `Focus on ${topic.content.topic}.` : 'Focus on anything.';
  },
});

type Answer = (request: { id: number; method: string; params?: unknown }) => unknown;

/** A 2025 client on one session: it records what the server sends and answers requests with `answer`. */
async function connect(
  options: {
    capabilities?: object;
    protocolVersion?: string;
    answer?: Answer;
    timeoutMs?: number;
    onError?: (error: unknown) => void;
  } = {},
) {
  const server = new McpServer({
    name: 's',
    version: '1',
    tools: [greet, both, roots, steps],
    prompts: [focus],
    timeoutMs: options.timeoutMs,
    onError: options.onError,
  });
  const sent: Message[] = [];
  let session: Session;
  const notify = (message: Message) => {
    sent.push(message);
    if (!('id' in message) || !('method' in message) || options.answer === undefined) return;
    const result = options.answer(message as never);
    if (result !== undefined)
      setTimeout(() => void server.handle({ jsonrpc: '2.0', id: message.id, ...(result as object) }, { session }), 1);
  };
  session = server.createSession({ notify });
  await server.handle(
    {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: options.protocolVersion ?? '2025-11-25',
        capabilities: options.capabilities ?? { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} },
        clientInfo: { name: 'c', version: '1' },
      },
    },
    { session },
  );
  const call = (id: number, name: string, context: { signal?: AbortSignal } = {}) =>
    server.handle(
      { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } },
      { session, notify, ...context },
    );
  return { server, session, sent, call, notify };
}

const accepted = { result: { action: 'accept', content: { name: 'Ada' } } };
const text = (frame: unknown) => (frame as { result: { content: { text: string }[]; isError: boolean } }).result;

describe('2025: a handler that asks sends the client requests of its own', () => {
  it('progress the run after an answer repeats is not sent again (progress must increase); what is new is', async () => {
    const { server, session, sent, notify } = await connect({ answer: () => accepted });
    const frame = await server.handle(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'steps', arguments: {}, _meta: { progressToken: 'p' } },
      },
      { session, notify },
    );
    expect(frame).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'Hello, Ada!' }], isError: false },
    });
    expect(
      sent.map((message) =>
        'method' in message
          ? `${message.method} ${JSON.stringify((message.params as { message?: string }).message ?? '')}`
          : 'response',
      ),
    ).toStrictEqual([
      'notifications/progress "looking"',
      'elicitation/create "What is your name?"',
      'notifications/progress "greeting"',
    ]);
  });

  it('sends elicitation/create with the form (mode form on 2025-11-25) and answers with what came back', async () => {
    const { sent, call } = await connect({ answer: () => accepted });
    expect(await call(1, 'greet')).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'Hello, Ada!' }], isError: false },
    });
    expect(sent).toStrictEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: 'What is your name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        },
      },
    ]);
  });

  it('leaves out `mode` for a client of an earlier revision', async () => {
    const { sent, call } = await connect({
      protocolVersion: '2025-06-18',
      capabilities: { elicitation: {} },
      answer: () => accepted,
    });
    await call(1, 'greet');
    expect((sent[0] as { params: object }).params).toStrictEqual({
      message: 'What is your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
  });

  it('sends the questions of one round together, then the next round; URL mode carries an elicitationId', async () => {
    const { sent, call } = await connect({
      answer: (request) =>
        request.method === 'roots/list'
          ? { result: { roots: [{ uri: 'file:///a' }, { uri: 'file:///b' }] } }
          : request.method === 'sampling/createMessage'
            ? { result: { role: 'assistant', content: { type: 'text', text: 'yo' }, model: 'm' } }
            : { result: { action: 'accept' } },
    });
    expect(text(await call(1, 'both'))).toStrictEqual({
      content: [{ type: 'text', text: 'file:///a,file:///b {"type":"text","text":"yo"} accept' }],
      isError: false,
    });
    expect(
      sent.map((message) => [(message as { id: number }).id, (message as { method: string }).method]),
    ).toStrictEqual([
      [1, 'roots/list'],
      [2, 'sampling/createMessage'],
      [3, 'elicitation/create'],
    ]);
    expect(sent[0]).toStrictEqual({ jsonrpc: '2.0', id: 1, method: 'roots/list' });
    expect((sent[2] as { params: object }).params).toStrictEqual({
      mode: 'url',
      message: 'Sign in, please',
      url: 'https://example.com/login',
      elicitationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('an answer that does not fit the form, or an error response, is an isError result saying so', async () => {
    const misfit = await connect({ answer: () => ({ result: { action: 'accept', content: { name: 7 } } }) });
    expect(text(await misfit.call(1, 'greet'))).toStrictEqual({
      content: [
        {
          type: 'text',
          text: 'the client\'s answer to "who" (elicitation/create) does not fit the form (name: expected string, received number)',
        },
      ],
      isError: true,
    });
    const refusing = await connect({ answer: () => ({ error: { code: -32601, message: 'Method not found' } }) });
    expect(text(await refusing.call(1, 'greet'))).toStrictEqual({
      content: [{ type: 'text', text: 'the client answered elicitation/create with error -32601: Method not found' }],
      isError: true,
    });
  });

  it('a prompt that cannot ask is -32603 with the reason as data', async () => {
    const { server, session } = await connect({ capabilities: {} });
    expect(
      await server.handle({ jsonrpc: '2.0', id: 1, method: 'prompts/get', params: { name: 'focus' } }, { session }),
    ).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32603,
        message: 'Internal error',
        data: 'cannot ask the client: it did not declare the elicitation capability (form)',
      },
    });
  });

  it('a request with no channel to the client (handle() without notify, as in process mode) fails at once', async () => {
    const server = new McpServer({ name: 's', version: '1', tools: [greet] });
    const session = server.createSession();
    await server.handle(
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: { elicitation: {} },
          clientInfo: { name: 'c', version: '1' },
        },
      },
      { session },
    );
    expect(
      text(
        await server.handle({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'greet' } }, { session }),
      ),
    ).toStrictEqual({
      content: [{ type: 'text', text: 'cannot ask the client: this connection carries no requests to it' }],
      isError: true,
    });
    const stateless = server.createSession({ acceptsResponses: false, notify: () => undefined });
    await server.handle(
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: { elicitation: {} },
          clientInfo: { name: 'c', version: '1' },
        },
      },
      { session: stateless },
    );
    expect(
      text(
        await server.handle(
          { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'greet' } },
          { session: stateless, notify: () => undefined },
        ),
      ),
    ).toMatchObject({
      content: [
        { text: 'cannot ask the client: a stateless HTTP request has no session for its answers to come back to' },
      ],
      isError: true,
    });
  });

  it('a cancelled call tells the client its request is void and answers nothing; a late answer is only noted', async () => {
    const notes: unknown[] = [];
    const { sent, call, server, session } = await connect({ onError: (error) => notes.push(error) });
    const controller = new AbortController();
    const answer = call(1, 'greet', { signal: controller.signal });
    await sleep(10);
    controller.abort();
    expect(await answer).toBeNull();
    expect(sent).toStrictEqual([
      expect.objectContaining({ id: 1, method: 'elicitation/create' }),
      {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 1, reason: 'the request that asked has ended' },
      },
    ]);
    expect(await server.handle({ jsonrpc: '2.0', id: 1, ...accepted }, { session })).toBeNull();
    expect(notes.map(String)).toStrictEqual(['Error: ignored a response to no request waiting for one (id 1)']);
  });

  it('a client that never answers ends with the call timeout', async () => {
    const { call, sent } = await connect({ timeoutMs: 50 });
    expect(text(await call(1, 'greet'))).toStrictEqual({
      content: [{ type: 'text', text: 'tool greet timed out after 50 ms' }],
      isError: true,
    });
    expect(sent.at(-1)).toStrictEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 1, reason: 'the request that asked has ended' },
    });
  });

  it('a duplicate response is only noted, and never crashes the session', async () => {
    const notes: unknown[] = [];
    const { call, server, session } = await connect({ answer: () => accepted, onError: (error) => notes.push(error) });
    expect(text(await call(1, 'greet')).content[0]!.text).toBe('Hello, Ada!');
    expect(await server.handle({ jsonrpc: '2.0', id: 1, ...accepted }, { session })).toBeNull();
    expect(
      await server.handle({ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'late' } }, { session }),
    ).toBeNull();
    expect(notes).toHaveLength(2);
    expect(text(await call(2, 'greet')).content[0]!.text).toBe('Hello, Ada!');
  });

  it('at most 32 requests wait for the client on one session; the next call is told so', async () => {
    const { call, session } = await connect();
    const waiting = Array.from({ length: 32 }, (_, index) => call(index + 1, 'greet'));
    await sleep(10);
    expect(session.outbound.size).toBe(32);
    expect(text(await call(99, 'greet'))).toStrictEqual({
      content: [{ type: 'text', text: 'cannot ask the client: 32 requests to it are already waiting for answers' }],
      isError: true,
    });
    session.close();
    expect((await Promise.all(waiting)).map((frame) => text(frame).isError)).toStrictEqual(Array(32).fill(true));
  });

  it('the roots of a client that promises listChanged are asked once, and again after notifications/roots/list_changed', async () => {
    let listed = 0;
    const { call, server, session } = await connect({
      capabilities: { roots: { listChanged: true } },
      answer: () => ({ result: { roots: [{ uri: `file:///v${++listed}` }] } }),
    });
    expect(text(await call(1, 'roots')).content[0]!.text).toBe('file:///v1');
    expect(text(await call(2, 'roots')).content[0]!.text).toBe('file:///v1');
    await server.handle({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }, { session });
    expect(text(await call(3, 'roots')).content[0]!.text).toBe('file:///v2');
    const forgetful = await connect({
      capabilities: { roots: {} },
      answer: () => ({ result: { roots: [{ uri: `file:///w${++listed}` }] } }),
    });
    expect(text(await forgetful.call(1, 'roots')).content[0]!.text).toBe('file:///w3');
    expect(text(await forgetful.call(2, 'roots')).content[0]!.text).toBe('file:///w4');
  });

  it('when one question of a round fails, the others are withdrawn: nothing is left waiting', async () => {
    const server = new McpServer({
      name: 's',
      version: '1',
      tools: [
        defineTool({
          name: 'two',
          description: 'Asks two things at once.',
          input: z.object({}),
          handler: async (_args, ctx) => {
            await ctx.ask({ a: elicit('A?', Name), b: elicit('B?', Name) });
            return 'both';
          },
        }),
      ],
    });
    const sent: Message[] = [];
    let session: Session;
    const notify = (message: Message) => {
      sent.push(message);
      // The client refuses the first question and never answers the second.
      if ('id' in message && message.id === 1)
        setTimeout(
          () => void server.handle({ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'no' } }, { session }),
          1,
        );
    };
    session = server.createSession({ notify });
    await server.handle(
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: { elicitation: {} },
          clientInfo: { name: 'c', version: '1' },
        },
      },
      { session },
    );
    expect(
      text(
        await server.handle(
          { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'two' } },
          { session, notify },
        ),
      ),
    ).toMatchObject({
      content: [{ text: 'the client answered elicitation/create with error -1: no' }],
      isError: true,
    });
    expect(session.outbound.size).toBe(0);
    expect(sent.at(-1)).toStrictEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 2, reason: 'the request that asked has ended' },
    });
  });

  it('a response with error: null is a result; a malformed one fails its request and is never answered', async () => {
    const ok = await connect({
      answer: () => ({ result: { action: 'accept', content: { name: 'Ada' } }, error: null }),
    });
    expect(text(await ok.call(1, 'greet')).content[0]!.text).toBe('Hello, Ada!');
    for (const bad of [{ error: { code: -1 } }, { error: 'boom' }, { result: 'accept', error: 5 }]) {
      let answered: unknown = 'not yet';
      const { server, session, call } = await connect();
      const pending = call(1, 'greet');
      await sleep(5);
      answered = await server.handle({ jsonrpc: '2.0', id: 1, ...bad }, { session });
      expect(answered).toBeNull();
      expect(text(await pending)).toStrictEqual({
        content: [{ type: 'text', text: 'the client answered elicitation/create with a malformed response' }],
        isError: true,
      });
    }
  });

  it('a channel that throws fails the question or the withdrawal quietly, never the process', async () => {
    const server = new McpServer({ name: 's', version: '1', tools: [greet] });
    const session = server.createSession();
    await server.handle(
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: { elicitation: {} },
          clientInfo: { name: 'c', version: '1' },
        },
      },
      { session },
    );
    const broken = () => {
      throw new Error('stream closed');
    };
    expect(
      text(
        await server.handle(
          { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'greet' } },
          { session, notify: broken },
        ),
      ),
    ).toMatchObject({
      content: [{ text: 'cannot ask the client: this connection carries no requests to it' }],
      isError: true,
    });
    expect(session.outbound.size).toBe(0);
    let calls = 0;
    const failsLater = () => {
      if (++calls > 1) throw new Error('stream closed');
    };
    const controller = new AbortController();
    const pending = server.handle(
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'greet' } },
      { session, notify: failsLater, signal: controller.signal },
    );
    await sleep(5);
    controller.abort();
    expect(await pending).toBeNull();
    expect(session.outbound.size).toBe(0);
  });
});
