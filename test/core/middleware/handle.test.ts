// Middleware through `handle`, in both eras: the order of an onion, refusals (an error frame, an
// isError result), params and answers changed, what a throw becomes, next() twice, a middleware
// that returns nothing, what a request shows, the method filter, and MRTR and task rounds passed on.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ErrorCode,
  McpServer,
  ProtocolError,
  defineTool,
  elicit,
  type McpRequest,
  type Middleware,
} from '../../../src/index.js';
import { envelope, modern, eraRequest as request, eraTextResult as result } from '../../helpers/eras.js';

const add = defineTool({
  name: 'add',
  description: 'Adds.',
  input: z.object({ a: z.number(), b: z.number() }),
  handler: ({ a, b }) => String(a + b),
});
const askName = defineTool({
  name: 'ask_name',
  description: 'Asks for a name.',
  input: z.object({}),
  handler: async (_args, ctx) => {
    const { name } = await ctx.ask({ name: elicit('Your name?', z.object({ name: z.string() })) });
    return name.action === 'accept' ? `Hello, ${name.content.name}!` : 'no name';
  },
});
const slow = defineTool({
  name: 'slow',
  description: 'A task.',
  input: z.object({}),
  task: 'required',
  handler: async () => 'done',
});

const serve = (use: readonly Middleware[] = []) => serverWith(use);
function serverWith(use: readonly Middleware[] = [], onError?: (error: unknown) => void) {
  return new McpServer({
    name: 'test-server',
    version: '1.2.3',
    tools: [add, askName, slow],
    use,
    ...(onError === undefined ? {} : { onError }),
  });
}
const call = (era: '2025' | '2026', id: number, name: string, args: Record<string, unknown>) =>
  request(era, id, 'tools/call', { name, arguments: args });

