// An HTTP metrics endpoint's meter provider, given to a server after it was built: the durations are
// recorded there too, with the server's telemetry (`telemetry` option) or without it (metrics only).
import { loadTracer, type Dispatcher } from '../dispatcher.js';
import { startTelemetry, type MeasuredBy } from './index.js';
import type { MeterProviderLike } from './types.js';

/** What the endpoint's gauges read of the server. */
export interface MeasuredServer {
  /** subscriptions/listen streams open in this process, over every principal. */
  readonly listenStreams: () => number;
}

/**
 * With telemetry on, its tracer (once loaded) records on `provider` too; with it off, a metrics-only
 * tracer starts (no spans; `provider` only, never the global meter provider). Resolves once recording.
 */
export async function measureWith(
  dispatcher: Dispatcher,
  provider: MeterProviderLike,
  server: MeasuredBy,
): Promise<MeasuredServer> {
  if (dispatcher.tracer === undefined && dispatcher.loading === undefined) {
    loadTracer(dispatcher, startTelemetry({ meterProvider: provider }, server, false), () => {});
    await dispatcher.loading;
  } else {
    await dispatcher.loading;
    dispatcher.tracer?.measureWith(provider); // undefined: @opentelemetry/api failed to load, and that was reported
  }
  return { listenStreams: () => dispatcher.state.subscriptions.openStreams };
}
