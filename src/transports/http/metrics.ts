// The metrics endpoint (serveHttp's `metrics`): Prometheus text, rendered by the OpenTelemetry
// Prometheus exporter from a meter provider of its own, which the server records its durations on
// (telemetry on or off) and where the transport's gauges are. Both packages are optional peers,
// imported only when metrics are on; this module names none of their types in what it exports.
import type { MeterProvider as SdkMeterProvider } from '@opentelemetry/sdk-metrics';
import type * as Exporter from '@opentelemetry/exporter-prometheus';
import { importOptionalPeers, METRICS_PEERS } from '../../core/optional-peer.js';
import type { McpServer } from '../../server.js';
import type { HttpResponse } from './messages.js';
import { utf8Length } from '../../runtime/bytes.js';
import { VERSION } from '../../version.js';

export interface MetricsEndpoint {
  /** GET here answers with the text (the main port's, or the metrics port's). */
  readonly path: string;
  /** Collects every instrument now and answers 200 with the Prometheus text format. */
  send(res: HttpResponse, head: boolean): Promise<void>;
  /** Stops the meter provider (at the listener's close). */
  shutdown(): Promise<void>;
}

const NEEDER = "serveHttp's metrics option";
/** The version of Prometheus' text format the exporter writes. */
const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** What the gauges read of the transport (its HttpState). */
export interface MeasuredTransport {
  readonly inFlight: number;
  readonly sessions: { readonly size: number };
}

/** Loads the peers, makes the meter provider and the gauges, and has `server` record its durations there. */
export async function startMetrics(
  server: McpServer,
  state: MeasuredTransport,
  path: string,
): Promise<MetricsEndpoint> {
  const [, sdk, prometheus] = await importOptionalPeers<
    [unknown, typeof import('@opentelemetry/sdk-metrics'), typeof Exporter]
  >(METRICS_PEERS, NEEDER);
  // The exporter as a pull reader only: it opens no port of its own, our route renders what it collects.
  const reader = new prometheus.PrometheusExporter({ preventServerStart: true });
  const serializer = new prometheus.PrometheusSerializer();
  const provider: SdkMeterProvider = new sdk.MeterProvider({
    readers: [reader as unknown as import('@opentelemetry/sdk-metrics').MetricReader],
  });
  const measured = await server.measureWith(provider);
  const meter = provider.getMeter('zod-mcp', VERSION);
  const gauge = (name: string, unit: string, description: string, read: () => number) =>
    meter.createObservableGauge(name, { unit, description }).addCallback((result) => result.observe(read()));
  gauge(
    'zod_mcp.http.active_requests',
    '{request}',
    'HTTP requests admitted and not yet answered (open GET and listen streams included).',
    () => state.inFlight,
  );
  gauge(
    'zod_mcp.http.open_sessions',
    '{session}',
    '2025 HTTP sessions open (Mcp-Session-Id) in this process.',
    () => state.sessions.size,
  );
  gauge(
    'zod_mcp.listen.open_streams',
    '{stream}',
    'subscriptions/listen streams open in this process, over every principal.',
    measured.listenStreams,
  );
  gauge(
    'zod_mcp.tasks.running',
    '{task}',
    'Tasks whose work runs in this process, not yet ended (a shared store holds others too).',
    () => server.runningTasks.count,
  );
  return {
    path,
    async send(res, head) {
      const { resourceMetrics, errors } = await reader.collect();
      for (const error of errors) server.reportError(error);
      const body = serializer.serialize(resourceMetrics);
      res.writeHead(200, {
        'content-type': CONTENT_TYPE,
        'content-length': utf8Length(body),
        'cache-control': 'no-store',
      });
      res.end(head ? undefined : body);
    },
    shutdown: () => provider.shutdown(),
  };
}
