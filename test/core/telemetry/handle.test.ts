// Traces and metrics through handle(), both eras: one SERVER span per request the server answers,
// named and attributed per the semantic conventions for MCP, its parent from `_meta.traceparent`.
import { context, trace, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, definePrompt, defineResource, defineTool } from '../../../src/index.js';
import { envelope, V2026 } from '../../helpers/eras.js';
import { CLIENT, TRACEPARENT, otelSetup } from './setup.js';

const manager = new AsyncLocalStorageContextManager().enable();
context.setGlobalContextManager(manager);
afterAll(() => void context.disable());

const otel = otelSetup();
const inner = otel.tracerProvider.getTracer('the tool');

const add = defineTool({
  name: 'add',
  description: 'Adds.',
  input: z.object({ a: z.number(), b: z.number() }),
  handler: ({ a, b }) => String(a + b),
});
/** Makes a span of its own while it runs: it must be a child of the request's span. */
const nested = defineTool({
  name: 'nested',
  description: 'Makes a span of its own.',
  input: z.object({}),
  handler: async () => {
    await sleep(1);
    inner.startSpan('lookup').end();
    return 'ok';
  },
});
const slowTask = defineTool({
  name: 'slow_task',
  description: 'Works a while, as a task.',
  input: z.object({ fail: z.boolean().default(false) }),
  task: 'required',
  handler: async ({ fail }) => {
    await sleep(20);
    if (fail) throw new Error('it broke');
    return 'done';
  },
});
const greet = definePrompt({
  name: 'greet',
  description: 'Greets.',
  arguments: z.object({ who: z.string() }),
  get: ({ who }) => `Hello, ${who}`,
});
const readme = defineResource({ uri: 'file:///readme', name: 'readme', read: () => 'read me' });

const server = new McpServer({
  name: 'traced',
  version: '1.0.0',
  tools: [add, nested, slowTask],
  prompts: [greet],
  resources: [readme],
  telemetry: { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider },
});

const call = (id: number | string, name: string, args: object, meta?: object) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) },
});
const tool = (name: string) => ({
  'mcp.method.name': 'tools/call',
  'gen_ai.tool.name': name,
  'gen_ai.operation.name': 'execute_tool',
});

beforeEach(() => otel.reset());

