// MRTR rounds in traces (2026): each round is a request with a span of its own, and the retry's
// span links to the round before, whose traceparent the sealed requestState carried.
import { SpanKind } from '@opentelemetry/api';
import { beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, elicit } from '../../../src/index.js';
import { envelope } from '../../helpers/eras.js';
import { CLIENT, TRACEPARENT, loaded, otelSetup } from './setup.js';

const otel = otelSetup();
const askName = defineTool({
  name: 'ask_name',
  description: 'Asks for a name, then a colour.',
  input: z.object({}),
  handler: async (_args, ctx) => {
    const { name } = await ctx.ask({ name: elicit('Your name?', z.object({ name: z.string() })) });
    const { colour } = await ctx.ask({ colour: elicit('Your colour?', z.object({ colour: z.string() })) });
    return name.action === 'accept' && colour.action === 'accept'
      ? `${name.content.name} likes ${colour.content.colour}`
      : 'no';
  },
});
const server = new McpServer({
  name: 'traced',
  version: '1.0.0',
  tools: [askName],
  telemetry: { tracerProvider: otel.tracerProvider },
});
const capabilities = { 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} } };
const call = (id: number, extra: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'ask_name', arguments: {}, ...extra, _meta: envelope({ ...capabilities, traceparent: TRACEPARENT }) },
});

beforeEach(() => otel.reset());

it("three rounds, three spans: each retry's links to the round before (and all are the client span's children)", async () => {
  await loaded();
  const first = (await server.handle(call(1))) as unknown as { result: { resultType: string; requestState: string } };
  expect(first.result.resultType).toBe('input_required');
  const second = (await server.handle(
    call(2, {
      requestState: first.result.requestState,
      inputResponses: { name: { action: 'accept', content: { name: 'Ada' } } },
    }),
  )) as unknown as typeof first;
  expect(second.result.resultType).toBe('input_required');
  const third = (await server.handle(
    call(3, {
      requestState: second.result.requestState,
      inputResponses: { colour: { action: 'accept', content: { colour: 'green' } } },
    }),
  )) as unknown as {
    result: { resultType: string; content: { text: string }[] };
  };
  expect(third.result).toMatchObject({ resultType: 'complete', content: [{ text: 'Ada likes green' }] });
  const spans = otel.spans();
  expect(
    spans.map((span) => [
      span.name,
      span.kind,
      span.traceId,
      span.parentSpanId,
      span.attributes['zod_mcp.result.type'],
    ]),
  ).toStrictEqual([
    ['tools/call ask_name', SpanKind.SERVER, CLIENT.traceId, CLIENT.spanId, 'input_required'],
    ['tools/call ask_name', SpanKind.SERVER, CLIENT.traceId, CLIENT.spanId, 'input_required'],
    ['tools/call ask_name', SpanKind.SERVER, CLIENT.traceId, CLIENT.spanId, undefined],
  ]);
  expect(spans.map((span) => span.links)).toStrictEqual([[], [spans[0]!.spanId], [spans[1]!.spanId]]);
});

it('a state sealed without telemetry carries no link, and the retry is served as ever', async () => {
  const untraced = new McpServer({
    name: 'traced',
    version: '1.0.0',
    tools: [askName],
    requestState: { key: 'a key both servers share, sixteen+' },
  });
  const traced = new McpServer({
    name: 'traced',
    version: '1.0.0',
    tools: [askName],
    requestState: { key: 'a key both servers share, sixteen+' },
    telemetry: { tracerProvider: otel.tracerProvider },
  });
  await loaded();
  const first = (await untraced.handle(call(1))) as unknown as { result: { requestState: string } };
  const second = (await traced.handle(
    call(2, {
      requestState: first.result.requestState,
      inputResponses: { name: { action: 'accept', content: { name: 'Ada' } } },
    }),
  )) as unknown as { result: { resultType: string } };
  expect(second.result.resultType).toBe('input_required');
  expect(otel.spans().map((span) => span.links)).toStrictEqual([[]]);
});
