// serveHttp's `metrics`: /metrics scraped over real HTTP after calls in both eras, parsed as
// Prometheus text; the Host check, the bearer token when auth is on, and the loopback metrics port.
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool } from '../../../../src/index.js';
import { echo } from '../../../../src/demo.js';
import { serveHttp, type HttpServerHandle } from '../../../../src/node.js';
import type { AuthInfo } from '../../../../src/core/auth.js';
import { envelope, V2026 } from '../../../helpers/eras.js';
import { PROTOCOL, callFrame, httpError, openSession, post, send } from '../helpers.js';
import { scrape, sorted } from './scrape.js';

const boom = defineTool({
  name: 'boom',
  description: 'Fails.',
  input: z.object({}),
  handler: () => ({ content: [{ type: 'text', text: 'no' }], isError: true }),
});
const makeServer = () => new McpServer({ name: 'measured', version: '1.0.0', tools: [echo, boom] });

const http = { network_transport: 'tcp', network_protocol_name: 'http' };
const call = (tool: string) => ({
  mcp_method_name: 'tools/call',
  gen_ai_tool_name: tool,
  gen_ai_operation_name: 'execute_tool',
  ...http,
});
const v2026 = { 'mcp-protocol-version': V2026 };

describe('the metrics endpoint on the main port', () => {
  let handle: HttpServerHandle;
  beforeAll(async () => {
    handle = await serveHttp(makeServer(), { port: 0, host: '127.0.0.1', metrics: true });
  });
  afterAll(() => handle.close());

  it('counts each request by method, tool and outcome in both eras, and the gauges say what is open', async () => {
    expect(handle.metricsUrl).toBe(`http://127.0.0.1:${handle.port}/metrics`);
    const session = await openSession(handle.url);
    const v2025 = { 'mcp-session-id': session };
    await post(handle.url, callFrame(2, 'echo', { x: 1 }), v2025);
    await post(handle.url, callFrame(3, 'echo', { x: 2 }), v2025);
    await post(handle.url, callFrame(4, 'boom'), v2025);
    await post(handle.url, { jsonrpc: '2.0', id: 5, method: 'nope/never' }, v2025);
    await post(handle.url, callFrame('a', 'echo', { x: 3 }, envelope()), {
      ...v2026,
      'mcp-method': 'tools/call',
      'mcp-name': 'echo',
    });
    await post(handle.url, callFrame('b', 'boom', {}, envelope()), {
      ...v2026,
      'mcp-method': 'tools/call',
      'mcp-name': 'boom',
    });
    const families = await scrape(handle.metricsUrl!);
    const on2025 = { mcp_protocol_version: PROTOCOL };
    const on2026 = { mcp_protocol_version: V2026 };
    expect(sorted(families.get('mcp_server_operation_duration'))).toStrictEqual(
      sorted([
        { labels: { mcp_method_name: 'initialize', ...http, ...on2025 }, value: 1 },
        { labels: { ...call('echo'), ...on2025 }, value: 2 },
        { labels: { ...call('boom'), ...on2025, error_type: 'tool_error' }, value: 1 },
        {
          labels: {
            mcp_method_name: '_OTHER',
            ...http,
            ...on2025,
            error_type: '-32601',
            rpc_response_status_code: '-32601',
          },
          value: 1,
        },
        { labels: { ...call('echo'), ...on2026 }, value: 1 },
        { labels: { ...call('boom'), ...on2026, error_type: 'tool_error' }, value: 1 },
      ]),
    );
    expect(families.get('mcp_server_session_duration')).toBeUndefined(); // the session is still open
    expect(
      Object.fromEntries(
        [
          'zod_mcp_http_active_requests',
          'zod_mcp_http_open_sessions',
          'zod_mcp_listen_open_streams',
          'zod_mcp_tasks_running',
        ].map((name) => [name, families.get(name)]),
      ),
    ).toStrictEqual({
      zod_mcp_http_active_requests: [{ labels: {}, value: 0 }],
      zod_mcp_http_open_sessions: [{ labels: {}, value: 1 }],
      zod_mcp_listen_open_streams: [{ labels: {}, value: 0 }],
      zod_mcp_tasks_running: [{ labels: {}, value: 0 }],
    });
    await send(handle.url, { method: 'DELETE', headers: { 'mcp-session-id': session } });
    const after = await scrape(handle.metricsUrl!);
    expect([after.get('mcp_server_session_duration'), after.get('zod_mcp_http_open_sessions')]).toStrictEqual([
      [{ labels: { ...http, ...on2025 }, value: 1 }],
      [{ labels: {}, value: 0 }],
    ]);
  });

  it('a listen stream open is counted while it is', async () => {
    const abort = new AbortController();
    const listening = fetch(handle.url, {
      method: 'POST',
      signal: abort.signal,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...v2026,
        'mcp-method': 'subscriptions/listen',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'l',
        method: 'subscriptions/listen',
        params: { _meta: envelope(), notifications: { toolsListChanged: true } },
      }),
    });
    const res = await listening;
    const gauges = await scrape(handle.metricsUrl!);
    expect([
      res.status,
      gauges.get('zod_mcp_listen_open_streams'),
      gauges.get('zod_mcp_http_active_requests'),
    ]).toStrictEqual([200, [{ labels: {}, value: 1 }], [{ labels: {}, value: 1 }]]);
    abort.abort();
  });

  it('is behind the Host check (403 for a foreign Host), GET and HEAD only', async () => {
    const foreign = await send(handle.metricsUrl!, { method: 'GET', headers: { host: 'evil.example' } });
    expect([foreign.status, foreign.body]).toStrictEqual([403, httpError('Host not allowed: evil.example')]);
    const head = await send(handle.metricsUrl!, { method: 'HEAD' });
    expect([head.status, head.body, head.headers['content-type']]).toStrictEqual([
      200,
      '',
      'text/plain; version=0.0.4; charset=utf-8',
    ]);
    const posted = await send(handle.metricsUrl!, { method: 'POST', body: '' });
    expect([posted.status, posted.body]).toStrictEqual([404, httpError('no MCP endpoint here: it is at /mcp')]);
  });
});

