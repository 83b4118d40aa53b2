// What telemetry is given and what dispatch calls, in zod-mcp's own terms: no OpenTelemetry type
// (`@opentelemetry/api` is an optional peer; only otel.ts, loaded with it, names its types).
import type { Response } from '../../../schemas/jsonrpc.js';
import type { RequestHeaders, IncomingRequest } from '../codec.js';
import type { Session } from '../connection.js';
import type { Era } from '../era.js';
import type { SpanHandle } from './spans.js';

export type { SpanHandle } from './spans.js';

/** An OpenTelemetry `TracerProvider`, as far as zod-mcp calls it (so its declarations need no @opentelemetry/api). */
export interface TracerProviderLike {
  getTracer(name: string, version?: string, options?: object): object;
}

/** An OpenTelemetry `MeterProvider`, as far as zod-mcp calls it. */
export interface MeterProviderLike {
  getMeter(name: string, version?: string, options?: object): object;
}

/**
 * McpServer's `telemetry`: `true` traces and measures with the globally registered providers (an
 * SDK's, e.g. NodeSDK's); an object names either provider (the other stays the global one).
 */
export type TelemetryOption =
  | boolean
  | { readonly tracerProvider?: TracerProviderLike; readonly meterProvider?: MeterProviderLike };

/** Which transport carried a request: `network.transport` (`pipe` for stdio, `tcp` for HTTP). */
export type TransportKind = 'stdio' | 'http';

/** What a span reads of one request before it is answered. */
export interface TracedRequest {
  readonly request: IncomingRequest;
  readonly era: Era;
  readonly session: Session;
  readonly transport: TransportKind | undefined;
  /** The HTTP request's headers, for its `traceparent` and `tracestate`. */
  readonly traceHeaders: RequestHeaders | undefined;
  /** Set by the tracer once the request's span started. */
  span?: SpanHandle;
}

/** The answer a span ends with. */
export interface TracedAnswer {
  readonly response: Response | null;
}

/** A request a rate limit refused, as the client named it (the tracer makes labels of it). */
export interface RateLimitRefusal {
  readonly method: string;
  /** The tool of a tools/call. */
  readonly tool: string | undefined;
  /** Whose limit: the server's, or the tool's own. */
  readonly scope: 'server' | 'tool';
}

/** The tracing dispatch calls when telemetry is on; absent otherwise. */
export interface RequestTracer {
  /** Runs `answer` inside the request's SERVER span (the active context while it runs), ended with the answer. */
  trace<A extends TracedAnswer>(request: TracedRequest, answer: () => A | PromiseLike<A>): A | PromiseLike<A>;
  /** Records the durations on this meter provider too (an HTTP metrics endpoint's). */
  measureWith(provider: MeterProviderLike): void;
  /**
   * A rate limit refused a request: counted as `zod_mcp.rate_limit.refusals` (`mcp.method.name`, `gen_ai.tool.name`,
   * `zod_mcp.rate_limit.scope`).
   */
  rateLimited(refusal: RateLimitRefusal): void;
  /** A call became task `taskId`, whose work ends when `ended` settles (with the task's last record). */
  task(taskId: string, ended: Promise<unknown>): void;
}
