// The real OpenTelemetry SDK, in memory: a tracer provider whose spans the tests read, a metric
// reader they collect, and the W3C propagator (what NodeSDK registers) set globally.
import { propagation, type SpanContext } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { MeterProvider, MetricReader, type HistogramMetricData } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';

propagation.setGlobalPropagator(new W3CTraceContextPropagator());

class TestReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

/** A client's span: the parent a request names in `traceparent`. */
export const CLIENT = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' };
export const TRACEPARENT = `00-${CLIENT.traceId}-${CLIENT.spanId}-01`;
/** Another one, for the HTTP header when `_meta` names the first. */
export const HEADER = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331' };
export const HEADER_TRACEPARENT = `00-${HEADER.traceId}-${HEADER.spanId}-01`;

export function otelSetup() {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const reader = new TestReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  return {
    tracerProvider,
    meterProvider,
    reader,
    spans: () => exporter.getFinishedSpans().map(shapeOf),
    reset: () => exporter.reset(),
    /** Each data point of a histogram: its attributes and count (durations vary; their unit and buckets do not). */
    async histogram(name: string) {
      const { resourceMetrics } = await reader.collect();
      const metric = resourceMetrics.scopeMetrics
        .flatMap((scope) => scope.metrics)
        .find((m) => m.descriptor.name === name) as HistogramMetricData | undefined;
      if (metric === undefined) return undefined;
      return {
        unit: metric.descriptor.unit,
        points: metric.dataPoints.map((point) => ({
          attributes: point.attributes,
          count: point.value.count,
          boundaries: point.value.buckets.boundaries,
        })),
      };
    },
  };
}

/** A finished span as the tests compare it: ids kept only where they say who is whose parent. */
export function shapeOf(span: ReadableSpan) {
  const parent: SpanContext | undefined = span.parentSpanContext;
  return {
    name: span.name,
    kind: span.kind,
    attributes: span.attributes,
    status: span.status,
    traceId: span.spanContext().traceId,
    spanId: span.spanContext().spanId,
    parentSpanId: parent?.spanId,
    links: span.links.map((link) => link.context.spanId),
  };
}

/** Lets telemetry load (it is imported in the background when the server is built). */
export const loaded = () => new Promise((resolve) => setTimeout(resolve, 0));
