// The tracer and the instruments, made with the @opentelemetry/api module startTelemetry imported
// (given, never imported here: it is an optional peer). One SERVER span and one duration per request.
import type * as Api from '@opentelemetry/api';
import type { Context, Counter, Histogram, Link, Span, SpanContext, TextMapGetter, Tracer } from '@opentelemetry/api';
import type { RequestHeaders } from '../codec.js';
import type { Session } from '../connection.js';
import { isThenable } from '../maybe-async.js';
import {
  openingAttributes,
  outcomeOf,
  protocolVersionOf,
  transportAttributes,
  type Attributes,
  type Opened,
} from './attributes.js';
import { ATTRIBUTE_BOUNDS, bounded, labelOf, versionLabel, type DefinedNames } from './labels.js';
import type { RequestTracer, SpanHandle, TracedAnswer, TracedRequest, TelemetryOption } from './types.js';

type Providers = Exclude<TelemetryOption, boolean>;

/** The advice of the conventions for both duration histograms, in seconds. */
const BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

/** `_meta` as a carrier: its string members (SEP-414: `traceparent`, `tracestate`, `baggage`). */
const metaGetter: TextMapGetter<Record<string, unknown>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => (typeof carrier[key] === 'string' ? carrier[key] : undefined),
};

/** HTTP headers as a carrier (lower-cased names; a repeated header's first value). */
const headerGetter: TextMapGetter<RequestHeaders> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  },
};

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** A span as a SpanHandle: its traceparent, and links to the spans a traceparent names. */
function handleOf(span: Span): SpanHandle {
  const own = span.spanContext();
  return {
    traceparent: `00-${own.traceId}-${own.spanId}-${own.traceFlags.toString(16).padStart(2, '0')}`,
    link(traceparent) {
      const [, traceId, spanId, flags] = TRACEPARENT.exec(traceparent) ?? [];
      if (traceId !== undefined && spanId !== undefined)
        span.addLink({ context: { traceId, spanId, traceFlags: Number.parseInt(flags!, 16), isRemote: true } });
    },
  };
}

/** Both duration histograms, made on one meter. */
function makeDurations(
  provider: Api.MeterProvider,
  version: string,
): { operations: Histogram; sessions: Histogram; refusals: Counter } {
  const meter = provider.getMeter('zod-mcp', version);
  const histogram = (name: string, description: string): Histogram =>
    meter.createHistogram(name, { unit: 's', description, advice: { explicitBucketBoundaries: BUCKETS } });
  return {
    operations: histogram(
      'mcp.server.operation.duration',
      'MCP request duration as observed on the receiver from the time it was received until the result or ack is sent.',
    ),
    sessions: histogram(
      'mcp.server.session.duration',
      'The duration of the MCP session as observed on the MCP server.',
    ),
    refusals: meter.createCounter('zod_mcp.rate_limit.refusals', {
      description: 'Requests a rate limit refused (tools/call: an isError result; others: -32029).',
    }),
  };
}

/**
 * `tracing: false` (metrics only: an HTTP metrics endpoint on a server without `telemetry`): a no-op
 * tracer, and the given meter provider only (never the global one, which nobody asked for).
 */
