// /metrics read by the Prometheus project's own text parser (its Python client, Debian's
// python3-prometheus-client): the exposition parses, and each series holds what test/transports/http/metrics'
// strict parser reads, so that one cannot be wrong the same way the exporter is.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool } from '../../../../src/index.js';
import { echo } from '../../../../src/demo.js';
import { serveHttp, type HttpServerHandle } from '../../../../src/node.js';
import { BINARIES, describeWith } from '../../../helpers/binaries.js';
import { envelope, V2026 } from '../../../helpers/eras.js';
import { callFrame, openSession, post } from '../helpers.js';
import { parseText } from './scrape.js';

/** Every sample as the reference parser reads it: name, labels (otel_scope_* left out, as parseText does), value. */
const READ = `
import json, sys
from prometheus_client.parser import text_string_to_metric_families
out = []
for family in text_string_to_metric_families(sys.stdin.read()):
    for sample in family.samples:
        labels = {k: v for k, v in sample.labels.items() if not k.startswith('otel_scope_')}
        out.append({'family': family.name, 'type': family.type, 'name': sample.name, 'labels': labels, 'value': sample.value})
print(json.dumps(out))
`;

interface Sample {
  family: string;
  type: string;
  name: string;
  labels: Record<string, string>;
  value: number;
}

describeWith('python3-prometheus-client')("the Prometheus project's parser", () => {
  let handle: HttpServerHandle;
  beforeAll(async () => {
    const boom = defineTool({
      name: 'boom',
      description: 'Fails.',
      input: z.object({}),
      handler: () => ({ content: [{ type: 'text', text: 'no' }], isError: true }),
    });
    handle = await serveHttp(new McpServer({ name: 'measured', version: '1.0.0', tools: [echo, boom] }), {
      port: 0,
      host: '127.0.0.1',
      metrics: true,
    });
  });
  afterAll(() => handle.close());

  it('reads the exposition, and each histogram count and gauge as the tests read it', async () => {
    const session = await openSession(handle.url);
    for (const [id, tool] of [
      [2, 'echo'],
      [3, 'echo'],
      [4, 'boom'],
    ] as const)
      await post(handle.url, callFrame(id, tool, {}), { 'mcp-session-id': session });
    await post(handle.url, callFrame('a', 'echo', {}, envelope()), {
      'mcp-protocol-version': V2026,
      'mcp-method': 'tools/call',
      'mcp-name': 'echo',
    });
    const text = await (await fetch(handle.metricsUrl!)).text();
    const samples = JSON.parse(
      execFileSync(BINARIES['python3-prometheus-client'].command, ['-c', READ], { input: text, encoding: 'utf8' }),
    ) as Sample[];
    const counts = samples.filter((sample) => sample.name === 'mcp_server_operation_duration_count');
    expect(samples.find((sample) => sample.family === 'mcp_server_operation_duration')?.type).toBe('histogram');
    const ours = parseText(text);
    const key = (labels: Record<string, string>) =>
      JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
    expect(new Map(counts.map((sample) => [key(sample.labels), sample.value]))).toStrictEqual(
      new Map(ours.get('mcp_server_operation_duration')!.map((series) => [key(series.labels), series.value])),
    );
    expect(counts.map((sample) => sample.value).reduce((a, b) => a + b, 0)).toBe(5); // initialize, 3 calls on 2025, 1 on 2026
    for (const gauge of [
      'zod_mcp_http_open_sessions',
      'zod_mcp_http_active_requests',
      'zod_mcp_listen_open_streams',
      'zod_mcp_tasks_running',
    ]) {
      expect(samples.filter((sample) => sample.name === gauge).map((sample) => sample.value)).toStrictEqual(
        ours.get(gauge)!.map((series) => series.value),
      );
    }
    expect(samples.find((sample) => sample.name === 'zod_mcp_http_open_sessions')?.value).toBe(1);
  });
});
