// /metrics against what a client can send: tool names of 4,000,000 characters (under the body
// limit) are one `_OTHER` series, not 4 MB labels, so the exposition stays small and the endpoint
// keeps answering 200; a served tool keeps its own series.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { McpServer } from '../../../../src/index.js';
import { echo } from '../../../../src/demo.js';
import { serveHttp, type HttpServerHandle } from '../../../../src/node.js';
import { PROTOCOL, callFrame, openSession, post, send } from '../helpers.js';
import { parseText } from './scrape.js';

let handle: HttpServerHandle;
beforeAll(async () => {
  handle = await serveHttp(new McpServer({ name: 'measured', version: '1.0.0', tools: [echo] }), {
    port: 0,
    host: '127.0.0.1',
    metrics: true,
  });
});
afterAll(() => handle.close());

it('9 calls naming 4 MB tools: /metrics still 200, under 2 MB, the names one _OTHER series', async () => {
  const session = await openSession(handle.url);
  for (let i = 0; i < 9; i++) {
    const res = await post(handle.url, callFrame(i + 2, `${i}`.padEnd(4_000_000, 'x')), { 'mcp-session-id': session });
    expect(res.status).toBe(200);
  }
  await post(handle.url, callFrame(20, 'echo', { x: 1 }), { 'mcp-session-id': session });
  const res = await send(handle.metricsUrl!, { method: 'GET' });
  expect([res.status, res.body.length < 2 * 1024 * 1024]).toStrictEqual([200, true]);
  const calls = parseText(res.body)
    .get('mcp_server_operation_duration')!
    .filter((series) => series.labels.mcp_method_name === 'tools/call');
  const base = {
    mcp_method_name: 'tools/call',
    gen_ai_operation_name: 'execute_tool',
    network_transport: 'tcp',
    network_protocol_name: 'http',
    mcp_protocol_version: PROTOCOL,
  };
  expect(calls).toStrictEqual([
    { labels: { ...base, gen_ai_tool_name: '_OTHER', error_type: 'tool_error' }, value: 9 },
    { labels: { ...base, gen_ai_tool_name: 'echo' }, value: 1 },
  ]);
});
