// Runs one validated tool call: timeout, cancellation, progress and logging, and every way it can end.
import type { CallToolResult, ProgressToken } from '../schemas/mcp.js';
import type { Call } from './call.js';
import { CallContext } from './call-context.js';
import { ErrorCode, ProtocolError, describeIssues } from './errors.js';
import { AbortReason, CallAbort } from './session.js';
import type { Tool } from './tool.js';
import { isThenable } from './thenable.js';
import { toCallToolResult, toolError } from './tool-result.js';
import { parseSync, parseWith, type ParseResult } from './zod-compat.js';

type Outcome = CallToolResult | null;

/**
 * Bad arguments, a throw, a bad return value and a timeout all end as `isError` results; a call
 * cancelled by the client ends with `null`, which means no response at all. A handler that answers
 * synchronously is answered synchronously: no timer, no race, no AbortSignal unless it reads one.
 */
export function runTool(
  tool: Tool,
  args: Record<string, unknown>,
  progressToken: ProgressToken | undefined,
  call: Call,
): Outcome | Promise<Outcome> {
  const parsed = parseSync(tool.input, args);
  if (parsed === undefined) return parseWith(tool.input, args).then((late) => start(tool, late, progressToken, call));
  return start(tool, parsed, progressToken, call);
}

/** One call in flight: what `finish` undoes. */
interface Running {
  readonly tool: Tool;
  readonly call: Call;
  readonly abort: CallAbort;
  readonly context: CallContext;
  readonly timeoutMs: number | undefined;
  readonly onOuterAbort: (() => void) | undefined;
  timer: NodeJS.Timeout | undefined;
  registered: boolean;
}

function start(tool: Tool, parsed: ParseResult, progressToken: ProgressToken | undefined, call: Call): Outcome | Promise<Outcome> {
  if (!parsed.ok) return toolError(`Invalid arguments for tool ${tool.name}: ${describeIssues(parsed.issues)}`);

  const { session, id } = call;
  if (session.inFlight.has(id)) {
    throw new ProtocolError(ErrorCode.InvalidRequest, `id: ${JSON.stringify(id)} is already used by a call in flight`);
  }
  const abort = new CallAbort();
  const timeoutMs = tool.timeoutMs ?? call.server.timeoutMs;
  const startedAt = timeoutMs === undefined ? 0 : performance.now();
  const outer = call.signal;
  const onOuterAbort = outer === undefined ? undefined : () => abort.abort(AbortReason.Cancelled);
  if (outer !== undefined) {
    outer.addEventListener('abort', onOuterAbort!, { once: true });
    if (outer.aborted) onOuterAbort!();
  }
  const context = new CallContext(call, abort, progressToken);
  const running: Running = { tool, call, abort, context, timeoutMs, onOuterAbort, timer: undefined, registered: false };

  // A call is registered in flight (for duplicate ids, cancellation and shutdown) once it has
  // something to wait for; a synchronous handler is over before anything else could reach it.
  let value: unknown;
  try {
    value = tool.handler(parsed.value, context);
    if (!isThenable(value)) {
      const result = toCallToolResult(tool, value);
      if (!(result instanceof Promise)) {
        finish(running);
        return result;
      }
      register(running);
      return settle(running, result, false);
    }
  } catch (error) {
    finish(running);
    return failed(running, error);
  }
  register(running);
  // The timeout counts from the start, though its timer is only set now that the call is asynchronous.
  if (timeoutMs !== undefined) {
    const left = Math.max(0, timeoutMs - (performance.now() - startedAt));
    running.timer = setTimeout(() => abort.abort(AbortReason.Timeout), left);
  }
  return settle(running, value, true);
}

function register(running: Running): void {
  running.registered = true;
  running.call.session.inFlight.set(running.call.id, running.abort);
}

/** Waits for the handler (racing its abort) or for its result to be checked, then cleans up. */
async function settle(running: Running, pending: PromiseLike<unknown>, raced: boolean): Promise<Outcome> {
  try {
    if (!raced) return await pending as CallToolResult;
    const value = await untilAborted(pending, running.abort);
    return await toCallToolResult(running.tool, value);
  } catch (error) {
    return failed(running, error);
  } finally {
    finish(running);
  }
}

function finish(running: Running): void {
  CallContext.close(running.context);
  if (running.timer !== undefined) clearTimeout(running.timer);
  running.abort.listen(undefined);
  if (running.onOuterAbort !== undefined) running.call.signal!.removeEventListener('abort', running.onOuterAbort);
  if (running.registered) running.call.session.inFlight.delete(running.call.id);
}

function failed(running: Running, error: unknown): Outcome {
  const { abort, tool } = running;
  if (abort.aborted) return abortedResult(tool, abort.reason, running.timeoutMs);
  return toolError(errorText(tool, error));
}


/** Settles with the promise, or rejects as soon as the call aborts; a late settlement is dropped, never unhandled. */
function untilAborted<T>(promise: PromiseLike<T>, abort: CallAbort): Promise<T> {
  return new Promise((resolve, reject) => {
    abort.listen(reject);
    Promise.resolve(promise).then(
      (value) => {
        abort.listen(undefined);
        resolve(value);
      },
      (error: unknown) => {
        abort.listen(undefined);
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
