// What a client's strings become in telemetry: a metric's label value is one the server defined (its
// methods, tools, prompts and protocol versions) or `_OTHER`, so that 20,000 distinct unknown names
// make one series and a served tool keeps its own past the SDK's 2,000-series limit; a span's name
// uses defined names only, and its attributes keep the client's strings cut to their bounds.
import { SpanKind } from '@opentelemetry/api';
import type { DataPoint, Histogram, MetricData } from '@opentelemetry/sdk-metrics';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, definePrompt, defineResource, defineTool } from '../../../src/index.js';
import { envelope, modern, V2026 } from '../../helpers/eras.js';
import { otelSetup } from './setup.js';

const add = defineTool({
  name: 'add',
  description: 'Adds.',
  input: z.object({ a: z.number(), b: z.number() }),
  handler: ({ a, b }) => String(a + b),
});
const limited = defineTool({
  name: 'limited',
  description: 'Once an hour.',
  input: z.object({}),
  rateLimit: { perHour: 1 },
  handler: () => 'ok',
});
const greet = definePrompt({
  name: 'greet',
  description: 'Greets.',
  arguments: z.object({ who: z.string() }),
  get: ({ who }) => `Hello, ${who}`,
});
const readme = defineResource({ uri: 'file:///readme', name: 'readme', read: () => 'read me' });

function serverWith(otel: ReturnType<typeof otelSetup>, rateLimit?: { perHour: number }) {
  return new McpServer({
    name: 'labelled',
    version: '1.0.0',
    tools: [add, limited],
    prompts: [greet],
    resources: [readme],
    ...(rateLimit === undefined ? {} : { rateLimit }),
    telemetry: { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider },
  });
}

const legacy = (id: number | string, method: string, params?: object) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params === undefined ? {} : { params }),
});
const toolCall = (id: number, name: string) => legacy(id, 'tools/call', { name, arguments: { a: 1, b: 2 } });

/** Every data point of one instrument, as { attributes, value } (a histogram's value is its count). */
async function points(otel: ReturnType<typeof otelSetup>, name: string) {
  const { resourceMetrics } = await otel.reader.collect();
  const metric = resourceMetrics.scopeMetrics
    .flatMap((scope) => scope.metrics)
    .find((m: MetricData) => m.descriptor.name === name);
  const dataPoints = (metric?.dataPoints ?? []) as DataPoint<number | Histogram>[];
  return dataPoints.map((point) => ({
    attributes: point.attributes,
    value: typeof point.value === 'number' ? point.value : point.value.count,
  }));
}

describe('metric labels are names the server defined, or _OTHER', () => {
  it('20,000 distinct unknown tool names make one series; a served tool still has its own', async () => {
    const otel = otelSetup();
    const server = serverWith(otel);
    for (let i = 0; i < 20_000; i++) await server.handle(toolCall(i, `nope_${i}`));
    await server.handle(toolCall(20_000, 'add'));
    const series = await points(otel, 'mcp.server.operation.duration');
    const base = {
      'mcp.method.name': 'tools/call',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': '2025-03-26',
      'error.type': 'tool_error',
    };
    expect(series).toStrictEqual([
      { attributes: { ...base, 'gen_ai.tool.name': '_OTHER' }, value: 20_000 },
      {
        attributes: {
          'mcp.method.name': 'tools/call',
          'gen_ai.tool.name': 'add',
          'gen_ai.operation.name': 'execute_tool',
          'mcp.protocol.version': '2025-03-26',
        },
        value: 1,
      },
    ]);
  });

  it('unknown prompts (prompts/get, completion/complete), unknown methods and versions, refused 2026 requests', async () => {
    const otel = otelSetup();
    const server = serverWith(otel);
    for (let i = 0; i < 3; i++) {
      await server.handle(legacy(`p${i}`, 'prompts/get', { name: `ghost_${i}`, arguments: {} }));
      await server.handle(
        legacy(`c${i}`, 'completion/complete', {
          ref: { type: 'ref/prompt', name: `ghost_${i}` },
          argument: { name: 'who', value: 'A' },
        }),
      );
      await server.handle(legacy(`m${i}`, `made/up/${i}`));
      await server.handle(
        modern(`v${i}`, 'tools/list', {
          _meta: envelope({ 'io.modelcontextprotocol/protocolVersion': `2099-01-0${i + 1}` }),
        }),
      );
      // -32020: the Mcp-Method header disagrees with the body, whose method nobody serves.
      await server.handle(modern(`h${i}`, `made/up/${i}`), {
        headers: { 'mcp-protocol-version': V2026, 'mcp-method': 'tools/list' },
      });
    }
    await server.handle(legacy('p', 'prompts/get', { name: 'greet', arguments: { who: 'Ada' } }));
    const series = await points(otel, 'mcp.server.operation.duration');
    const on2025 = { 'mcp.protocol.version': '2025-03-26' };
    expect(series).toStrictEqual([
      {
        attributes: {
          'mcp.method.name': 'prompts/get',
          'gen_ai.prompt.name': '_OTHER',
          ...on2025,
          'error.type': '-32602',
          'rpc.response.status_code': '-32602',
        },
        value: 3,
      },
      {
        attributes: {
          'mcp.method.name': 'completion/complete',
          'gen_ai.prompt.name': '_OTHER',
          ...on2025,
          'error.type': '-32602',
          'rpc.response.status_code': '-32602',
        },
        value: 3,
      },
      {
        attributes: {
          'mcp.method.name': '_OTHER',
          ...on2025,
          'error.type': '-32601',
          'rpc.response.status_code': '-32601',
        },
        value: 3,
      },
      {
        attributes: {
          'mcp.method.name': 'tools/list',
          'mcp.protocol.version': '_OTHER',
          'error.type': '-32022',
          'rpc.response.status_code': '-32022',
        },
        value: 3,
      },
      {
        attributes: {
          'mcp.method.name': '_OTHER',
          'mcp.protocol.version': V2026,
          'error.type': '-32020',
          'rpc.response.status_code': '-32020',
        },
        value: 3,
      },
      { attributes: { 'mcp.method.name': 'prompts/get', 'gen_ai.prompt.name': 'greet', ...on2025 }, value: 1 },
    ]);
  });

  it('rate-limit refusals of unknown tools count under _OTHER; a limited tool under its name', async () => {
    const otel = otelSetup();
    const server = serverWith(otel, { perHour: 1 });
    const alice = { principal: 'alice' };
    for (let i = 0; i < 4; i++) await server.handle(toolCall(i, `nope_${i}`), alice); // the first takes alice's one token
    await server.handle(legacy(4, 'made/up'), alice);
    const carol = { principal: 'carol' };
    await server.handle(legacy(5, 'tools/call', { name: 'limited', arguments: {} }), carol);
    await server.handle(legacy(6, 'tools/call', { name: 'limited', arguments: {} }), carol);
    expect(await points(otel, 'zod_mcp.rate_limit.refusals')).toStrictEqual([
      {
        attributes: {
          'mcp.method.name': 'tools/call',
          'gen_ai.tool.name': '_OTHER',
          'zod_mcp.rate_limit.scope': 'server',
        },
        value: 3,
      },
      {
        attributes: {
          'mcp.method.name': 'tools/call',
          'gen_ai.tool.name': 'limited',
          'zod_mcp.rate_limit.scope': 'server',
        },
        value: 1,
      },
    ]);
  });
});

