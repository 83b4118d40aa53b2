// In-process bench, one implementation and one scenario per process (so JIT and GC state are not
// shared): `node bench/in-process.mjs <zod-mcp|zod-mcp 2026|sdk|sdk v2|tmcp> <call|call10000|list100|list1000|list10000|payload|local|middleware|ratelimit|ratelimit-callers> <ms>`
// (`local`: zod-mcp's own in-process client, `server.callTool`; `middleware`: tools/call with one
// pass-through middleware, `(request, next) => next()`; `otel`: tools/call with telemetry on, the
// real SDK's BasicTracerProvider exporting every span to a no-op exporter, and a MeterProvider;
// `ratelimit`: tools/call under a server-wide rate limit so generous it never refuses, in the
// default in-memory store; `ratelimit-callers`: 10 an hour, each call from a new client address, so
// that past the store's 100,000 buckets each call makes one and forgets another).
// Prints {"opsPerSec": n}. zod-mcp is timed through `server.handle(frame)`, tmcp through
// `server.receive(frame)`, the SDKs (v1 and v2) through their own Client and McpServer over InMemoryTransport.
import { performance } from 'node:perf_hooks';
import { z } from 'zod';

const [impl, scenario, msText] = process.argv.slice(2);
const durationMs = Number(msText ?? 1000);
const IN_FLIGHT = 64;
const PAYLOAD = 'a'.repeat(1024 * 1024);

const echoInput = { x: z.number().optional() };
const echoText = (args) => `echo(${JSON.stringify(args)})`;
/** `list100`, `list1000`, `list10000`: tools/list of that many tools; `call10000`: tools/call among 10,000 tools. */
const toolCount = { list100: 100, list1000: 1000, list10000: 10_000, call10000: 10_000 }[scenario] ?? 0;
/** The extra tools of the tools/list scenarios: a small but realistic input schema each. */
const extraTools = Array.from({ length: toolCount - (toolCount > 0 ? 1 : 0) }, (_, i) => ({
  name: `tool_${i}`,
  description: `Tool number ${i}: looks something up.`,
  input: {
    query: z.string().min(1).describe('what to look for'),
    limit: z.number().int().min(1).max(100).optional().describe('at most this many results'),
    tags: z.array(z.string()).optional(),
  },
}));

const args = (i) => (scenario === 'payload' ? { x: i, pad: PAYLOAD } : { x: i });
const expected = (i) => `echo({"x":${i}})`;

/** The 2026 envelope on every request: what a 2026 client sends instead of an initialize. */
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