describe('with auth', () => {
  const caller = { subject: 'u', scopes: [] } as unknown as AuthInfo;
  const auth = {
    issuer: 'https://as.example',
    resource: 'http://127.0.0.1/mcp',
    verify: async (token: string) => (token === 'good' ? caller : undefined),
  };

  it('the main port refuses /metrics without a valid token (401, as the MCP endpoint does) and serves it with one', async () => {
    const handle = await serveHttp(makeServer(), { port: 0, host: '127.0.0.1', auth, metrics: true });
    try {
      const [none, bad, good] = await Promise.all(
        [undefined, 'bad', 'good'].map((token) =>
          send(handle.metricsUrl!, {
            method: 'GET',
            headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
          }),
        ),
      );
      expect([none!.status, bad!.status, good!.status]).toStrictEqual([401, 401, 200]);
      expect(none!.headers['www-authenticate']).toMatch(/^Bearer /);
    } finally {
      await handle.close();
    }
  });

  it('metrics.port serves them on 127.0.0.1 without a token, and the main port no longer does', async () => {
    const handle = await serveHttp(makeServer(), { port: 0, host: '127.0.0.1', auth, metrics: { port: 0 } });
    try {
      const url = new URL(handle.metricsUrl!);
      expect([url.hostname, url.pathname, url.port !== String(handle.port)]).toStrictEqual([
        '127.0.0.1',
        '/metrics',
        true,
      ]);
      expect((await scrape(handle.metricsUrl!)).get('zod_mcp_http_open_sessions')).toStrictEqual([
        { labels: {}, value: 0 },
      ]);
      const foreign = await send(handle.metricsUrl!, { method: 'GET', headers: { host: 'evil.example' } });
      expect(foreign.status).toBe(403);
      const elsewhere = await send(`http://127.0.0.1:${url.port}/mcp`, { method: 'GET' });
      expect([elsewhere.status, elsewhere.body]).toStrictEqual([
        404,
        httpError('no metrics here: they are at /metrics'),
      ]);
      const main = await send(`http://127.0.0.1:${handle.port}/metrics`, {
        method: 'GET',
        headers: { authorization: 'Bearer good' },
      });
      expect(main.status).toBe(404);
    } finally {
      await handle.close();
    }
  });
});

