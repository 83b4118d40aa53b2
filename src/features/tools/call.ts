// Runs one tool call: validation, timeout, cancellation, progress and logging, and every way it can end.
import type { CallToolResult, ProgressToken } from '../../../schemas/mcp.js';
import type { Call } from '../../core/method.js';
import { CallContext } from '../../core/context.js';
import { ErrorCode, ProtocolError } from '../../jsonrpc/errors.js';
import { describeIssues } from '../../schema/issues.js';
import { AbortReason, CallAbort } from '../../core/connection.js';
import { isThenable } from '../../core/maybe-async.js';
import type { Tool } from './define.js';
import { toCallToolResult, toolError } from './result.js';
import { parse } from '../../schema/parse.js';
import type { ParseResult } from '../../schema/zod.js';

type Outcome = CallToolResult | null;

/**
 * Bad arguments, a throw, a bad return value and a timeout all end as `isError` results; a call
 * cancelled by the client ends with `null`, which means no response at all. A call that is over
 * synchronously (the usual small tool) is answered synchronously: no timer, no race, and no
 * AbortSignal unless the handler reads one. Once any stage is asynchronous — an async refinement in
 * the input schema, an async handler, an async output check — the call is registered in flight and
 * every remaining stage races its abort, so a cancel, the timeout or shutdown always ends it.
 */
export function runTool(
  tool: Tool,
  args: Record<string, unknown>,
  progressToken: ProgressToken | undefined,
  call: Call,
): Outcome | Promise<Outcome> {
  const running = begin(tool, call, progressToken);
  if (running.abort.aborted) return end(running, abortedResult(running));
  let parsed: ParseResult | Promise<ParseResult>;
  try {
    parsed = parse(tool.input, args, tool.asyncInput);
  } catch (error) {
    return end(running, schemaFailure(tool, error));
  }
  if (parsed instanceof Promise) {
    const late = parsed.then(
      (result) => runHandler(running, result),
      (error: unknown) => schemaFailure(tool, error),
    );
    return goAsync(running, late);
  }
  const outcome = (() => {
    try {
      return runHandler(running, parsed);
    } catch (error) {
      return failed(running, error);
    }
  })();
  return isThenable(outcome) ? goAsync(running, outcome) : end(running, outcome);
}

/** One call: what `finish` undoes. */
interface Running {
  readonly tool: Tool;
  readonly call: Call;
  readonly abort: CallAbort;
  readonly context: CallContext;
  readonly timeoutMs: number | undefined;
  readonly startedAt: number;
  readonly onOuterAbort: (() => void) | undefined;
  timer: NodeJS.Timeout | undefined;
  registered: boolean;
}

function begin(tool: Tool, call: Call, progressToken: ProgressToken | undefined): Running {
  const { session, id } = call;
  if (session.inFlight.has(id)) {
    throw new ProtocolError(ErrorCode.InvalidRequest, `id: ${JSON.stringify(id)} is already used by a call in flight`);
  }
  const abort = new CallAbort();
  const timeoutMs = tool.timeoutMs ?? call.server.timeoutMs;
  const outer = call.signal;
  const onOuterAbort = outer === undefined ? undefined : () => abort.abort(AbortReason.Cancelled);
  if (outer !== undefined) {
    if (outer.aborted) abort.abort(AbortReason.Cancelled);
    else outer.addEventListener('abort', onOuterAbort!, { once: true });
  }
  const context = new CallContext(call, abort, progressToken);
  const startedAt = timeoutMs === undefined ? 0 : performance.now();
  return { tool, call, abort, context, timeoutMs, startedAt, onOuterAbort, timer: undefined, registered: false };
}

/** Validated arguments -> the handler -> a checked result; may be synchronous all the way. */
function runHandler(running: Running, parsed: ParseResult): Outcome | Promise<Outcome> {
  const { tool, abort } = running;
  if (!parsed.ok) return toolError(`Invalid arguments for tool ${tool.name}: ${describeIssues(parsed.issues)}`);
  if (abort.aborted) return abortedResult(running); // cancelled while an async input check ran
  const value = tool.handler(parsed.value, running.context);
  if (!isThenable(value)) return toCallToolResult(tool, value);
  return Promise.resolve(value).then((resolved) => toCallToolResult(tool, resolved));
}

/** From here on the call can be reached: registered in flight, timed, and raced against its abort. */
async function goAsync(running: Running, pending: Promise<Outcome>): Promise<Outcome> {
  running.registered = true;
  running.call.session.inFlight.set(running.call.id, running.abort);
  const { timeoutMs, abort } = running;
  if (timeoutMs !== undefined) {
    // The timeout counts from the start of the call, though its timer is only set now.
    const left = Math.max(0, timeoutMs - (performance.now() - running.startedAt));
    running.timer = setTimeout(() => abort.abort(AbortReason.Timeout), left);
  }
  try {
    return await untilAborted(pending, abort);
  } catch (error) {
    return failed(running, error);
  } finally {
    finish(running);
  }
}

function end(running: Running, outcome: Outcome): Outcome {
  finish(running);
  return outcome;
}

function finish(running: Running): void {
  CallContext.close(running.context);
  if (running.timer !== undefined) clearTimeout(running.timer);
  running.abort.listen(undefined);
  if (running.onOuterAbort !== undefined) running.call.signal!.removeEventListener('abort', running.onOuterAbort);
  if (running.registered) running.call.session.inFlight.delete(running.call.id);
}

function failed(running: Running, error: unknown): Outcome {
  if (running.abort.aborted) return abortedResult(running);
  return toolError(errorText(running.tool, error));
}

/** Settles with the promise, or rejects as soon as the call aborts (at once if it already has); a late settlement is dropped, never unhandled. */
function untilAborted<T>(promise: PromiseLike<T>, abort: CallAbort): Promise<T> {
  return new Promise((resolve, reject) => {
    if (abort.aborted) {
      reject(abort.reason);
      Promise.resolve(promise).catch(() => undefined);
      return;
    }
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

function abortedResult({ tool, abort, timeoutMs }: Running): Outcome {
  if (abort.reason === AbortReason.Timeout) return toolError(`tool ${tool.name} timed out after ${timeoutMs} ms`);
  if (abort.reason === AbortReason.Shutdown) return toolError(`tool ${tool.name} was stopped: the server is shutting down`);
  return null;
}

/** A refinement or transform in the tool's own input schema threw: the tool's failure, not the server's. */
function schemaFailure(tool: Tool, error: unknown): Outcome {
  return toolError(`tool ${tool.name} could not check its arguments: ${errorText(tool, error)}`);
}

/** The text the model reads when a handler throws: the error's own message. */
function errorText(tool: Tool, error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return `tool ${tool.name} failed`;
}
