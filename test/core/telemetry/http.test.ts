// Traces over Streamable HTTP (serveHttp in process): network.transport tcp, the 2025 session's id,
// and the parent rule: `_meta.traceparent` first, then the HTTP `traceparent` header (then linked).
import { SpanKind } from '@opentelemetry/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { McpServer } from '../../../src/index.js';
import { echo } from '../../../src/demo.js';
import { serveHttp, type HttpServerHandle } from '../../../src/node.js';
import { envelope, V2026 } from '../../helpers/eras.js';
import { PROTOCOL, callFrame, openSession, post, until } from '../../transports/http/helpers.js';
import { CLIENT, HEADER, HEADER_TRACEPARENT, TRACEPARENT, otelSetup } from './setup.js';

const otel = otelSetup();
let handle: HttpServerHandle;

beforeAll(async () => {
  const server = new McpServer({
    name: 'traced',
    version: '1.0.0',
    tools: [echo],
    telemetry: { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider },
  });
  handle = await serveHttp(server, { port: 0, host: '127.0.0.1' });
});
afterAll(() => handle.close());
beforeEach(() => otel.reset());

const http = { 'network.transport': 'tcp', 'network.protocol.name': 'http' };
const echoCall = {
  'mcp.method.name': 'tools/call',
  'gen_ai.tool.name': 'echo',
  'gen_ai.operation.name': 'execute_tool',
  ...http,
};

describe('spans over HTTP', () => {
  it('a 2025 session: initialize and a call carry its id; the traceparent header is the parent when _meta has none', async () => {
    const sessionId = await openSession(handle.url);
    await post(handle.url, callFrame(2, 'echo', { x: 1 }), {
      'mcp-session-id': sessionId,
      traceparent: HEADER_TRACEPARENT,
    });
    const spans = otel.spans();
    expect(
      spans.map(({ name, kind, attributes, parentSpanId, links }) => ({ name, kind, attributes, parentSpanId, links })),
    ).toStrictEqual([
      {
        name: 'initialize',
        kind: SpanKind.SERVER,
        attributes: {
          'mcp.method.name': 'initialize',
          ...http,
          'jsonrpc.request.id': '1',
          'mcp.session.id': sessionId,
          'mcp.protocol.version': PROTOCOL,
        },
        parentSpanId: undefined,
        links: [],
      },
      {
        name: 'tools/call echo',
        kind: SpanKind.SERVER,
        attributes: {
          ...echoCall,
          'jsonrpc.request.id': '2',
          'mcp.session.id': sessionId,
          'mcp.protocol.version': PROTOCOL,
        },
        parentSpanId: HEADER.spanId,
        links: [],
      },
    ]);
    expect(spans[1]!.traceId).toBe(HEADER.traceId);
  });

  it('2026: _meta.traceparent wins over the header, which is linked', async () => {
    await post(handle.url, callFrame('m', 'echo', { x: 2 }, envelope({ traceparent: TRACEPARENT })), {
      'mcp-protocol-version': V2026,
      'mcp-method': 'tools/call',
      'mcp-name': 'echo',
      traceparent: HEADER_TRACEPARENT,
    });
    await until(() => otel.spans().length === 1);
    const [span] = otel.spans();
    expect([span!.attributes, span!.traceId, span!.parentSpanId, span!.links]).toStrictEqual([
      { ...echoCall, 'jsonrpc.request.id': 'm', 'mcp.protocol.version': V2026 },
      CLIENT.traceId,
      CLIENT.spanId,
      [HEADER.spanId],
    ]);
  });
});