describe.each(['2025', '2026'] as const)('middleware, %s', (era) => {
  it('runs as an onion, outermost first, around the method; a method filter adds only where it names', async () => {
    const order: string[] = [];
    const named =
      (label: string): Middleware =>
      async (_request, next) => {
        order.push(`${label} in`);
        const answer = await next();
        order.push(`${label} out`);
        return answer;
      };
    const server = serve([named('a'), named('b')]);
    server.use('tools/call', named('c')).use('tools/list', named('never'));
    expect(await server.handle(call(era, 1, 'add', { a: 1, b: 2 }))).toStrictEqual(result(era, 1, '3'));
    expect(order).toStrictEqual(['a in', 'b in', 'c in', 'c out', 'b out', 'a out']);
  });

  it('refuses: a ProtocolError is the error frame; a tools/call result of its own is what the model reads', async () => {
    const server = serve([
      (request, next) => {
        if (request.method === 'tools/call' && request.target === 'add')
          return { content: [{ type: 'text', text: 'add is resting; try again in 5 s' }], isError: true };
        if (request.method === 'tools/list')
          throw new ProtocolError(ErrorCode.InvalidRequest, 'lists are closed today');
        return next();
      },
    ]);
    expect(await server.handle(call(era, 1, 'add', { a: 1, b: 2 }))).toStrictEqual(
      result(era, 1, 'add is resting; try again in 5 s', true),
    );
    const list = request(era, 2, 'tools/list');
    expect(await server.handle(list)).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32600, message: 'Invalid Request', data: 'lists are closed today' },
    });
  });

  it('changes the params (checked again: a bad change is -32602) and the answer', async () => {
    const server = serve([
      async (request, next) => {
        const args = request.params.arguments as Record<string, unknown>;
        if (args.a === 0) return next({ ...request.params, arguments: 'not an object' });
        const answer = (await next({ ...request.params, arguments: { ...args, b: 100 } })) as {
          content: { text: string }[];
        };
        return { ...answer, content: [{ type: 'text', text: `${answer.content[0]!.text}!` }] };
      },
    ]);
    expect(await server.handle(call(era, 1, 'add', { a: 1, b: 2 }))).toStrictEqual(result(era, 1, '101!'));
    expect(await server.handle(call(era, 2, 'add', { a: 0, b: 2 }))).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32602, message: 'Invalid params', data: 'params.arguments: expected object, received string' },
    });
  });

  it("a middleware's throw is a handler's: an isError result in tools/call, -32603 elsewhere (and onError)", async () => {
    const reported: unknown[] = [];
    const server = serverWith([() => Promise.reject(new Error('the middleware broke'))], (error) =>
      reported.push(error),
    );
    expect(await server.handle(call(era, 1, 'add', { a: 1, b: 2 }))).toStrictEqual(
      result(era, 1, 'the middleware broke', true),
    );
    const list = request(era, 2, 'tools/list');
    expect(await server.handle(list)).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32603, message: 'Internal error' },
    });
    expect(reported.map((error) => (error as Error).message)).toStrictEqual(['the middleware broke']);
  });

  it('the next one out reads an inner failure as the result it is', async () => {
    let seen: unknown;
    const server = serve([
      async (_request, next) => (seen = await next()),
      () => {
        throw new Error('inner');
      },
    ]);
    expect(await server.handle(call(era, 1, 'add', { a: 1, b: 2 }))).toStrictEqual(result(era, 1, 'inner', true));
    expect(seen).toStrictEqual({ content: [{ type: 'text', text: 'inner' }], isError: true });
  });

  it('next() twice is refused; returning nothing after next() passes its answer on; returning nothing without it is a failure', async () => {
    const twice = serve([
      async (_request, next) => {
        await next();
        return next();
      },
    ]);
    expect(await twice.handle(call(era, 1, 'add', { a: 1, b: 2 }))).toStrictEqual(
      result(era, 1, 'middleware 1 of tools/call called next() twice: a request goes on once', true),
    );
    const quiet = serve([
      async (_request, next) => {
        await next();
      },
    ]);
    expect(await quiet.handle(call(era, 2, 'add', { a: 1, b: 2 }))).toStrictEqual(result(era, 2, '3'));
    const silent = serve([() => undefined]);
    expect(await silent.handle(call(era, 3, 'add', { a: 1, b: 2 }))).toStrictEqual(
      result(
        era,
        3,
        "middleware 1 of tools/call returned nothing and never called next(): return an answer, or next()'s",
        true,
      ),
    );
  });

  it('next() after the middleware answered is refused, and the method never runs (its answer would go nowhere)', async () => {
    let runs = 0;
    const counted = defineTool({
      name: 'counted',
      description: 'Counts its runs.',
      input: z.object({}),
      handler: () => String(++runs),
    });
    const late: Promise<unknown>[] = [];
    const refusals: string[] = [];
    const server = new McpServer({
      name: 'test-server',
      version: '1.2.3',
      tools: [counted],
      use: [
        (_request, next) => {
          // Answers by itself, and calls next() later: after the answer, and after a throw.
          late.push(
            Promise.resolve()
              .then(() => next())
              .catch((error: Error) => void refusals.push(error.message)),
          );
          return { content: [{ type: 'text', text: 'cached' }], isError: false };
        },
      ],
    });
    expect(await server.handle(call(era, 1, 'counted', {}))).toStrictEqual(result(era, 1, 'cached'));
    const thrower = new McpServer({
      name: 'test-server',
      version: '1.2.3',
      tools: [counted],
      use: [
        async (_request, next) => {
          setTimeout(() => late.push(next().catch((error: Error) => void refusals.push(error.message))), 0);
          throw new Error('no');
        },
      ],
    });
    expect(await thrower.handle(call(era, 2, 'counted', {}))).toStrictEqual(result(era, 2, 'no', true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    await Promise.all(late);
    expect([runs, refusals]).toStrictEqual([
      0,
      Array(2).fill('middleware 1 of tools/call called next() after it had answered: the method does not run'),
    ]);
  });

  it('sees the request: method, params, era, version, id, target, principal, auth, session, signal', async () => {
    const seen: McpRequest[] = [];
    const server = serve([(request, next) => (seen.push(request), next())]);
    const auth = { subject: 'ada', scopes: ['mcp'], issuer: 'https://as.example', claims: {} };
    await server.handle(call(era, 7, 'add', { a: 1, b: 2 }), { auth });
    const [request] = seen;
    expect({ ...request, params: undefined, signal: undefined }).toStrictEqual({
      method: 'tools/call',
      params: undefined,
      era,
      protocolVersion: era === '2026' ? '2026-07-28' : '2025-03-26',
      id: 7,
      target: 'add',
      principal: JSON.stringify(['https://as.example', 'user', 'ada']),
      auth,
      sessionId: undefined,
      signal: undefined,
    });
    expect(request!.params).toMatchObject({ name: 'add', arguments: { a: 1, b: 2 } });
    expect(request!.signal).toBeInstanceOf(AbortSignal);
  });

  it('goes around the in-process client too', async () => {
    const methods: string[] = [];
    const server = serve([(request, next) => (methods.push(request.method), next())]);
    expect(await server.callTool('add', { a: 2, b: 3 })).toMatchObject({
      content: [{ type: 'text', text: '5' }],
      isError: false,
    });
    expect(methods).toContain('tools/call');
  });
});