describe('with telemetry on', () => {
  it("the durations go to the telemetry option's meter provider and to /metrics alike", async () => {
    const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
    const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 60_000 });
    const meterProvider = new MeterProvider({ readers: [reader] });
    const server = new McpServer({ name: 'measured', version: '1.0.0', tools: [echo], telemetry: { meterProvider } });
    const handle = await serveHttp(server, { port: 0, host: '127.0.0.1', metrics: true });
    try {
      await post(handle.url, callFrame('a', 'echo', { x: 1 }, envelope()), {
        ...v2026,
        'mcp-method': 'tools/call',
        'mcp-name': 'echo',
      });
      expect((await scrape(handle.metricsUrl!)).get('mcp_server_operation_duration')).toStrictEqual([
        { labels: { ...call('echo'), mcp_protocol_version: V2026 }, value: 1 },
      ]);
      await reader.forceFlush();
      const pushed = exporter
        .getMetrics()
        .at(-1)!
        .scopeMetrics[0]!.metrics.find((metric) => metric.descriptor.name === 'mcp.server.operation.duration')!;
      expect(pushed.dataPoints.map((point) => (point.value as { count: number }).count)).toStrictEqual([1]);
    } finally {
      await handle.close();
      await meterProvider.shutdown();
    }
  });
});

describe('the option', () => {
  it('refuses a metrics path that is the MCP or health path, and unknown keys', async () => {
    const server = makeServer();
    await expect(serveHttp(server, { port: 0, metrics: { path: '/mcp' } })).rejects.toThrow(
      'serveHttp: invalid options: metrics.path: it is the MCP path (/mcp)',
    );
    await expect(serveHttp(server, { port: 0, metrics: { path: '/healthz' } })).rejects.toThrow(
      'serveHttp: invalid options: metrics.path: it is the health path (/healthz)',
    );
    await expect(serveHttp(server, { port: 0, metrics: { portt: 1 } as never })).rejects.toThrow(/metrics/);
  });
});

describe('rate-limit refusals', () => {
  it('are counted by method, tool and whose limit refused them', async () => {
    const add = defineTool({
      name: 'add',
      description: 'Adds.',
      input: z.object({ a: z.number() }),
      rateLimit: { perHour: 1 },
      handler: ({ a }) => String(a),
    });
    const server = new McpServer({ name: 'measured', version: '1.0.0', tools: [add], rateLimit: { perHour: 4 } });
    const handle = await serveHttp(server, { port: 0, host: '127.0.0.1', metrics: true });
    try {
      const headers = (name: string, method = 'tools/call') => ({
        ...v2026,
        'mcp-method': method,
        ...(method === 'tools/call' ? { 'mcp-name': name } : {}),
      });
      // Four requests a caller; add once. The second add is the tool's refusal (which takes no token
      // of the server's either), the sixth request the server's.
      const first = await post(handle.url, callFrame('a', 'add', { a: 1 }, envelope()), headers('add'));
      const second = await post(handle.url, callFrame('b', 'add', { a: 2 }, envelope()), headers('add'));
      for (const id of ['c', 'd', 'e'])
        await post(
          handle.url,
          { jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: envelope() } },
          headers('', 'tools/list'),
        );
      const sixth = await post(
        handle.url,
        { jsonrpc: '2.0', id: 'f', method: 'tools/list', params: { _meta: envelope() } },
        headers('', 'tools/list'),
      );
      expect([
        first.status,
        JSON.parse(first.body).result.isError,
        second.status,
        JSON.parse(second.body).result.isError,
        sixth.status,
      ]).toStrictEqual([200, false, 200, true, 429]);
      const families = await scrape(handle.metricsUrl!);
      expect(sorted(families.get('zod_mcp_rate_limit_refusals_total'))).toStrictEqual(
        sorted([
          {
            labels: { mcp_method_name: 'tools/call', gen_ai_tool_name: 'add', zod_mcp_rate_limit_scope: 'tool' },
            value: 1,
          },
          { labels: { mcp_method_name: 'tools/list', zod_mcp_rate_limit_scope: 'server' }, value: 1 },
        ]),
      );
    } finally {
      await handle.close();
    }
  });
});
