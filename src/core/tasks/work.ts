// The running work's side of a task: its progress as the status message, its questions as
// input_required until tasks/update answers them, and the change its end makes to the record.
import type { InputRequest } from '../../../schemas/client-input.js';
import { ErrorCode, ProtocolError, errorFrame } from '../../jsonrpc/errors.js';
import type { RequestContext } from '../context.js';
import { InputRequired } from '../input/round-state.js';
import type { Ask } from '../input/requests.js';
import {
  StoreUnavailableError,
  TERMINAL,
  TaskLimitError,
  type TaskChange,
  type TaskError,
  type TaskRecord,
  type TaskStore,
} from './store.js';

/** A call's result: an object, or null when it was cancelled. */
export type Outcome = object | null;

/** A change written to a task's record (through the runtime: the store, then the listen streams). */
export type Change = (taskId: string, change: TaskChange) => Promise<TaskRecord | undefined>;

/** Progress becomes the statusMessage: one write at a time, the latest message winning. */
export function progressWriter(
  taskId: string,
  change: Change,
  report: (error: unknown) => void,
): (message: string) => void {
  let next: string | undefined;
  let writing = false;
  const write = async () => {
    writing = true;
    while (next !== undefined) {
      const statusMessage = next;
      next = undefined;
      await change(taskId, { statusMessage }).catch(report);
    }
    writing = false;
  };
  return (message) => {
    next = message;
    if (!writing) void write();
  };
}

/** Questions inside a task park it in input_required; tasks/update answers them, in parts if it likes. */
export async function waitForAnswers(
  store: TaskStore,
  change: Change,
  ctx: RequestContext,
  taskId: string,
  asks: ReadonlyMap<string, Ask>,
): Promise<Record<string, unknown>> {
  const stopped = () =>
    (ctx.signal.reason as Error | undefined) ?? new ProtocolError(ErrorCode.InternalError, 'the task ended');
  if (ctx.abort.aborted) throw stopped();
  const inputRequests: Record<string, InputRequest> = {};
  for (const [key, ask] of asks) inputRequests[key] = ask.wire(ctx.client);
  const parked = await change(taskId, {
    status: 'input_required',
    inputRequests,
    statusMessage: 'waiting for the client to answer',
  });
  if (parked === undefined) throw new ProtocolError(ErrorCode.InternalError, 'the task is gone');
  if (TERMINAL.has(parked.status) || ctx.abort.aborted) throw stopped();
  return new Promise((resolve, reject) => {
    let done = false;
    let stop: () => void = () => undefined;
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      stop();
      ctx.signal.removeEventListener('abort', onAbort);
      settle();
    };
    const onAbort = () => finish(() => reject(stopped()));
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    // One check at a time: answers that arrive together resume the task once.
    let checking: Promise<void> = Promise.resolve();
    const check = () => {
      checking = checking.then(read).catch((error: unknown) => finish(() => reject(error)));
    };
    const read = async () => {
      if (done) return;
      const record = await store.get(taskId);
      if (done) return;
      if (record === undefined)
        return finish(() =>
          reject(new ProtocolError(ErrorCode.InternalError, 'the task expired while it waited for answers')),
        );
      if (TERMINAL.has(record.status)) return finish(() => reject(stopped()));
      const answers = record.answers ?? {};
      if (![...asks.keys()].every((key) => Object.hasOwn(answers, key))) return;
      await change(taskId, {
        status: 'working',
        answers: undefined,
        inputRequests: undefined,
        statusMessage: undefined,
      });
      finish(() => resolve(Object.fromEntries([...asks.keys()].map((key) => [key, answers[key]]))));
    };
    stop = store.watch(taskId, { input: check, cancel: () => undefined });
    check(); // answers may have come before the watch
  });
}

/** The change that ends a task, from how its work ended: failed, cancelled, or completed with the result. */
export function endingOf(outcome: Outcome | undefined, error: unknown, report: (error: unknown) => void): TaskChange {
  if (error !== undefined)
    return { status: 'failed', error: jsonRpcError(error, report), statusMessage: messageOf(error) };
  if (outcome === null || outcome === undefined) return { status: 'cancelled', statusMessage: 'cancelled' };
  if (outcome instanceof InputRequired) {
    report(new Error('a task ended with questions for a retry it cannot have'));
    return { status: 'failed', error: { code: ErrorCode.InternalError, message: 'Internal error' } };
  }
  return {
    status: 'completed',
    result: outcome as Record<string, unknown>,
    statusMessage: undefined,
    inputRequests: undefined,
  };
}

/**
 * A thrown error as the JSON-RPC error a failed task carries: a ProtocolError as it is, anything else -32603
 * (reported).
 */
function jsonRpcError(error: unknown, report: (error: unknown) => void): TaskError {
  if (error instanceof ProtocolError) return errorFrame(undefined, error.code, error.data).error;
  report(error);
  return { code: ErrorCode.InternalError, message: 'Internal error' };
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : 'the task failed');

/** No task could be made: the tool's isError result, saying why. */
export function toolFailure(error: unknown): object {
  if (error instanceof StoreUnavailableError)
    return { content: [{ type: 'text', text: `the server could not record a task: ${error.reason}` }], isError: true };
  if (!(error instanceof TaskLimitError)) throw error;
  return { content: [{ type: 'text', text: error.message }], isError: true };
}
