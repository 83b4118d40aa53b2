// OpenTelemetry traces and metrics (the semantic conventions for MCP), on when McpServer's
// `telemetry` option asks. This module names no OpenTelemetry type: `@opentelemetry/api` is an
// optional peer, imported by `startTelemetry` only, and the code that uses it (otel.ts) with it.
import { importOptionalPeer, PEERS } from '../optional-peer.js';
import { refuseUnknownOptions } from '../options.js';
import { VERSION } from '../../version.js';
import { definedNames, type DefinedNames, type Named } from './labels.js';
import type { RequestTracer, TelemetryOption } from './types.js';

export type { DefinedNames } from './labels.js';
export type {
  MeterProviderLike,
  RequestTracer,
  TelemetryOption,
  TracedAnswer,
  TracedRequest,
  TracerProviderLike,
  TransportKind,
} from './types.js';

const KEYS = ['tracerProvider', 'meterProvider'];

/** Checks the option when the server is built: a wrong key throws then, not at the first request. */
export function checkTelemetry(option: unknown): void {
  if (option === undefined || typeof option === 'boolean') return;
  if (typeof option !== 'object' || option === null || Array.isArray(option))
    throw new TypeError('telemetry: expected true, false, or { tracerProvider?, meterProvider? }');
  refuseUnknownOptions('telemetry', option, KEYS);
  const { tracerProvider, meterProvider } = option as Record<
    string,
    { getTracer?: unknown; getMeter?: unknown } | undefined
  >;
  if (tracerProvider !== undefined && typeof tracerProvider?.getTracer !== 'function')
    throw new TypeError('telemetry.tracerProvider: expected a TracerProvider (with getTracer)');
  if (meterProvider !== undefined && typeof meterProvider?.getMeter !== 'function')
    throw new TypeError('telemetry.meterProvider: expected a MeterProvider (with getMeter)');
}

/** What telemetry knows of the server it measures. */
export interface MeasuredBy {
  /** zod-mcp's version: the tracer's and the meter's. */
  readonly version: string;
  /** Where a failure to load goes. */
  readonly report: (error: unknown) => void;
  /** The names a label may take (else `_OTHER`). */
  readonly defined: DefinedNames;
}

/** The methods a server serves: its features' table and each era's own. */
export interface ServedMethods {
  readonly methods: ReadonlyMap<string, unknown>;
  readonly codecs: {
    readonly rev2025: { readonly methods: ReadonlyMap<string, unknown> };
    readonly rev2026: { readonly methods: ReadonlyMap<string, unknown> };
  };
}

/** What telemetry knows of a server: its methods, tools and prompts, asked when a request is measured. */
export function measuredBy(
  served: ServedMethods,
  named: { readonly tools?: Named; readonly prompts?: Named },
  report: (error: unknown) => void,
): MeasuredBy {
  const { methods, codecs } = served;
  return {
    version: VERSION,
    report,
    defined: definedNames([methods, codecs.rev2025.methods, codecs.rev2026.methods], named.tools, named.prompts),
  };
}

/**
 * Imports @opentelemetry/api and makes the tracer and the instruments: resolves to undefined (after
 * `report` says why) when it cannot, and the server serves untraced.
 */
export async function startTelemetry(
  option: Exclude<TelemetryOption, false>,
  server: MeasuredBy,
  tracing = true,
): Promise<RequestTracer | undefined> {
  const { version, report, defined } = server;
  try {
    const api = await importOptionalPeer<object>(PEERS.otelApi, "McpServer's telemetry option");
    const { otelTracer } = await import('./otel.js');
    return otelTracer(
      api as Parameters<typeof otelTracer>[0],
      option === true ? {} : option,
      version,
      defined,
      tracing,
    );
  } catch (error) {
    report(error);
    return undefined;
  }
}
