// JSON-RPC 2.0 as MCP uses it (MCP 2025-06-18, "Base Protocol"): one message per frame, no batches.
import { z } from 'zod/v4';
import { lazy, sent } from './direction.js';

export const JSONRPC_VERSION = '2.0';

/** A request id: a string or an integer. `null`, fractions, booleans and objects are refused. */
export const RequestId = lazy(() =>
  z.union([z.string(), z.int()], {
    error: 'must be a string or an integer',
  }),
);
export type RequestId = z.infer<ReturnType<typeof RequestId>>;

/** Params are a structured value; MCP methods all take an object, so an array is refused per method. */
export const Params = lazy(() =>
  z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())], {
    error: 'must be an object or an array',
  }),
);

const jsonrpc = lazy(() => z.literal(JSONRPC_VERSION, { error: 'must be "2.0"' }));
const method = lazy(() => z.string({ error: 'must be a string' }));

export const Request = lazy(() =>
  z.object({
    jsonrpc: jsonrpc(),
    id: RequestId(),
    method: method(),
    params: Params().optional(),
  }),
);
export type Request = z.infer<ReturnType<typeof Request>>;

/** A notification has no id and never gets a response, whatever its method or params. */
export const Notification = lazy(() =>
  z.object({
    jsonrpc: jsonrpc(),
    method: method(),
    params: z.unknown().optional(),
  }),
);
export type Notification = z.infer<ReturnType<typeof Notification>>;

export const ErrorObject = sent(() =>
  z.object({
    code: z.int(),
    message: z.string(),
    data: z.unknown().optional(),
  }),
);
export type ErrorObject = z.infer<ReturnType<typeof ErrorObject>>;

export const SuccessResponse = sent(() =>
  z.object({
    jsonrpc: jsonrpc(),
    id: RequestId(),
    result: z.record(z.string(), z.unknown()),
  }),
);
export type SuccessResponse = z.infer<ReturnType<typeof SuccessResponse>>;

/** `id` is the request's; it is left out, never `null`, when no id could be read (MCP 2025-11-25 and 2026-07-28). */
export const ErrorResponse = sent(() =>
  z.object({
    jsonrpc: jsonrpc(),
    id: RequestId().optional(),
    error: ErrorObject(),
  }),
);
export type ErrorResponse = z.infer<ReturnType<typeof ErrorResponse>>;

export const Response = sent(() => z.union([SuccessResponse(), ErrorResponse()]));
export type Response = z.infer<ReturnType<typeof Response>>;

/** Any one message on the wire. */
export const Message = lazy(() => z.union([Request(), Notification(), Response()]));
export type Message = z.infer<ReturnType<typeof Message>>;
