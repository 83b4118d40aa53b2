// What a parsed JSON value is, as JSON-RPC sees it: the one classifier for the core and the transports.
import { z } from 'zod/v4';
import { Notification, Request, RequestId, Response as ResponseSchema } from '../../schemas/jsonrpc.js';
import { lazy } from '../../schemas/direction.js';
import { describeIssues } from '../schema/issues.js';

export type Frame =
  | { readonly kind: 'request'; readonly id: RequestId; readonly method: string; readonly params: unknown }
  | { readonly kind: 'notification'; readonly method: string; readonly params: unknown }
  | { readonly kind: 'response'; readonly id: RequestId }
  /** Owed a -32600: `id` is the frame's when it could be read, `data` says what was wrong. */
  | { readonly kind: 'invalid'; readonly id: RequestId | undefined; readonly data: string };

/** `Request` with its params left as they are, for the usual frame whose params are a plain object. */
const RequestEnvelope = lazy(() => Request().extend({ params: z.unknown().optional() }));

/**
 * Classifies one frame. A well-formed notification never gets a response, known or not; anything
 * that is neither a request, a notification nor a response to us is invalid.
 */
export function classify(frame: unknown): Frame {
  if (typeof frame !== 'object' || frame === null) {
    return invalid(undefined, `expected a JSON-RPC message object, got ${frame === null ? 'null' : typeof frame}`);
  }
  if (Array.isArray(frame)) return invalid(undefined, 'batches are not supported: send one message per frame');
  const id = (frame as { id?: unknown }).id;
  if ('method' in frame) {
    if (id === undefined) {
      const notification = Notification().safeParse(frame);
      if (!notification.success) return invalid(undefined, describeIssues(notification.error.issues));
      return { kind: 'notification', method: notification.data.method, params: notification.data.params };
    }
    const request = parseRequest(frame, id);
    if (!request.success) return invalid(readId(id), describeIssues(request.error.issues));
    return { kind: 'request', id: request.data.id, method: request.data.method, params: request.data.params };
  }
  if (id !== undefined && ('result' in frame || 'error' in frame) && ResponseSchema().safeParse(frame).success) {
    return { kind: 'response', id: id as RequestId };
  }
  return invalid(readId(id), 'expected a request (jsonrpc, id, method) or a notification (jsonrpc, method)');
}

/**
 * `Request.safeParse`, parsing params once instead of twice. `Params` accepts every plain object
 * with string keys, and the method's own schema parses params next; so for such params only the
 * envelope is checked here. The usual envelope (`"2.0"`, a string or safe-integer id, a string
 * method) is recognised by `isUsualEnvelope`, the exact set `RequestEnvelope` accepts with those
 * members (a test holds the two together); any other frame goes through `RequestEnvelope` or
 * `Request` itself, so results and error messages are exactly `Request`'s.
 */
function parseRequest(
  frame: object,
  id: unknown,
): z.ZodSafeParseResult<{ id: RequestId; method: string; params?: unknown }> {
  // Each member read once (`id` already by classify): the values checked are the values returned,
  // whatever a getter would answer next.
  const { jsonrpc, method, params } = frame as { jsonrpc?: unknown; method?: unknown; params?: unknown };
  if (params === undefined || isPlainRecord(params)) {
    if (isUsualEnvelope(jsonrpc, id, method)) {
      const data =
        params === undefined
          ? { id: id as RequestId, method: method as string }
          : { id: id as RequestId, method: method as string, params };
      return { success: true, data };
    }
    const envelope = RequestEnvelope().safeParse(frame);
    if (envelope.success) return envelope;
  }
  return Request().safeParse(frame);
}

/**
 * jsonrpc "2.0", an id that is a string or a safe integer (`z.int()`), a string method: what `RequestEnvelope` accepts
 * without a second look.
 */
export function isUsualEnvelope(jsonrpc: unknown, id: unknown, method: unknown): boolean {
  return jsonrpc === '2.0' && typeof method === 'string' && (typeof id === 'string' || Number.isSafeInteger(id));
}

/** A plain object with string keys only: what JSON.parse makes, and what `Params` takes as it is. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    !Object.hasOwn(value, 'constructor') &&
    Object.getOwnPropertySymbols(value).length === 0
  );
}

function invalid(id: RequestId | undefined, data: string): Frame {
  return { kind: 'invalid', id, data };
}

/** The frame's id when it is one JSON-RPC allows; anything else (null, a fraction) counts as none. */
export function readId(id: unknown): RequestId | undefined {
  return RequestId().safeParse(id).success ? (id as RequestId) : undefined;
}

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
