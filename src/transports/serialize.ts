import type { Message } from '../../schemas/jsonrpc.js';
import { ErrorCode, errorFrame } from '../errors.js';

/**
 * A frame as one line of compact JSON. A value JSON cannot hold (a BigInt, a cycle) in a tool's
 * result must not take the transport down: that request gets -32603 instead, and `report` the cause.
 */
export function serializeFrame(frame: Message, report: (error: unknown) => void = reportToStderr): string {
  try {
    return JSON.stringify(frame);
  } catch (error) {
    report(error);
    const id = 'id' in frame && frame.id !== undefined ? frame.id : null;
    return JSON.stringify(errorFrame(id, ErrorCode.InternalError));
  }
}

function reportToStderr(error: unknown): void {
  process.stderr.write(`zod-mcp: a frame could not be written as JSON: ${String(error)}\n`);
}
