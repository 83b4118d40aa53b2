// With an exporter that never answers, finished spans wait in the batch processor's queue: what each
// holds must not grow with the client's strings. 40 calls naming 2 MB tools (80 MB of names) leave
// the spans holding well under 20 MiB.
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, expect, it } from 'vitest';
import { McpServer } from '../../../src/index.js';
import { echo } from '../../../src/demo.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Takes every batch and never says it was sent, as an exporter whose collector hangs. */
const stuck: SpanExporter = { export: () => {}, shutdown: async () => {} };
const processor = new BatchSpanProcessor(stuck, { maxQueueSize: 2048, scheduledDelayMillis: 60_000 });
/** Counts the spans that ended (and so went to the queue). */
const ended = { count: 0 };
const counter: SpanProcessor = {
  onStart: () => {},
  onEnd: () => void ended.count++,
  forceFlush: async () => {},
  shutdown: async () => {},
};
const tracerProvider = new BasicTracerProvider({ spanProcessors: [processor, counter] });
afterAll(() => void tracerProvider.shutdown().catch(() => {}));

it('40 spans of calls naming 2 MB tools hold under 20 MiB while the exporter is stuck', async () => {
  const server = new McpServer({ name: 'stuck', version: '1.0.0', tools: [echo], telemetry: { tracerProvider } });
  await server.handle({ jsonrpc: '2.0', id: 0, method: 'tools/call', params: { name: 'echo', arguments: {} } }); // telemetry loaded
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 40; i++) {
    const name = `t${i}`.padEnd(2 * 1024 * 1024, 'x');
    const id = `r${i}`.padEnd(2 * 1024 * 1024, 'y');
    // Parsed from text, as every transport does: flat strings (padEnd's own are ropes of a few shared parts).
    await server.handle(
      JSON.parse(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } })),
    );
  }
  gc();
  const held = process.memoryUsage().heapUsed - before;
  expect(held).toBeLessThan(20 * 1024 * 1024);
  expect(ended.count).toBe(41); // every span went to the queue, and waits there (no batch of 512 yet, no timer due)
});
