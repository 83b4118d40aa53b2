// A module `zod-mcp serve` serves over stdio, with telemetry on: every span goes at once (SimpleSpanProcessor)
// to the OTLP/HTTP (JSON) receiver at $OTLP_TRACES_URL, which the stdio test runs on loopback.
import { propagation } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { z } from 'zod';
import { McpServer, defineTool } from 'zod-mcp';

propagation.setGlobalPropagator(new W3CTraceContextPropagator());
const exporter = new OTLPTraceExporter({ url: process.env.OTLP_TRACES_URL });
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

const add = defineTool({
  name: 'add',
  description: 'Adds.',
  input: z.object({ a: z.number(), b: z.number() }),
  handler: ({ a, b }) => String(a + b),
});

export const server = new McpServer({
  name: 'traced-stdio',
  version: '1.0.0',
  tools: [add],
  telemetry: { tracerProvider },
});
