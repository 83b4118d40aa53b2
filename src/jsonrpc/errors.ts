import type { ErrorResponse, RequestId } from '../../schemas/jsonrpc.js';

/** JSON-RPC 2.0's own error codes, the only ones this server sends. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

const messages: Record<ErrorCode, string> = {
  [ErrorCode.ParseError]: 'Parse error',
  [ErrorCode.InvalidRequest]: 'Invalid Request',
  [ErrorCode.MethodNotFound]: 'Method not found',
  [ErrorCode.InvalidParams]: 'Invalid params',
  [ErrorCode.InternalError]: 'Internal error',
};

/** The one error type of the protocol layer: thrown by method handlers, turned into a frame by `toErrorFrame`. */
export class ProtocolError extends Error {
  readonly code: ErrorCode;
  readonly data: string | undefined;

  constructor(code: ErrorCode, data?: string) {
    super(data === undefined ? messages[code] : `${messages[code]}: ${data}`);
    this.name = 'ProtocolError';
    this.code = code;
    this.data = data;
  }
}

/** Builds an error frame; key order is the wire's: jsonrpc, id, error { code, message, data? }. */
export function errorFrame(id: RequestId | null, code: ErrorCode, data?: string): ErrorResponse {
  const error: ErrorResponse['error'] =
    data === undefined ? { code, message: messages[code] } : { code, message: messages[code], data };
  return { jsonrpc: '2.0', id, error };
}

/**
 * The single conversion from anything thrown to a frame. A ProtocolError keeps its code and data;
 * anything else is a bug on our side: -32603 with no detail on the wire, the detail to `report`.
 */
export function toErrorFrame(
  id: RequestId | null,
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