async function zodMcp(modern = false) {
  const { McpServer, defineTool } = await import('zod-mcp');
  const tools = [
    defineTool({ name: 'echo', description: 'Echoes its arguments.', input: z.object(echoInput), handler: echoText }),
    ...extraTools.map((t) =>
      defineTool({ name: t.name, description: t.description, input: z.object(t.input), handler: () => 'ok' }),
    ),
  ];
  const use = scenario === 'middleware' ? [(_request, next) => next()] : [];
  const telemetry = scenario === 'otel' ? { telemetry: await otelProviders() } : {};
  const rateLimit =
    scenario === 'ratelimit'
      ? { rateLimit: { perSecond: 1e9 } }
      : scenario === 'ratelimit-callers'
        ? { rateLimit: { perHour: 10 } }
        : {};
  const server = new McpServer({
    name: 'bench',
    version: '1.0.0',
    tools,
    ...(use.length > 0 ? { use } : {}),
    ...telemetry,
    ...rateLimit,
  });
  if (scenario.startsWith('list')) {
    return async () => {
      const frame = modern
        ? { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: ENVELOPE } }
        : { jsonrpc: '2.0', id: 1, method: 'tools/list' };
      const response = await server.handle(frame);
      return response.result.tools.length;
    };
  }
  let id = 0;
  if (scenario === 'local') {
    // The in-process client: server.callTool assigns the id, builds the frame and reads the answer.
    return async () => {
      const i = ++id;
      const result = await server.callTool('echo', args(i));
      return result.content[0].text === expected(i) ? 1 : fail(result);
    };
  }
  // `ratelimit-callers`: each call from an address of its own, so past the first 100,000 every take makes a bucket and forgets one.
  const from =
    scenario === 'ratelimit-callers'
      ? (i) => ({ clientAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` })
      : () => undefined;
  return async () => {
    const i = ++id;
    const params = modern
      ? { name: 'echo', arguments: args(i), _meta: ENVELOPE }
      : { name: 'echo', arguments: args(i) };
    const response = await server.handle({ jsonrpc: '2.0', id: i, method: 'tools/call', params }, from(i));
    return response.result.content[0].text === expected(i) ? 1 : fail(response);
  };
}

/** The OpenTelemetry SDK as an app sets it up, minus the network: spans end in a no-op exporter, metrics aggregate for a reader. */
async function otelProviders() {
  const { BasicTracerProvider, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace-base');
  const { MeterProvider, MetricReader } = await import('@opentelemetry/sdk-metrics');
  const exporter = { export: (_spans, done) => done({ code: 0 }), shutdown: async () => {} };
  class Reader extends MetricReader {
    async onForceFlush() {}
    async onShutdown() {}
  }
  return {
    tracerProvider: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
    meterProvider: new MeterProvider({ readers: [new Reader()] }),
  };
}

/** An official SDK's McpServer and Client over its InMemoryTransport; `schemaOf` turns a raw shape into what its registerTool takes. */
async function sdkPair({ McpServer, Client, InMemoryTransport }, schemaOf) {
  const server = new McpServer({ name: 'bench', version: '1.0.0' });
  server.registerTool('echo', { description: 'Echoes its arguments.', inputSchema: schemaOf(echoInput) }, (a) => ({
    content: [{ type: 'text', text: echoText(a) }],
  }));
  for (const t of extraTools) {
    server.registerTool(t.name, { description: t.description, inputSchema: schemaOf(t.input) }, () => ({
      content: [{ type: 'text', text: 'ok' }],
    }));
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  if (scenario.startsWith('list')) return async () => (await client.listTools()).tools.length;
  let id = 0;
  return async () => {
    const i = ++id;
    const result = await client.callTool({ name: 'echo', arguments: args(i) });
    return result.content[0].text === expected(i) ? 1 : fail(result);
  };
}

/** SDK 1.32: registerTool takes a raw shape. */
async function sdk() {
  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
  return sdkPair({ McpServer, Client, InMemoryTransport }, (shape) => shape);
}

/** SDK v2: registerTool takes a schema. */
async function sdkV2() {
  const { McpServer, InMemoryTransport } = await import('@modelcontextprotocol/server');
  const { Client } = await import('@modelcontextprotocol/client');
  return sdkPair({ McpServer, Client, InMemoryTransport }, (shape) => z.object(shape));
}

async function tmcp() {
  const { McpServer } = await import('tmcp');
  const { ZodJsonSchemaAdapter } = await import('@tmcp/adapter-zod');
  const server = new McpServer(
    { name: 'bench', version: '1.0.0', description: 'bench' },
    { adapter: new ZodJsonSchemaAdapter(), capabilities: { tools: { listChanged: false } } },
  );
  server.tool({ name: 'echo', description: 'Echoes its arguments.', schema: z.object(echoInput) }, (a) => ({
    content: [{ type: 'text', text: echoText(a) }],
  }));
  for (const t of extraTools) {
    server.tool({ name: t.name, description: t.description, schema: z.object(t.input) }, () => ({
      content: [{ type: 'text', text: 'ok' }],
    }));
  }
  await server.receive({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1.0.0' } },
  });
  if (scenario.startsWith('list')) {
    return async () => (await server.receive({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).result.tools.length;
  }
  let id = 0;
  return async () => {
    const i = ++id;
    const response = await server.receive({
      jsonrpc: '2.0',
      id: i,
      method: 'tools/call',
      params: { name: 'echo', arguments: args(i) },
    });
    return response.result.content[0].text === expected(i) ? 1 : fail(response);
  };
}

function fail(value) {
  throw new Error(`wrong answer: ${JSON.stringify(value).slice(0, 300)}`);
}

/** Runs batches of IN_FLIGHT concurrent operations until `ms` have passed; returns operations per second. */
async function measure(op, ms) {
  const started = performance.now();
  let ops = 0;
  let elapsed = 0;
  const expectCount = scenario.startsWith('list') ? toolCount : 1;
  while (elapsed < ms) {
    const batch = [];
    for (let k = 0; k < IN_FLIGHT; k++) batch.push(op());
    for (const value of await Promise.all(batch)) if (value !== expectCount) fail(value);
    ops += IN_FLIGHT;
    elapsed = performance.now() - started;
  }
  return (ops / elapsed) * 1000;
}

const makers = { 'zod-mcp': () => zodMcp(false), 'zod-mcp 2026': () => zodMcp(true), sdk, 'sdk v2': sdkV2, tmcp };
const op = await makers[impl]();
await measure(op, durationMs / 2); // warm-up: the SDK needs a while to reach its pace
// Two halves: tools/list must cost the same however often it has been called.
const first = await measure(op, durationMs / 2);
const second = await measure(op, durationMs / 2);
process.stdout.write(`${JSON.stringify({ opsPerSec: (first + second) / 2, first, second })}\n`);
