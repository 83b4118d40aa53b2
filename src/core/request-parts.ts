// The parts of a request dispatch reads before the method's schema does: a 2026 retry's answers and
// state, the progress token, and whether a response-shaped frame answers a request of ours.
import { ErrorCode, ProtocolError } from '../jsonrpc/errors.js';
import type { Session } from './connection.js';

/** A frame shaped like a response (an id, result or error, no method) to a request of ours still waiting. */
export function isAnswerTo(session: Session, frame: unknown): boolean {
  if (typeof frame !== 'object' || frame === null || 'method' in frame || !('result' in frame || 'error' in frame))
    return false;
  return session.outbound.has((frame as { id?: unknown }).id);
}

/**
 * A 2026 retry's `inputResponses` and `requestState` (MCP 2026-07-28 "Multi Round-Trip Requests"),
 * taken off params before the method's schema sees them; undefined when neither is there.
 */
export function liftInput(
  params: Record<string, unknown> | undefined,
): { params: Record<string, unknown>; inputResponses?: Record<string, unknown>; requestState?: string } | undefined {
  if (params === undefined || !('inputResponses' in params || 'requestState' in params)) return undefined;
  const { inputResponses, requestState, ...rest } = params;
  if (
    inputResponses !== undefined &&
    (typeof inputResponses !== 'object' || inputResponses === null || Array.isArray(inputResponses))
  ) {
    throw new ProtocolError(ErrorCode.InvalidParams, 'params.inputResponses: expected an object of answers by key');
  }
  if (requestState !== undefined && typeof requestState !== 'string')
    throw new ProtocolError(ErrorCode.InvalidParams, 'params.requestState: expected a string');
  return {
    params: rest,
    inputResponses: inputResponses as Record<string, unknown> | undefined,
    requestState: requestState as string | undefined,
  };
}

export function progressTokenOf(params: Record<string, unknown> | undefined): string | number | undefined {
  const meta = params?._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const token = (meta as { progressToken?: unknown }).progressToken;
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
}
