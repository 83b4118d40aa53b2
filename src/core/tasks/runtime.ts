// A tools/call that becomes a task (SEP-2663): when, how its record is kept, and how the running
// work hears tasks/update and tasks/cancel. The record lives in the store; the work in this process.
import { randomUUID } from 'node:crypto';
import type { InputRequest } from '../../../schemas/client-input.js';
import type { DetailedTask, Task } from '../../../schemas/tasks.js';
import { ErrorCode, ProtocolError, errorFrame } from '../../jsonrpc/errors.js';
import type { RequestContext } from '../context.js';
import type { EventBus } from '../events.js';
import { InputRequired } from '../input/round.js';
import type { Ask } from '../input/requests.js';
import { AbortReason, type CallAbort } from '../lifetime.js';
import { isThenable, type MaybePromise } from '../maybe-async.js';
import { checkTimeout } from '../limits.js';
import { memoryTaskStore } from './memory.js';
import { TaskLimitError, type TaskError, type TaskRecord, type TaskStore } from './store.js';

export type TaskSupport = 'never' | 'optional' | 'required';

/** McpServer's `tasks` option. */
export interface TaskOptions {
  store?: TaskStore;
  maxTasks?: number;
  ttlMs?: number | null;
  pollIntervalMs?: number;
  taskAfterMs?: number;
}

/** The option checked, with its defaults: 1 hour, 1 s between polls, 1 s before an optional tool becomes a task. */
export function taskSettings(option: TaskOptions = {}): TaskSettings {
  const { ttlMs = 60 * 60 * 1000, pollIntervalMs = 1000, taskAfterMs = 1000 } = option;
  if (ttlMs !== null && !(Number.isInteger(ttlMs) && ttlMs >= 1)) throw new TypeError('tasks.ttlMs must be a positive integer of milliseconds, or null');
  if (!(Number.isInteger(pollIntervalMs) && pollIntervalMs >= 1)) throw new TypeError('tasks.pollIntervalMs must be a positive integer of milliseconds');
  checkTimeout(taskAfterMs, 'tasks.taskAfterMs');
  if (option.store !== undefined && option.maxTasks !== undefined) throw new TypeError('tasks.maxTasks is for the default store; a store of your own keeps its own limit');
  return { store: option.store ?? memoryTaskStore({ maxTasks: option.maxTasks }), ttlMs, pollIntervalMs, taskAfterMs };
}

export interface TaskSettings {
  readonly store: TaskStore;
  /** A task's ttlMs (null: unlimited). */
  readonly ttlMs: number | null;
  readonly pollIntervalMs: number;
  /** How long an `optional` tool may run before its call becomes a task. */
  readonly taskAfterMs: number;
}

/** A call that became a task: encoded as the flat CreateTaskResult, `resultType: "task"`. */
export class TaskCreated {
  readonly task: Task;
  constructor(task: Task) {
    this.task = task;
  }
}

type Outcome = object | null;

/** The Task a client sees of a record: with its questions, result or error as its status has them. */
export function detailed(record: TaskRecord): DetailedTask {
  const task = taskOf(record) as DetailedTask;
  if (record.status === 'input_required' && record.inputRequests !== undefined) task.inputRequests = record.inputRequests as DetailedTask['inputRequests'];
  if (record.status === 'completed' && record.result !== undefined) task.result = record.result as Record<string, unknown>;
  if (record.status === 'failed' && record.error !== undefined) task.error = record.error;
  return task;
}

export class TaskRuntime {
  readonly settings: TaskSettings;
  readonly #events: EventBus;
  readonly #report: (error: unknown) => void;
  /** Tasks this process runs, by id: shutdown stops them. */
  readonly #running = new Map<string, CallAbort>();

