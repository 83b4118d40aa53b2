import type { Message } from '../../schemas/jsonrpc.js';
import { ErrorCode, errorFrame, safely } from '../jsonrpc/errors.js';
import { writeDiagnostic } from '../runtime/host.js';

/**
 * A frame as one line of compact JSON. A value JSON cannot hold (a BigInt, a cycle) must not take
 * the transport down: a response becomes -32603 for its id; a notification (a log message with such
 * data) is dropped, since nobody asked for it. Either way `report` hears the cause.
 */
export function serializeFrame(frame: Message, report: (error: unknown) => void = reportToStderr): string | undefined {
  try {
    return JSON.stringify(frame);
  } catch (error) {
    safely(report, error);
    if (!('id' in frame) || frame.id === undefined) return undefined;
    return JSON.stringify(errorFrame(frame.id, ErrorCode.InternalError));
  }
}

function reportToStderr(error: unknown): void {
  writeDiagnostic(`zod-mcp: a frame could not be written as JSON: ${String(error)}`);
}
