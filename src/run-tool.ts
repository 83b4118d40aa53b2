// Runs one validated tool call: timeout, cancellation, progress and logging, and every way it can end.
import type { CallToolResult, LogLevel, ProgressToken } from '../schemas/mcp.js';
import { LOG_LEVELS } from '../schemas/mcp.js';
import type { Call } from './call.js';
import { ErrorCode, ProtocolError, describeIssues } from './errors.js';
import { AbortReason } from './session.js';
import type { Tool, ToolContext } from './tool.js';
import { toCallToolResult, toolError } from './tool-result.js';
import { parseWith } from './zod-compat.js';

/**
 * Bad arguments, a throw, a bad return value and a timeout all end as `isError` results; a call
 * cancelled by the client ends with `null`, which means no response at all.
 */
export async function runTool(
  tool: Tool,
  args: Record<string, unknown>,
  progressToken: ProgressToken | undefined,
  call: Call,
): Promise<CallToolResult | null> {
  const parsed = await parseWith(tool.input, args);
  if (!parsed.ok) return toolError(`Invalid arguments for tool ${tool.name}: ${describeIssues(parsed.issues)}`);

  const { session, id } = call;
  if (session.inFlight.has(id)) {
    throw new ProtocolError(ErrorCode.InvalidRequest, `id: ${JSON.stringify(id)} is already used by a call in flight`);
  }
  const controller = new AbortController();
  session.inFlight.set(id, controller);
  const timeoutMs = tool.timeoutMs ?? call.server.timeoutMs;
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => controller.abort(AbortReason.Timeout), timeoutMs);
  const onOuterAbort = () => controller.abort(AbortReason.Cancelled);
  call.signal?.addEventListener('abort', onOuterAbort, { once: true });
  if (call.signal?.aborted) onOuterAbort();
  const reporter = createContext(call, controller.signal, progressToken);

  try {
    const value = await untilAborted(invoke(tool, parsed.value, reporter.context), controller.signal);
    return await toCallToolResult(tool, value);
  } catch (error) {
    if (controller.signal.aborted) return abortedResult(tool, controller.signal.reason, timeoutMs);
    return toolError(errorText(tool, error));
  } finally {
    reporter.close();
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', onOuterAbort);
    session.inFlight.delete(id);
  }
}

function invoke(tool: Tool, args: unknown, context: ToolContext): Promise<unknown> {
  try {
    return Promise.resolve(tool.handler(args, context));
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Settles with the promise, or rejects as soon as the signal aborts; a late settlement is dropped, never unhandled. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function abortedResult(tool: Tool, reason: unknown, timeoutMs: number | undefined): CallToolResult | null {
  if (reason === AbortReason.Timeout) return toolError(`tool ${tool.name} timed out after ${timeoutMs} ms`);
  if (reason === AbortReason.Shutdown) return toolError(`tool ${tool.name} was stopped: the server is shutting down`);
  return null;
}

/** The text the model reads when a handler throws: the error's own message. */
function errorText(tool: Tool, error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return `tool ${tool.name} failed`;
}

const severity = new Map<string, number>(LOG_LEVELS.map((level, rank) => [level, rank]));

function createContext(call: Call, signal: AbortSignal, progressToken: ProgressToken | undefined) {
  const { session, id } = call;
  const notify = call.notify ?? session.notify;
  let open = true;
  let last = -Infinity;
  const context: ToolContext = {
    signal,
    requestId: id,
    progress(progress, total, message) {
      if (!open || progressToken === undefined || notify === undefined) return;
      if (!(progress > last)) throw new RangeError(`progress must increase: ${progress} after ${last}`);
      last = progress;
      const params = {
        progressToken,
        progress,
        ...(total === undefined ? {} : { total }),
        ...(message === undefined ? {} : { message }),
      };
      notify({ jsonrpc: '2.0', method: 'notifications/progress', params });
    },
    log(level: LogLevel, data: unknown, logger?: string) {
      const rank = severity.get(level);
      if (rank === undefined) throw new RangeError(`unknown log level: ${String(level)}`);
      if (!open || notify === undefined || rank < (severity.get(session.logLevel) ?? 0)) return;
      const params = { level, ...(logger === undefined ? {} : { logger }), data };
      notify({ jsonrpc: '2.0', method: 'notifications/message', params });
    },
  };
  return {
    context,
    close() {
      open = false;
    },
  };
}