  constructor(settings: TaskSettings, events: EventBus, report: (error: unknown) => void) {
    this.settings = settings;
    this.#events = events;
    this.#report = report;
    settings.store.subscribe?.((record) => this.#publish(record));
  }

  /**
   * Runs a call that may become a task. `start` runs the tool (its questions, asked before the task
   * exists, end the request as input_required, as MRTR has them). A `required` tool becomes a task
   * as soon as it is still running after the current turn; an `optional` one after `taskAfterMs`;
   * one that answers sooner answers as usual (a `required` one as a task that is already complete).
   */
  run(ctx: RequestContext, support: 'optional' | 'required', timeoutMs: number | undefined, start: () => MaybePromise<Outcome>): MaybePromise<Outcome | TaskCreated> {
    const started = start();
    if (!isThenable(started)) return support === 'required' ? this.#already(ctx, started) : started;
    const running = Promise.resolve(started);
    return new Promise((resolve, reject) => {
      let decided = false;
      const timer = setTimeout(
        () => {
          decided = true;
          this.#become(ctx, support, timeoutMs, running).then(resolve, reject);
        },
        support === 'required' ? 0 : this.settings.taskAfterMs,
      );
      running.then(
        (outcome) => {
          if (decided) return;
          decided = true;
          clearTimeout(timer);
          resolve(support === 'required' ? this.#already(ctx, outcome) : outcome);
        },
        (error: unknown) => {
          if (decided) return;
          decided = true;
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  /** Stops every task this process runs (shutdown): each ends as its tool ends on shutdown. */
  stopAll(): void {
    for (const abort of this.#running.values()) abort.abort(AbortReason.Shutdown);
  }

  /** A required tool that answered before it became a task: a task that is complete at once. */
  #already(ctx: RequestContext, outcome: Outcome): MaybePromise<Outcome | TaskCreated> {
    if (outcome === null || outcome instanceof InputRequired) return outcome;
    return this.#create(ctx).then(
      async (record) => {
        const done = await this.#finish(record.taskId, outcome, undefined);
        return new TaskCreated(taskOf(done ?? record));
      },
      (error: unknown) => toolFailure(error),
    );
  }

  async #create(ctx: RequestContext): Promise<TaskRecord> {
    const now = new Date().toISOString();
    const record: TaskRecord = {
      taskId: randomUUID(),
      status: 'working',
      ...(ctx.lastProgress === undefined ? {} : { statusMessage: ctx.lastProgress }),
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: this.settings.ttlMs,
      pollIntervalMs: this.settings.pollIntervalMs,
      ...(ctx.principal === undefined ? {} : { principal: ctx.principal }),
    };
    await this.settings.store.create(record);
    return record;
  }

  /** The call outlives its request now: the record is created (durably, before the answer), the work detached and watched. */
  async #become(ctx: RequestContext, support: TaskSupport, timeoutMs: number | undefined, running: Promise<Outcome>): Promise<Outcome | TaskCreated> {
    let record: TaskRecord;
    try {
      record = await this.#create(ctx);
    } catch (error) {
      // No room for another task: an optional tool keeps its request waiting; a required one stops.
      if (support === 'optional') return running;
      ctx.abort.abort(AbortReason.Shutdown);
      running.catch(() => undefined);
      return toolFailure(error);
    }
    const { taskId } = record;
    const { store } = this.settings;
    ctx.detach(timeoutMs, (message) => void this.#change(taskId, { statusMessage: message }));
    ctx.taskFulfil = (asks) => this.#ask(ctx, taskId, asks);
    this.#running.set(taskId, ctx.abort);
    const unwatch = store.watch(taskId, { input: () => undefined, cancel: () => ctx.abort.abort(AbortReason.Cancelled) });
    const expiry = record.ttlMs === null || record.ttlMs > 2 ** 31 - 1 ? undefined : setTimeout(() => ctx.abort.abort(AbortReason.Timeout), record.ttlMs).unref();
    running
      .then(
        (outcome) => this.#finish(taskId, outcome, undefined),
        (error: unknown) => this.#finish(taskId, undefined, error),
      )
      .catch((error: unknown) => this.#report(error))
      .finally(() => {
        unwatch();
        if (expiry !== undefined) clearTimeout(expiry);
        this.#running.delete(taskId);
      });
    return new TaskCreated(taskOf(record));
  }

  /** Questions inside a task park it in input_required; tasks/update answers them, in parts if it likes. */
  async #ask(ctx: RequestContext, taskId: string, asks: ReadonlyMap<string, Ask>): Promise<Record<string, unknown>> {
    const { store } = this.settings;
    const inputRequests: Record<string, InputRequest> = {};
    for (const [key, ask] of asks) inputRequests[key] = ask.wire(ctx.client);
    const parked = await this.#change(taskId, { status: 'input_required', inputRequests, statusMessage: 'waiting for the client to answer' });
    if (parked === undefined) throw new ProtocolError(ErrorCode.InternalError, 'the task is gone');
    return new Promise((resolve, reject) => {
      let done = false;
      const finish = (settle: () => void) => {
        if (done) return;
        done = true;
        stop();
        ctx.signal.removeEventListener('abort', onAbort);
        settle();
      };
      const onAbort = () => finish(() => reject(ctx.signal.reason as Error));
      const check = async () => {
        const record = await store.get(taskId);
        if (record === undefined) return finish(() => reject(new ProtocolError(ErrorCode.InternalError, 'the task expired while it waited for answers')));
        const answers = record.answers ?? {};
        if (![...asks.keys()].every((key) => Object.hasOwn(answers, key))) return;
        await this.#change(taskId, { status: 'working', answers: undefined, inputRequests: undefined, statusMessage: undefined });
        finish(() => resolve(Object.fromEntries([...asks.keys()].map((key) => [key, answers[key]]))));
      };
      const stop = store.watch(taskId, { input: () => void check().catch(this.#report), cancel: () => undefined });
      ctx.signal.addEventListener('abort', onAbort, { once: true });
      void check().catch(this.#report); // answers may have come before the watch
    });
  }

  /** The work ended: the task's final status, as SEP-2663 has it. */
  async #finish(taskId: string, outcome: Outcome | undefined, error: unknown): Promise<TaskRecord | undefined> {
    if (error !== undefined) return this.#change(taskId, { status: 'failed', error: jsonRpcError(error, this.#report), statusMessage: messageOf(error) });
    if (outcome === null || outcome === undefined) return this.#change(taskId, { status: 'cancelled', statusMessage: 'cancelled' });
    if (outcome instanceof InputRequired) {
      return this.#change(taskId, { status: 'failed', error: { code: ErrorCode.InternalError, message: 'Internal error' } });
    }
    return this.#change(taskId, { status: 'completed', result: outcome as Record<string, unknown>, statusMessage: undefined, inputRequests: undefined });
  }

  /** Every change goes through here: the store, then listen streams that follow this task. */
  async #change(taskId: string, change: Parameters<TaskStore['update']>[1]): Promise<TaskRecord | undefined> {
    const record = await this.settings.store.update(taskId, change);
    if (record !== undefined) this.#publish(record);
    return record;
  }

  #publish(record: TaskRecord): void {
    this.#events.publish({ type: 'tasks/status', task: detailed(record), ...(record.principal === undefined ? {} : { principal: record.principal }) });
  }
}

function taskOf(record: TaskRecord): Task {
  const { taskId, status, statusMessage, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs } = record;
  return statusMessage === undefined
    ? { taskId, status, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs }
    : { taskId, status, statusMessage, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs };
}

/** A thrown error as the JSON-RPC error a failed task carries: a ProtocolError as it is, anything else -32603 (reported). */
function jsonRpcError(error: unknown, report: (error: unknown) => void): TaskError {
  if (error instanceof ProtocolError) return errorFrame(undefined, error.code, error.data).error;
  report(error);
  return { code: ErrorCode.InternalError, message: 'Internal error' };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'the task failed';
}

/** No task could be made: the tool's isError result, saying why. */
function toolFailure(error: unknown): object {
  if (!(error instanceof TaskLimitError)) throw error;
  return { content: [{ type: 'text', text: error.message }], isError: true };
}
