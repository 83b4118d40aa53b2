// call_tool is the tools/call of the tool it names all the way through: middleware sees the real
// tool, its rate limit counts the call once, its scopes refuse as they would, an MRTR round and a
// 2025 elicitation come back to it, a task is made for it, and its span is named after it.
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Message } from '../../../schemas/jsonrpc.js';
import { McpServer, defineTool, elicit, type AuthInfo, type McpRequest, type Session } from '../../../src/index.js';
import { envelope, eraRequest as frame, eraTextResult as result, type EraName as Era } from '../../helpers/eras.js';
import { loaded, otelSetup } from '../../core/telemetry/setup.js';

const otel = otelSetup();
const add = defineTool({
  name: 'add',
  description: 'Adds two numbers.',
  input: z.object({ a: z.number(), b: z.number() }),
  rateLimit: { perMinute: 10, burst: 2 },
  handler: ({ a, b }) => String(a + b),
});
const greet = defineTool({
  name: 'greet',
  description: 'Asks a name, then greets.',
  input: z.object({}),
  handler: async (_args, ctx) => {
    const { who } = await ctx.ask({ who: elicit('Your name?', z.object({ name: z.string() })) });
    return who.action === 'accept' ? `Hello, ${who.content.name}!` : 'no name';
  },
});
const slow = defineTool({
  name: 'slow',
  description: 'Always a task.',
  input: z.object({}),
  task: 'required',
  handler: async () => 'slow done',
});
const admin = defineTool({
  name: 'admin_only',
  description: 'For admins.',
  input: z.object({}),
  scopes: ['admin'],
  handler: () => 'admin ran',
});

function serve() {
  const seen: string[] = [];
  const server = new McpServer({
    name: 'test-server',
    version: '1.2.3',
    tools: [add, greet, slow, admin],
    discovery: 'search',
    tasks: {},
    telemetry: { tracerProvider: otel.tracerProvider },
    use: [
      (request: McpRequest, next) => {
        if (request.method === 'tools/call') seen.push(`${request.target} ${JSON.stringify(request.params.arguments)}`);
        return next();
      },
    ],
  });
  return { server, seen };
}

const direct = (era: Era, id: number, name: string, args: object = {}) =>
  frame(era, id, 'tools/call', { name, arguments: args });
const via = (era: Era, id: number, name: string, args: object = {}) =>
  frame(era, id, 'tools/call', { name: 'call_tool', arguments: { name, arguments: args } });

beforeEach(() => otel.reset());

describe.each(['2025', '2026'] as const)('call_tool, %s', (era) => {
  it('passes middleware as the tools/call of the tool it names, with its arguments', async () => {
    const { server, seen } = serve();
    expect(await server.handle(via(era, 1, 'add', { a: 2, b: 3 }))).toStrictEqual(result(era, 1, '5'));
    expect(seen).toStrictEqual(['add {"a":2,"b":3}']);
  });

  it("counts against the tool's own rate limit once per call, whichever way it is called", async () => {
    const { server } = serve();
    expect(await server.handle(direct(era, 1, 'add', { a: 1, b: 1 }))).toStrictEqual(result(era, 1, '2'));
    expect(await server.handle(via(era, 2, 'add', { a: 1, b: 2 }))).toStrictEqual(result(era, 2, '3'));
    expect(await server.handle(via(era, 3, 'add', { a: 1, b: 3 }))).toStrictEqual(
      result(era, 3, 'rate limit reached for tool add: 10 calls a minute (2 at once); try again in 6 s', true),
    );
  });

  it("refuses a tool beyond the token's scopes exactly as a direct call is refused", async () => {
    const { server } = serve();
    const reader: AuthInfo = { subject: 'u', scopes: [], claims: {} };
    const refused = await server.handle(direct(era, 4, 'admin_only'), { auth: reader });
    expect(refused).toStrictEqual({
      jsonrpc: '2.0',
      id: 4,
      error: {
        code: -32003,
        message: 'Insufficient scope',
        data: { requiredScopes: ['admin'], detail: 'tool admin_only needs the scope admin' },
      },
    });
    expect(await server.handle(via(era, 4, 'admin_only'), { auth: reader })).toStrictEqual(refused);
    const granted: AuthInfo = { subject: 'a', scopes: ['admin'], claims: {} };
    expect(await server.handle(via(era, 5, 'admin_only'), { auth: granted })).toStrictEqual(
      result(era, 5, 'admin ran'),
    );
  });

  it('names its span after the tool it calls, and says it came through call_tool', async () => {
    const { server } = serve();
    await loaded();
    await server.handle(via(era, 6, 'add', { a: 1, b: 1 }));
    await server.handle(direct(era, 7, 'add', { a: 1, b: 1 }));
    expect(
      otel.spans().map((span) => [span.name, span.attributes['gen_ai.tool.name'], span.attributes['zod_mcp.tool.via']]),
    ).toStrictEqual([
      ['tools/call add', 'add', 'call_tool'],
      ['tools/call add', 'add', undefined],
    ]);
  });
});