describe('middleware and 2026 rounds', () => {
  const capabilities = {
    'io.modelcontextprotocol/clientCapabilities': {
      elicitation: {},
      extensions: { 'io.modelcontextprotocol/tasks': {} },
    },
  };

  it('an MRTR round that asks the client, and a task made, pass through as they are', async () => {
    const seen: unknown[] = [];
    const server = serve([async (_request, next) => (seen.push(await next()), seen.at(-1))]);
    const bare = new McpServer({ name: 'test-server', version: '1.2.3', tools: [add, askName, slow] });
    const ask = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'ask_name', arguments: {}, _meta: envelope(capabilities) },
    };
    const asked = (await server.handle(ask)) as { result: Record<string, unknown> };
    const expected = (await bare.handle(ask)) as { result: Record<string, unknown> };
    expect(Object.keys(asked.result)).toStrictEqual(['resultType', 'inputRequests', 'requestState', '_meta']);
    expect({ ...asked.result, requestState: undefined }).toStrictEqual({ ...expected.result, requestState: undefined });
    const task = (await server.handle({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'slow', arguments: {}, _meta: envelope(capabilities) },
    })) as { result: Record<string, unknown> };
    expect(task.result).toMatchObject({ resultType: 'task', status: expect.stringMatching(/^(working|completed)$/) });
    expect(seen).toHaveLength(2);
  });
});

describe('use', () => {
  it('refuses a method the server does not serve, naming the closest, and a middleware that is no function', () => {
    const server = serve();
    expect(() => server.use('tool/call', (_request, next) => next())).toThrow(
      new TypeError('use: this server serves no method "tool/call"; did you mean "tools/call"?'),
    );
    expect(() => server.use(['tools/call', 'nope/nothing'], (_request, next) => next())).toThrow(
      new TypeError('use: this server serves no method "nope/nothing"'),
    );
    expect(() => server.use('tools/call', 'next' as never)).toThrow(
      new TypeError('use: a middleware is a function (request, next) => answer'),
    );
    expect(
      () =>
        new McpServer({ name: 'a', version: '1', use: [{ method: 'prompts/get', use: (_request, next) => next() }] }),
    ).toThrow(new TypeError('use: this server serves no method "prompts/get"'));
  });

  it('takes { method, use } in the option, and a list of methods', async () => {
    const hits: string[] = [];
    const server = new McpServer({
      name: 'test-server',
      version: '1.2.3',
      tools: [add],
      use: [{ method: ['tools/call', 'tools/list'], use: (request, next) => (hits.push(request.method), next()) }],
    });
    await server.handle(modern(1, 'tools/list'));
    await server.handle(modern(2, 'tools/call', { name: 'add', arguments: { a: 1, b: 1 } }));
    await server.handle(modern(3, 'ping'));
    expect(hits).toStrictEqual(['tools/list', 'tools/call']);
  });
});
