// Traces over stdio: the built `zod-mcp serve` of a module that turns telemetry on and exports its
// spans with the OTLP/HTTP exporter (JSON) to a receiver this test runs on loopback.
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StdioPeer } from '../../helpers/stdio-peer.js';
import { envelope, V2026 } from '../../helpers/eras.js';
import { until } from '../../transports/http/helpers.js';
import { CLIENT, TRACEPARENT } from './setup.js';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string } }[];
  status: { code?: number; message?: string };
}

const received: OtlpSpan[] = [];
let receiver: Server;
let url: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const { resourceSpans } = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
      received.push(...resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address() as { port: number };
  url = `http://127.0.0.1:${address.port}/v1/traces`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const shape = (span: OtlpSpan) => ({
  name: span.name,
  kind: span.kind,
  attributes: Object.fromEntries(span.attributes.map(({ key, value }) => [key, value.stringValue])),
  parentSpanId: span.parentSpanId || undefined,
  traceId: span.traceId,
});

/** Serves the module over stdio, sends `frames`, waits for their answers and for `spans` spans; the process then ends. */
async function serveAndTrace(frames: { id: number | string }[], spans: number): Promise<ReturnType<typeof shape>[]> {
  received.length = 0;
  process.env.OTLP_TRACES_URL = url; // the child inherits it
  const peer = new StdioPeer(['serve', join('test', 'core', 'telemetry', 'stdio-server.mjs')]);
  try {
    for (const frame of frames) {
      peer.send(`${JSON.stringify(frame)}\n`);
      await peer.waitForId(frame.id);
    }
    await until(() => received.length >= spans);
  } finally {
    peer.child.stdin.end();
    await peer.exited;
  }
  return received.map(shape);
}

const tool = {
  'mcp.method.name': 'tools/call',
  'gen_ai.tool.name': 'add',
  'gen_ai.operation.name': 'execute_tool',
  'network.transport': 'pipe',
};
const SERVER = 2; // OTLP's SPAN_KIND_SERVER

describe('spans over stdio (OTLP/HTTP to a loopback receiver)', () => {
  it('2025: initialize and a call, network.transport pipe, the call a child of _meta.traceparent', async () => {
    const init = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } };
    const spans = await serveAndTrace(
      [
        { jsonrpc: '2.0', id: 1, method: 'initialize', params: init } as never,
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'add', arguments: { a: 2, b: 3 }, _meta: { traceparent: TRACEPARENT } },
        } as never,
      ],
      2,
    );
    expect(spans).toStrictEqual([
      {
        name: 'initialize',
        kind: SERVER,
        attributes: {
          'mcp.method.name': 'initialize',
          'network.transport': 'pipe',
          'jsonrpc.request.id': '1',
          'mcp.protocol.version': '2025-06-18',
        },
        parentSpanId: undefined,
        traceId: spans[0]!.traceId,
      },
      {
        name: 'tools/call add',
        kind: SERVER,
        attributes: { ...tool, 'jsonrpc.request.id': '2', 'mcp.protocol.version': '2025-06-18' },
        parentSpanId: CLIENT.spanId,
        traceId: CLIENT.traceId,
      },
    ]);
  });

  it("2026: the envelope's version, the parent from _meta", async () => {
    const call = {
      jsonrpc: '2.0',
      id: 'x',
      method: 'tools/call',
      params: { name: 'add', arguments: { a: 1, b: 1 }, _meta: envelope({ traceparent: TRACEPARENT }) },
    };
    expect(await serveAndTrace([call as never], 1)).toStrictEqual([
      {
        name: 'tools/call add',
        kind: SERVER,
        attributes: { ...tool, 'jsonrpc.request.id': 'x', 'mcp.protocol.version': V2026 },
        parentSpanId: CLIENT.spanId,
        traceId: CLIENT.traceId,
      },
    ]);
  });
});