export function otelTracer(
  api: typeof Api,
  providers: Providers,
  version: string,
  defined: DefinedNames,
  tracing = true,
): RequestTracer {
  const tracerProvider =
    (providers.tracerProvider as Api.TracerProvider | undefined) ??
    (tracing ? api.trace.getTracerProvider() : new api.ProxyTracerProvider());
  const tracer: Tracer = tracerProvider.getTracer('zod-mcp', version);
  const meterProvider = (providers.meterProvider as Api.MeterProvider | undefined) ?? api.metrics.getMeterProvider();
  /** One pair per meter provider: the telemetry option's, and each `measureWith` added. */
  const durations = [makeDurations(meterProvider, version)];
  const operations = {
    record: (seconds: number, attributes: Attributes) =>
      durations.forEach((pair) => pair.operations.record(seconds, attributes)),
  };
  const sessions = {
    record: (seconds: number, attributes: Attributes) =>
      durations.forEach((pair) => pair.sessions.record(seconds, attributes)),
  };
  /** Sessions whose duration is being measured (one record each, when they close). */
  const measured = new WeakSet<Session>();
  /** Tasks made by calls that have not answered yet: their work's span starts once the call's span ends. */
  const pending = new Map<string, { readonly at: Date; readonly ended: Promise<unknown> }>();

  /**
   * The parent (the first of `_meta`, the HTTP headers, the active context) and the links (the others that hold a
   * span).
   */
  const parentOf = (traced: TracedRequest): { parent: Context; links: Link[] } => {
    const active = api.context.active();
    const meta = traced.request.params?._meta;
    const candidates: (Context | undefined)[] = [
      typeof meta === 'object' && meta !== null
        ? api.propagation.extract(api.ROOT_CONTEXT, meta as Record<string, unknown>, metaGetter)
        : undefined,
      traced.traceHeaders === undefined
        ? undefined
        : api.propagation.extract(api.ROOT_CONTEXT, traced.traceHeaders, headerGetter),
    ];
    const valid = (candidate: Context | undefined): SpanContext | undefined => {
      const spanContext = candidate === undefined ? undefined : api.trace.getSpanContext(candidate);
      return spanContext !== undefined && api.isSpanContextValid(spanContext) ? spanContext : undefined;
    };
    const chosen = candidates.findIndex((candidate) => valid(candidate) !== undefined);
    const parent = chosen === -1 ? active : candidates[chosen]!;
    const links: Link[] = [];
    for (const other of [active, ...candidates]) {
      const context = valid(other);
      if (other !== parent && context !== undefined && !links.some((link) => link.context.spanId === context.spanId))
        links.push({ context });
    }
    return { parent, links };
  };

  const end = (traced: TracedRequest, span: Span, opened: Opened, started: number, answer: TracedAnswer): void => {
    const outcome = outcomeOf(answer.response);
    const ending: Attributes = {};
    const metric: Attributes = { ...opened.metric };
    const version = protocolVersionOf(traced);
    if (version !== undefined) {
      ending['mcp.protocol.version'] = bounded(version, ATTRIBUTE_BOUNDS.name);
      metric['mcp.protocol.version'] = versionLabel(version);
    }
    if (outcome.errorType !== undefined) ending['error.type'] = metric['error.type'] = outcome.errorType;
    if (outcome.code !== undefined)
      ending['rpc.response.status_code'] = metric['rpc.response.status_code'] = outcome.code;
    operations.record((performance.now() - started) / 1000, metric);
    if (outcome.resultType !== undefined) span.setAttribute('zod_mcp.result.type', outcome.resultType);
    if (outcome.taskId !== undefined) span.setAttribute('zod_mcp.task.id', outcome.taskId);
    span.setAttributes(ending);
    if (outcome.errorType !== undefined)
      span.setStatus(
        outcome.message === undefined
          ? { code: api.SpanStatusCode.ERROR }
          : { code: api.SpanStatusCode.ERROR, message: outcome.message },
      );
    span.end();
    if (outcome.taskId !== undefined) startTaskSpan(outcome.taskId, span, opened.tool);
    if (traced.request.method === 'initialize' && outcome.errorType === undefined)
      measureSession(traced, version, started);
  };

  /** The task's work after its call answered: an INTERNAL span, a child of the call's, ended with the task. */
  const startTaskSpan = (taskId: string, call: Span, tool: string | undefined): void => {
    const task = pending.get(taskId);
    if (task === undefined) return;
    pending.delete(taskId);
    const attributes: Attributes = { 'zod_mcp.task.id': taskId };
    if (tool !== undefined) attributes['gen_ai.tool.name'] = tool;
    const parent = api.trace.setSpan(api.ROOT_CONTEXT, call);
    const span = tracer.startSpan(
      tool === undefined ? 'task' : `task ${tool}`,
      { kind: api.SpanKind.INTERNAL, attributes, startTime: task.at },
      parent,
    );
    const close = (last: unknown) => {
      const record = last as
        | { status?: unknown; error?: { code?: unknown; message?: unknown }; result?: { isError?: unknown } }
        | undefined;
      if (typeof record?.status === 'string') span.setAttribute('zod_mcp.task.status', record.status);
      if (record?.status === 'failed' && record.error !== undefined) {
        span.setAttribute('error.type', String(record.error.code));
        span.setStatus({ code: api.SpanStatusCode.ERROR, message: String(record.error.message) });
      } else if (record?.status === 'completed' && record.result?.isError === true) {
        span.setAttribute('error.type', 'tool_error');
        span.setStatus({ code: api.SpanStatusCode.ERROR });
      }
      span.end();
    };
    task.ended.then(close, () => close(undefined));
  };

  /** A 2025 session, from its initialize to its close (stdio's end, an HTTP session's DELETE, expiry or shutdown). */
  const measureSession = (
    { session, transport }: TracedRequest,
    version: string | undefined,
    started: number,
  ): void => {
    if (measured.has(session)) return;
    measured.add(session);
    const attributes: Attributes = transport === undefined ? {} : transportAttributes(transport);
    if (version !== undefined) attributes['mcp.protocol.version'] = versionLabel(version);
    session.onClose(() => sessions.record((performance.now() - started) / 1000, attributes));
  };

  return {
    measureWith(provider) {
      durations.push(makeDurations(provider as Api.MeterProvider, version));
    },
    rateLimited({ method, tool, scope }) {
      const attributes: Attributes = { 'mcp.method.name': labelOf(method, defined.method(method)) };
      if (tool !== undefined) attributes['gen_ai.tool.name'] = labelOf(tool, defined.tool(tool));
      attributes['zod_mcp.rate_limit.scope'] = scope;
      for (const pair of durations) pair.refusals.add(1, attributes);
    },
    trace(traced, answer) {
      const started = performance.now();
      const opened = openingAttributes(traced, defined);
      const { parent, links } = parentOf(traced);
      const span = tracer.startSpan(opened.name, { kind: api.SpanKind.SERVER, attributes: opened.span, links }, parent);
      traced.span = handleOf(span);
      const answered = api.context.with(api.trace.setSpan(parent, span), answer);
      if (!isThenable(answered)) {
        end(traced, span, opened, started, answered);
        return answered;
      }
      return Promise.resolve(answered).then((late) => {
        end(traced, span, opened, started, late);
        return late;
      });
    },
    task(taskId, ended) {
      pending.set(taskId, { at: new Date(), ended });
      const forget = () => void pending.delete(taskId);
      ended.then(forget, forget);
    },
  };
}
