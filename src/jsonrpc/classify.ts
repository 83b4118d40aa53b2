/**
 * A frame with a method and an id: a request, which is owed an answer (valid or not: the core
 * judges it). Transports ask before the core has looked, to queue or frame the answer.
 */
export function isRequestFrame(frame: unknown): frame is { method: unknown; id: unknown } {
  return (
    typeof frame === 'object' &&
    frame !== null &&
    !Array.isArray(frame) &&
    'method' in frame &&
    (frame as { id?: unknown }).id !== undefined
  );
}
