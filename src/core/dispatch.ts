// frame -> method handler -> response. Every JSON-RPC error frame the server sends is made here.
import { z } from 'zod';
import { Notification, Request, RequestId, Response as ResponseSchema, type Response } from '../../schemas/jsonrpc.js';
import { CancelledParams, EmptyParams } from '../../schemas/mcp.js';
import { defineNotification, type Call, type Method, type NotificationHandler, type ServerState } from './method.js';
import { ErrorCode, errorFrame, toErrorFrame } from '../jsonrpc/errors.js';
import { describeIssues } from '../schema/issues.js';
import { callTool } from '../features/tools/call-tool.js';
import { initialize } from '../eras/rev2025/initialize.js';
import { listTools } from '../features/tools/list-tools.js';
import { ping } from '../eras/rev2025/ping.js';
import { setLogLevel } from '../eras/rev2025/set-log-level.js';
import type { Notify, Session } from './connection.js';
import { isThenable } from './maybe-async.js';

/** The routing table. A Map, so that "toString" or "__proto__" is an unknown method, not a prototype hit. */
const methods = new Map<string, Method>([
  ['initialize', initialize],
  ['ping', ping],
  ['tools/list', listTools],
  ['tools/call', callTool],
  ['logging/setLevel', setLogLevel],
]);

const notifications = new Map<string, NotificationHandler>([
  [
    'notifications/initialized',
    defineNotification(EmptyParams, (_params, session) => {
      session.initialized = true;
    }),
  ],
  [
    'notifications/cancelled',
    defineNotification(CancelledParams, (params, session) => session.cancel(params.requestId)),
  ],
]);

/** `Request` with its params left as they are, for the usual frame whose params are a plain object. */
const RequestEnvelope = Request.extend({ params: z.unknown().optional() });

/**
 * `Request.safeParse`, parsing params once instead of twice. `Params` accepts every plain object
 * with string keys, and the method's own schema parses params next; so for such params only the
 * envelope is parsed here. Anything else (and every invalid frame) goes through `Request` itself,
 * so results and error messages are exactly `Request`'s.
 */
function parseRequest(frame: object): z.ZodSafeParseResult<{ id: RequestId; method: string; params?: unknown }> {
  const params = (frame as { params?: unknown }).params;
  if (params === undefined || isPlainRecord(params)) {
    const envelope = RequestEnvelope.safeParse(frame);
    if (envelope.success) return envelope;
  }
  return Request.safeParse(frame);
}

/** A plain object with string keys only: what JSON.parse makes, and what `Params` takes as it is. */
function isPlainRecord(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    !Object.hasOwn(value, 'constructor') &&
    Object.getOwnPropertySymbols(value).length === 0
  );
}

/** Per-request options a transport passes to `handle`. */
export interface HandleContext {
  /** The connection this frame came on; defaults to the server's own session. */
  session?: Session;
  /** Where this request's notifications (progress, log messages) go; defaults to the session's. */
  notify?: Notify;
  /** Aborting it ends a tool call as if the client had cancelled it. */
  signal?: AbortSignal;
}

/**
 * Routes one frame: the response, or `null` when none is due. A method that answers synchronously
 * is answered synchronously; a returned promise never rejects.
 */
export function route(
  server: ServerState,
  frame: unknown,
  session: Session,
  context: HandleContext,
): Response | null | Promise<Response | null> {
  if (typeof frame !== 'object' || frame === null) {
    return errorFrame(null, ErrorCode.InvalidRequest, `expected a JSON-RPC message object, got ${typeName(frame)}`);
  }
  if (Array.isArray(frame)) {
    return errorFrame(null, ErrorCode.InvalidRequest, 'batches are not supported: send one message per frame');
  }
  const id = (frame as { id?: unknown }).id;
  if ('method' in frame) {
    if (id === undefined) return routeNotification(frame, session);
    const request = parseRequest(frame);
    if (!request.success) return errorFrame(echoId(id), ErrorCode.InvalidRequest, describeIssues(request.error.issues));
    const { method, params } = request.data;
    const call: Call = { server, session, id: request.data.id, notify: context.notify, signal: context.signal };
    return runMethod(methods.get(method), params, call);
  }
  if (id !== undefined && ('result' in frame || 'error' in frame) && ResponseSchema.safeParse(frame).success) {
    return null; // a response to a request of ours: nothing to answer (this server sends no requests yet)
  }
  return errorFrame(
    echoId(id),
    ErrorCode.InvalidRequest,
    'expected a request (jsonrpc, id, method) or a notification (jsonrpc, method)',
  );
}

function runMethod(method: Method | undefined, rawParams: unknown, call: Call): Response | null | Promise<Response | null> {
  if (method === undefined) return errorFrame(call.id, ErrorCode.MethodNotFound);
  const params = method.params.safeParse(rawParams);
  if (!params.success) return errorFrame(call.id, ErrorCode.InvalidParams, describeIssues(params.error.issues, 'params'));
  let result: unknown;
  try {
    result = method.run(params.data as never, call);
  } catch (error) {
    return toErrorFrame(call.id, error, call.server.report);
  }
  if (!isThenable(result)) return toResponse(call.id, result);
  return Promise.resolve(result).then(
    (late) => toResponse(call.id, late),
    (error: unknown) => toErrorFrame(call.id, error, call.server.report),
  );
}

function toResponse(id: RequestId, result: unknown): Response | null {
  return result === null ? null : { jsonrpc: '2.0', id, result: result as Record<string, unknown> };
}


/** A well-formed notification never gets a response; a malformed one (no id to answer) gets -32600 with id null. */
function routeNotification(frame: object, session: Session): Response | null {
  const notification = Notification.safeParse(frame);
  if (!notification.success) return errorFrame(null, ErrorCode.InvalidRequest, describeIssues(notification.error.issues));
  const handler = notifications.get(notification.data.method);
  const params = handler?.params.safeParse(notification.data.params);
  if (handler && params?.success) handler.run(params.data as never, session);
  return null;
}

function echoId(id: unknown): RequestId | null {
  return RequestId.safeParse(id).success ? (id as RequestId) : null;
}

function typeName(value: unknown): string {
  return value === null ? 'null' : typeof value;
}
