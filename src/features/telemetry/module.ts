// OpenTelemetry as a module: with the `telemetry` option, the tracer loads in the background once the
// request path is built (frames wait for it once), and the task runtime gets it for its tasks' spans.
import { loadTracer } from '../../core/dispatcher.js';
import { measuredBy, startTelemetry, type TelemetryOption } from '../../core/telemetry/index.js';
import type { ServerModule } from '../module.js';

export interface TelemetryModuleOptions {
  telemetry?: TelemetryOption;
}

export const telemetryModule: ServerModule<TelemetryModuleOptions> = {
  name: 'telemetry',
  options: ['telemetry'],
  setup({ options, report, provided }) {
    const { telemetry } = options;
    if (!telemetry) return undefined;
    return {
      started(dispatcher) {
        const loading = startTelemetry(telemetry, measuredBy(dispatcher, provided, report));
        loadTracer(dispatcher, loading, (tracer) => (provided.tasks!.runtime.tracer = tracer));
      },
    };
  },
};