describe('call_tool on 2026', () => {
  const capabilities = (extra: object = {}) =>
    envelope({ 'io.modelcontextprotocol/clientCapabilities': { elicitation: {}, ...extra } });
  const call = (id: number, extra: Record<string, unknown> = {}, meta = capabilities()) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'call_tool', arguments: { name: 'greet', arguments: {} }, ...extra, _meta: meta },
  });

  it('an MRTR round asks for the tool it calls, and the retry through call_tool ends it', async () => {
    const { server } = serve();
    const first = (await server.handle(call(1))) as unknown as { result: Record<string, unknown> };
    expect(Object.keys(first.result)).toStrictEqual(['resultType', 'inputRequests', 'requestState', '_meta']);
    expect(first.result.inputRequests).toMatchObject({ who: { method: 'elicitation/create' } });
    const retry = call(2, {
      requestState: first.result.requestState,
      inputResponses: { who: { action: 'accept', content: { name: 'Ada' } } },
    });
    expect(await server.handle(retry)).toStrictEqual(result('2026', 2, 'Hello, Ada!'));
  });

  it('a task is made for the tool it calls; without the extension the refusal is the same as a direct call', async () => {
    const { server } = serve();
    const tasks = capabilities({ extensions: { 'io.modelcontextprotocol/tasks': {} } });
    const slowCall = (id: number, meta: object) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'call_tool', arguments: { name: 'slow' }, _meta: meta },
    });
    const made = (await server.handle(slowCall(3, tasks))) as unknown as {
      result: { resultType: string; taskId: string };
    };
    expect(made.result.resultType).toBe('task');
    const refused = await server.handle(slowCall(4, capabilities()));
    expect(refused).toStrictEqual(
      await server.handle({
        jsonrpc: '2.0',
        id: 4,
        method: 'tools/call',
        params: { name: 'slow', arguments: {}, _meta: capabilities() },
      }),
    );
    expect(refused).toMatchObject({ error: { code: -32021 } });
  });
});

describe('call_tool on 2025', () => {
  it("the tool's elicitation goes to the client on the session, and its answer ends the call", async () => {
    const { server } = serve();
    const sent: Message[] = [];
    let session: Session;
    const notify = (message: Message) => {
      sent.push(message);
      if ('id' in message && 'method' in message) {
        const answer = { jsonrpc: '2.0', id: message.id, result: { action: 'accept', content: { name: 'Ada' } } };
        setTimeout(() => void server.handle(answer, { session }), 1);
      }
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
    expect(await server.handle(via('2025', 1, 'greet'), { session, notify })).toStrictEqual(
      result('2025', 1, 'Hello, Ada!'),
    );
    expect(sent.map((message) => ('method' in message ? message.method : 'response'))).toStrictEqual([
      'elicitation/create',
    ]);
  });
});
