// The one error type of the protocol layer and the one conversion from anything thrown to a frame.
import type { ErrorResponse, RequestId } from '../../schemas/jsonrpc.js';

/**
 * JSON-RPC 2.0's own codes, MCP's -32002 (2025), the MCP 2026-07-28 codes (-32020 to -32022, 2026
 * requests only), and this server's -32029 (MCP defines no rate-limit code; JSON-RPC leaves -32000
 * to -32099 to the server).
 */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** 2025 only: a URI that names no resource, with `data: { uri }`; 2026 answers it as -32602 (SEP-2164). */
  ResourceNotFound: -32002,
  /**
   * The request's access token lacks a scope the tool, prompt or resource needs; `data: { requiredScopes, detail }`.
   */
  InsufficientScope: -32003,
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
  /** A rate limit refused the request (HTTP 429 with Retry-After); `data: { retryAfterMs, detail }`. */
  RateLimited: -32029,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

const messages: Record<ErrorCode, string> = {
  [ErrorCode.ParseError]: 'Parse error',
  [ErrorCode.InvalidRequest]: 'Invalid Request',
  [ErrorCode.MethodNotFound]: 'Method not found',
  [ErrorCode.InvalidParams]: 'Invalid params',
  [ErrorCode.InternalError]: 'Internal error',
  [ErrorCode.ResourceNotFound]: 'Resource not found',
  [ErrorCode.InsufficientScope]: 'Insufficient scope',
  [ErrorCode.HeaderMismatch]: 'Header mismatch',
  [ErrorCode.MissingRequiredClientCapability]: 'Missing required client capability',
  [ErrorCode.UnsupportedProtocolVersion]: 'Unsupported protocol version',
  [ErrorCode.RateLimited]: 'Too many requests',
};

/**
 * Thrown by method handlers (and by tool handlers, for a wire error rather than a tool failure);
 * turned into a frame by `toErrorFrame`. `data` is one line of text, or the object a code's
 * specification requires (`{ supported, requested }` for -32022, `{ requiredCapabilities }` for -32021).
 */
export class ProtocolError extends Error {
  readonly code: ErrorCode;
  readonly data: unknown;

  constructor(code: ErrorCode, data?: unknown) {
    super(typeof data === 'string' ? `${messages[code]}: ${data}` : messages[code]);
    this.name = 'ProtocolError';
    this.code = code;
    this.data = data;
  }
}

/**
 * Builds an error frame; key order is the wire's: jsonrpc, id, error { code, message, data? }.
 * Without an id (none could be read) the member is left out: no frame ever carries `"id": null`.
 */
export function errorFrame(id: RequestId | undefined, code: ErrorCode, data?: unknown): ErrorResponse {
  const error: ErrorResponse['error'] =
    data === undefined ? { code, message: messages[code] } : { code, message: messages[code], data };
  return id === undefined ? { jsonrpc: '2.0', error } : { jsonrpc: '2.0', id, error };
}

/**
 * The single conversion from anything thrown to a frame. A ProtocolError keeps its code and data;
 * anything else is a bug on our side: -32603 with no detail on the wire, the detail to `report`.
 */
export function toErrorFrame(
  id: RequestId | undefined,
  thrown: unknown,
  report: (error: unknown) => void,
): ErrorResponse {
  if (thrown instanceof ProtocolError) return errorFrame(id, thrown.code, thrown.data);
  safely(report, thrown);
  return errorFrame(id, ErrorCode.InternalError);
}

/** Calls a user's error reporter; one that throws must not break a caller that promises never to throw. */
export function safely(report: (error: unknown) => void, error: unknown): void {
  try {
    report(error);
  } catch {
    // nothing is left to tell it with
  }
}