describe("span names use defined names only; attributes keep the client's strings, cut to their bounds", () => {
  const MB = 1024 * 1024;
  const big = (prefix: string) => prefix.padEnd(MB, 'x');

  it('a 1 MB tool name, prompt name, method, request id, URI, task id and version', async () => {
    const otel = otelSetup();
    const server = serverWith(otel);
    await server.handle(legacy(big('id-'), 'tools/call', { name: big('tool-'), arguments: {} }));
    await server.handle(legacy(2, 'prompts/get', { name: big('prompt-'), arguments: {} }));
    await server.handle(legacy(3, big('method-')));
    await server.handle(legacy(4, 'resources/read', { uri: big('file:///') }));
    await server.handle(legacy(5, 'tasks/get', { taskId: big('task-') }));
    await server.handle(
      modern(6, 'tools/list', { _meta: envelope({ 'io.modelcontextprotocol/protocolVersion': big('2099-') }) }),
    );
    const spans = otel.spans();
    expect(spans.map((span) => [span.name, span.kind])).toStrictEqual([
      ['tools/call _OTHER', SpanKind.SERVER],
      ['prompts/get _OTHER', SpanKind.SERVER],
      ['_OTHER', SpanKind.SERVER],
      ['resources/read', SpanKind.SERVER],
      ['_OTHER', SpanKind.SERVER], // this server serves no tasks
      ['tools/list', SpanKind.SERVER],
    ]);
    const cut = (prefix: string, bound: number) => `${prefix.padEnd(bound - 1, 'x')}…`;
    expect(spans.map(({ attributes }) => attributes)).toStrictEqual([
      {
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': cut('tool-', 1024),
        'gen_ai.operation.name': 'execute_tool',
        'jsonrpc.request.id': cut('id-', 1024),
        'mcp.protocol.version': '2025-03-26',
        'error.type': 'tool_error',
      },
      {
        'mcp.method.name': 'prompts/get',
        'gen_ai.prompt.name': cut('prompt-', 1024),
        'jsonrpc.request.id': '2',
        'mcp.protocol.version': '2025-03-26',
        'error.type': '-32602',
        'rpc.response.status_code': '-32602',
      },
      {
        'mcp.method.name': cut('method-', 1024),
        'jsonrpc.request.id': '3',
        'mcp.protocol.version': '2025-03-26',
        'error.type': '-32601',
        'rpc.response.status_code': '-32601',
      },
      {
        'mcp.method.name': 'resources/read',
        'mcp.resource.uri': cut('file:///', 8192),
        'jsonrpc.request.id': '4',
        'mcp.protocol.version': '2025-03-26',
        'error.type': '-32002',
        'rpc.response.status_code': '-32002',
      },
      {
        'mcp.method.name': 'tasks/get',
        'zod_mcp.task.id': cut('task-', 1024),
        'jsonrpc.request.id': '5',
        'mcp.protocol.version': '2025-03-26',
        'error.type': '-32601',
        'rpc.response.status_code': '-32601',
      },
      {
        'mcp.method.name': 'tools/list',
        'jsonrpc.request.id': '6',
        'mcp.protocol.version': cut('2099-', 1024),
        'error.type': '-32022',
        'rpc.response.status_code': '-32022',
      },
    ]);
  });

  it('a name cut where a surrogate pair would be split keeps the pair whole or drops it', async () => {
    const otel = otelSetup();
    const server = serverWith(otel);
    const name = `${'x'.repeat(1022)}😀😀`; // the first emoji's high surrogate at 1022, its low one at 1023
    await server.handle(toolCall(1, name));
    expect(otel.spans()[0]!.attributes['gen_ai.tool.name']).toBe(`${'x'.repeat(1022)}…`);
  });
});
