// The duration metrics (histograms in seconds, with the conventions' buckets) and the spans of a
// 2026 task: the call's span ends when it answers, the task's work has a span of its own, its child.
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool } from '../../../src/index.js';
import { envelope, V2026 } from '../../helpers/eras.js';
import { until } from '../../transports/http/helpers.js';
import { TASKS_EXTENSION } from '../../../schemas/tasks.js';
import { otelSetup } from './setup.js';

const BOUNDARIES = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

const add = defineTool({
  name: 'add',
  description: 'Adds.',
  input: z.object({ a: z.number(), b: z.number() }),
  handler: ({ a, b }) => String(a + b),
});
const work = defineTool({
  name: 'work',
  description: 'Works a while, as a task.',
  input: z.object({ fail: z.boolean().default(false) }),
  task: 'required',
  handler: async ({ fail }) => {
    await sleep(30);
    if (fail) throw new Error('it broke');
    return 'done';
  },
});

const serverWith = (otel: ReturnType<typeof otelSetup>) =>
  new McpServer({
    name: 'm',
    version: '1.0.0',
    tools: [add, work],
    telemetry: { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider },
  });

describe('mcp.server.operation.duration and mcp.server.session.duration', () => {
  it('a data point per method and outcome (an unknown method is _OTHER there); a session from initialize to close', async () => {
    const otel = otelSetup();
    const server = serverWith(otel);
    const session = server.createSession();
    const on = { session, transport: 'stdio' as const };
    const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } };
    await server.handle({ jsonrpc: '2.0', id: 1, method: 'initialize', params: init }, on);
    await server.handle(
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 } } },
      on,
    );
    await server.handle(
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 } } },
      on,
    );
    await server.handle({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'add', arguments: {} } }, on);
    await server.handle({ jsonrpc: '2.0', id: 5, method: 'no/such/method' }, on);
    expect(await otel.histogram('mcp.server.session.duration')).toBeUndefined(); // still open
    session.close();
    const base = { 'mcp.protocol.version': '2025-11-25', 'network.transport': 'pipe' };
    const tool = {
      ...base,
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'add',
      'gen_ai.operation.name': 'execute_tool',
    };
    expect(await otel.histogram('mcp.server.operation.duration')).toStrictEqual({
      unit: 's',
      points: [
        { attributes: { ...base, 'mcp.method.name': 'initialize' }, count: 1, boundaries: BOUNDARIES },
        { attributes: tool, count: 2, boundaries: BOUNDARIES },
        { attributes: { ...tool, 'error.type': 'tool_error' }, count: 1, boundaries: BOUNDARIES },
        {
          attributes: {
            ...base,
            'mcp.method.name': '_OTHER',
            'error.type': '-32601',
            'rpc.response.status_code': '-32601',
          },
          count: 1,
          boundaries: BOUNDARIES,
        },
      ],
    });
    expect(await otel.histogram('mcp.server.session.duration')).toStrictEqual({
      unit: 's',
      points: [{ attributes: base, count: 1, boundaries: BOUNDARIES }],
    });
    // The span keeps the name the client sent.
    expect(otel.spans().at(-1)!.attributes['mcp.method.name']).toBe('no/such/method');
  });
});

describe('tasks (2026)', () => {
  const withTasks = envelope({
    'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS_EXTENSION]: {} } },
  });
  const callWork = (server: McpServer, id: number, fail = false) =>
    server.handle({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'work', arguments: { fail }, _meta: withTasks },
    });

  it("the call's span ends with its answer, naming the task; the work's span, its child, ends with the task", async () => {
    const otel = otelSetup();
    const server = serverWith(otel);
    const answer = (await callWork(server, 1)) as unknown as { result: { taskId: string } };
    const { taskId } = answer.result;
    expect(otel.spans().map(({ name, attributes }) => ({ name, attributes }))).toStrictEqual([
      {
        name: 'tools/call work',
        attributes: {
          'mcp.method.name': 'tools/call',
          'gen_ai.tool.name': 'work',
          'gen_ai.operation.name': 'execute_tool',
          'jsonrpc.request.id': '1',
          'mcp.protocol.version': V2026,
          'zod_mcp.result.type': 'task',
          'zod_mcp.task.id': taskId,
        },
      },
    ]);
    await until(() => otel.spans().length === 2);
    const [callSpan, taskSpan] = otel.spans();
    expect(taskSpan).toStrictEqual({
      name: 'task work',
      kind: SpanKind.INTERNAL,
      attributes: { 'zod_mcp.task.id': taskId, 'gen_ai.tool.name': 'work', 'zod_mcp.task.status': 'completed' },
      status: { code: SpanStatusCode.UNSET },
      traceId: callSpan!.traceId,
      spanId: taskSpan!.spanId,
      parentSpanId: callSpan!.spanId,
      links: [],
    });
    await server.handle({ jsonrpc: '2.0', id: 2, method: 'tasks/get', params: { taskId, _meta: withTasks } });
    expect(otel.spans()[2]!.attributes).toStrictEqual({
      'mcp.method.name': 'tasks/get',
      'jsonrpc.request.id': '2',
      'mcp.protocol.version': V2026,
      'zod_mcp.task.id': taskId,
    });
  });

  it("a task whose tool fails: its span's error.type is tool_error", async () => {
    const otel = otelSetup();
    const server = serverWith(otel);
    const { result } = (await callWork(server, 1, true)) as unknown as { result: { taskId: string } };
    await until(() => otel.spans().length === 2);
    const taskSpan = otel.spans()[1]!;
    expect([taskSpan.attributes, taskSpan.status]).toStrictEqual([
      {
        'zod_mcp.task.id': result.taskId,
        'gen_ai.tool.name': 'work',
        'zod_mcp.task.status': 'completed',
        'error.type': 'tool_error',
      },
      { code: SpanStatusCode.ERROR },
    ]);
  });
});

describe('the option', () => {
  it('refuses an unknown key, naming the closest', () => {
    expect(() => new McpServer({ name: 'm', version: '1', telemetry: { tracerProvidr: {} } as never })).toThrow(
      new TypeError('telemetry: unknown option "tracerProvidr" (did you mean "tracerProvider"?)'),
    );
    expect(() => new McpServer({ name: 'm', version: '1', telemetry: { tracerProvider: {} } as never })).toThrow(
      new TypeError('telemetry.tracerProvider: expected a TracerProvider (with getTracer)'),
    );
  });

  it('off (the default): no span', async () => {
    const otel = otelSetup();
    await new McpServer({ name: 'm', version: '1', tools: [add] }).handle({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
    });
    expect(otel.spans()).toStrictEqual([]);
  });
});
