// JSON-RPC 2.0 as MCP uses it (MCP 2025-06-18, "Base Protocol"): one message per frame, no batches.
import { z } from 'zod/v4';
import { sentByServer } from './direction.js';

export const JSONRPC_VERSION = '2.0';

/** A request id: a string or an integer. `null`, fractions, booleans and objects are refused. */
export const RequestId = z.union([z.string(), z.int()], {
  error: 'must be a string or an integer',
});
export type RequestId = z.infer<typeof RequestId>;

/** Params are a structured value; MCP methods all take an object, so an array is refused per method. */
export const Params = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())], {
  error: 'must be an object or an array',
});

const jsonrpc = z.literal(JSONRPC_VERSION, { error: 'must be "2.0"' });
const method = z.string({ error: 'must be a string' });

export const Request = z.object({
  jsonrpc,
  id: RequestId,
  method,
  params: Params.optional(),
});
export type Request = z.infer<typeof Request>;

/** A notification has no id and never gets a response, whatever its method or params. */
export const Notification = z.object({
  jsonrpc,
  method,
  params: z.unknown().optional(),
});
export type Notification = z.infer<typeof Notification>;

export const ErrorObject = z.object({
  code: z.int(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type ErrorObject = z.infer<typeof ErrorObject>;

export const SuccessResponse = z.object({
  jsonrpc,
  id: RequestId,
  result: z.record(z.string(), z.unknown()),
});
export type SuccessResponse = z.infer<typeof SuccessResponse>;

/** `id` is the request's; it is left out, never `null`, when no id could be read (MCP 2025-11-25 and 2026-07-28). */
export const ErrorResponse = z.object({
  jsonrpc,
  id: RequestId.optional(),
  error: ErrorObject,
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const Response = z.union([SuccessResponse, ErrorResponse]);
export type Response = z.infer<typeof Response>;

/** Any one message on the wire. */
export const Message = z.union([Request, Notification, Response]);
export type Message = z.infer<typeof Message>;

sentByServer(SuccessResponse, ErrorResponse, ErrorObject, Response);