describe('spans through handle()', () => {
  it('a 2025 tools/call: its span, a child of the client span in _meta.traceparent', async () => {
    await server.handle(call(1, 'add', { a: 2, b: 3 }, { traceparent: TRACEPARENT }));
    const [span] = otel.spans();
    expect(span).toStrictEqual({
      name: 'tools/call add',
      kind: SpanKind.SERVER,
      attributes: { ...tool('add'), 'jsonrpc.request.id': '1', 'mcp.protocol.version': '2025-03-26' },
      status: { code: SpanStatusCode.UNSET },
      traceId: CLIENT.traceId,
      spanId: span!.spanId,
      parentSpanId: CLIENT.spanId,
      links: [],
    });
  });

  it('a 2026 tools/call: the envelope names the version, _meta the parent', async () => {
    await server.handle(
      call('a', 'add', { a: 2, b: 3 }, envelope({ traceparent: TRACEPARENT, tracestate: 'rojo=00f067aa0ba902b7' })),
    );
    const [span] = otel.spans();
    expect([span!.name, span!.attributes, span!.traceId, span!.parentSpanId]).toStrictEqual([
      'tools/call add',
      { ...tool('add'), 'jsonrpc.request.id': 'a', 'mcp.protocol.version': V2026 },
      CLIENT.traceId,
      CLIENT.spanId,
    ]);
  });

  it('without a traceparent, a root span; a malformed one is ignored', async () => {
    await server.handle(call(2, 'add', { a: 1, b: 1 }, { traceparent: 'not-a-traceparent' }));
    const [span] = otel.spans();
    expect([span!.parentSpanId, span!.traceId === CLIENT.traceId]).toStrictEqual([undefined, false]);
  });

  it("a tool's own spans are children of the request's (with a context manager registered)", async () => {
    await server.handle(call(3, 'nested', {}));
    const [lookup, request] = otel.spans();
    expect([
      lookup!.name,
      request!.name,
      lookup!.parentSpanId === request!.spanId,
      lookup!.traceId === request!.traceId,
    ]).toStrictEqual(['lookup', 'tools/call nested', true, true]);
  });

  it("handle() inside the caller's span: that span is the parent", async () => {
    const outer = inner.startSpan('agent');
    await context.with(trace.setSpan(context.active(), outer), () => server.handle(call(4, 'add', { a: 1, b: 2 })));
    outer.end();
    const [request] = otel.spans();
    expect(request!.parentSpanId).toBe(outer.spanContext().spanId);
  });

  it('an isError result: error.type tool_error, status ERROR', async () => {
    await server.handle(call(5, 'add', { a: 'two', b: 3 }));
    expect(otel.spans().map(({ attributes, status }) => ({ attributes, status }))).toStrictEqual([
      {
        attributes: {
          ...tool('add'),
          'jsonrpc.request.id': '5',
          'mcp.protocol.version': '2025-03-26',
          'error.type': 'tool_error',
        },
        status: { code: SpanStatusCode.ERROR },
      },
    ]);
  });

  it('refused before a method ran: an unknown method (-32601, named _OTHER), bad params (-32602)', async () => {
    await server.handle({ jsonrpc: '2.0', id: 6, method: 'tools/nope' });
    await server.handle({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { arguments: {} } });
    expect(
      otel.spans().map(({ name, kind, attributes, status }) => ({ name, kind, attributes, status })),
    ).toStrictEqual([
      {
        name: '_OTHER', // a method the server does not define: the span name is never the client's string
        kind: SpanKind.SERVER,
        attributes: {
          'mcp.method.name': 'tools/nope',
          'jsonrpc.request.id': '6',
          'mcp.protocol.version': '2025-03-26',
          'error.type': '-32601',
          'rpc.response.status_code': '-32601',
        },
        status: { code: SpanStatusCode.ERROR, message: 'Method not found' },
      },
      {
        name: 'tools/call',
        kind: SpanKind.SERVER,
        attributes: {
          'mcp.method.name': 'tools/call',
          'jsonrpc.request.id': '7',
          'mcp.protocol.version': '2025-03-26',
          'error.type': '-32602',
          'rpc.response.status_code': '-32602',
        },
        status: { code: SpanStatusCode.ERROR, message: 'Invalid params' },
      },
    ]);
  });

  it('prompts/get names its prompt; resources/read carries the URI (never in the span name)', async () => {
    await server.handle({
      jsonrpc: '2.0',
      id: 8,
      method: 'prompts/get',
      params: { name: 'greet', arguments: { who: 'Ada' } },
    });
    await server.handle({ jsonrpc: '2.0', id: 9, method: 'resources/read', params: { uri: 'file:///readme' } });
    await server.handle({ jsonrpc: '2.0', id: 10, method: 'tools/list' });
    expect(otel.spans().map(({ name, attributes }) => ({ name, attributes }))).toStrictEqual([
      {
        name: 'prompts/get greet',
        attributes: {
          'mcp.method.name': 'prompts/get',
          'gen_ai.prompt.name': 'greet',
          'jsonrpc.request.id': '8',
          'mcp.protocol.version': '2025-03-26',
        },
      },
      {
        name: 'resources/read',
        attributes: {
          'mcp.method.name': 'resources/read',
          'mcp.resource.uri': 'file:///readme',
          'jsonrpc.request.id': '9',
          'mcp.protocol.version': '2025-03-26',
        },
      },
      {
        name: 'tools/list',
        attributes: {
          'mcp.method.name': 'tools/list',
          'jsonrpc.request.id': '10',
          'mcp.protocol.version': '2025-03-26',
        },
      },
    ]);
  });

  it('initialize: the version it agreed; notifications and responses are not traced', async () => {
    const session = server.createSession();
    const init = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } };
    await server.handle({ jsonrpc: '2.0', id: 11, method: 'initialize', params: init }, { session });
    await server.handle({ jsonrpc: '2.0', method: 'notifications/initialized' }, { session });
    await server.handle({ jsonrpc: '2.0', id: 12, method: 'ping' }, { session });
    expect(otel.spans().map(({ name, attributes }) => ({ name, attributes }))).toStrictEqual([
      {
        name: 'initialize',
        attributes: {
          'mcp.method.name': 'initialize',
          'jsonrpc.request.id': '11',
          'mcp.protocol.version': '2025-06-18',
        },
      },
      {
        name: 'ping',
        attributes: { 'mcp.method.name': 'ping', 'jsonrpc.request.id': '12', 'mcp.protocol.version': '2025-06-18' },
      },
    ]);
  });
});
