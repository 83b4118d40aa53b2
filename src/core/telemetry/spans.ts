// A request's span as the rest of the core sees it, with no OpenTelemetry type and no import: an
// MRTR round seals its span's traceparent in requestState, and the retry's span links to it.

/** A request's span as the rest of the core sees it: what a sealed requestState carries, and a link to another. */
export interface SpanHandle {
  /** The span's W3C `traceparent`. */
  readonly traceparent: string;
  /** Links the span to the one a `traceparent` names (an MRTR retry's to the round before). */
  link(traceparent: string): void;
}

/** The span of each request's context, while telemetry is on (dispatch sets it; MRTR reads it). */
export const requestSpans = new WeakMap<object, SpanHandle>();
