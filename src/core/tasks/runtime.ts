// A tools/call that becomes a task (SEP-2663): when, how its record is kept, and how the running
// work hears tasks/update and tasks/cancel. The record lives in the store; the work in this process.
import type { RequestContext } from '../context.js';
import type { EventBus } from '../events.js';
import { InputRequired } from '../input/round-state.js';
import { AbortReason, type CallAbort } from '../lifetime.js';
import { longTimeout } from '../limits.js';
import { afterThisTurn } from '../../runtime/host.js';
import { isThenable, type MaybePromise } from '../maybe-async.js';
import { TaskCreated, detailed, taskOf, type TaskSettings, type TaskSupport } from './record.js';
import {
  StoreUnavailableError,
  TERMINAL,
  TaskLimitError,
  reportingOutagesOnce,
  type TaskChange,
  type TaskRecord,
} from './store.js';
import type { RequestTracer } from '../telemetry/index.js';
import { endingOf, progressWriter, toolFailure, waitForAnswers, type Outcome } from './work.js';

export class TaskRuntime {
  readonly settings: TaskSettings;
  readonly #events: EventBus;
  readonly #report: (error: unknown) => void;
  /** Tasks this process runs, by id: shutdown stops them and waits for their last write. */
  readonly #running = new Map<string, { readonly abort: CallAbort; readonly ended: Promise<unknown> }>();
  /** Set by stopAll: a call that would become a task now (one that waited for a slot during shutdown) stops instead. */
  #stopped = false;
  tracer: RequestTracer | undefined; // set when telemetry is on: a task's work gets a span of its own

  constructor(settings: TaskSettings, events: EventBus, report: (error: unknown) => void) {
    this.settings = settings;
    this.#events = events;
    this.#report = reportingOutagesOnce(report);
    settings.store.subscribe?.((record) => this.#publish(record));
  }

  /**
   * Runs a call that may become a task. `start` runs the tool. A `required` tool becomes a task once
   * what its start queued at once has run (questions asked before it waits on anything are MRTR on
   * the request); an `optional` one after `taskAfterMs`; one that answers sooner answers as usual
   * (a `required` one as a task that is already complete).
   */
  run(
    ctx: RequestContext,
    support: 'optional' | 'required',
    timeoutMs: number | undefined,
    start: () => MaybePromise<Outcome>,
  ): MaybePromise<Outcome | TaskCreated> {
    const started = start();
    if (!isThenable(started)) return support === 'required' ? this.#already(ctx, started) : started;
    const running = Promise.resolve(started);
    return new Promise((resolve, reject) => {
      let decided = false;
      // the round ended in questions for a retry: input_required answers, however long its sealing takes
      let held = false;
      const become = () => {
        ctx.roundEnding = undefined; // a task's later rounds are its own
        decided = true;
        this.#become(ctx, support, timeoutMs, running).then(resolve, reject);
      };
      // Required: a task once the start has had its turn (an answer ready by then is the task's first state); a
      // retry's turn starts once its requestState is open (one that does not open fails the request, as a call's
      // would).
      let cancel: (() => void) | undefined;
      const arm = () => void (decided || held || (cancel = afterThisTurn(become)));
      if (support === 'required') void (ctx.preparing === undefined ? arm() : ctx.preparing.then(arm, () => undefined));
      const timer = support === 'required' ? undefined : setTimeout(become, this.settings.taskAfterMs);
      const stopTimers = () => (cancel?.(), clearTimeout(timer));
      ctx.roundEnding = () => ((held = true), stopTimers());
      const decide = (settle: () => void) => {
        ctx.roundEnding = undefined;
        if (decided) return;
        decided = true;
        stopTimers();
        settle();
      };
      running.then(
        (outcome) => decide(() => resolve(support === 'required' ? this.#already(ctx, outcome) : outcome)),
        (error: unknown) => decide(() => reject(error)),
      );
    });
  }

  /** How many tasks this process runs now. */
  get running(): number {
    return this.#running.size;
  }

  /** Resolves once this process runs no task (a drain waits for it, within its own limit). */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running.values()].map((task) => task.ended));
  }

  /** Stops every task this process runs (shutdown); resolves once each has written how it ended. */
  stopAll(): Promise<void> {
    this.#stopped = true;
    const ended = [...this.#running.values()].map((task) => {
      task.abort.abort(AbortReason.Shutdown);
      return task.ended;
    });
    return Promise.allSettled(ended).then(() => undefined);
  }

  /** A required tool that answered before it became a task: a task that is complete at once. */
  #already(ctx: RequestContext, outcome: Outcome): MaybePromise<Outcome | TaskCreated> {
    if (outcome === null || outcome instanceof InputRequired || this.#stopped) return outcome;
    return this.#create(ctx).then(
      async (record) => new TaskCreated(taskOf((await this.#finish(record.taskId, outcome, undefined)) ?? record)),
      (error: unknown) => toolFailure(error),
    );
  }

  async #create(ctx: RequestContext): Promise<TaskRecord> {
    const now = new Date().toISOString();
    const record: TaskRecord = {
      taskId: crypto.randomUUID(),
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

  /**
   * The call outlives its request now: the record is created (durably, before the answer), the work detached and
   * watched.
   */
  async #become(
    ctx: RequestContext,
    support: TaskSupport,
    timeoutMs: number | undefined,
    running: Promise<Outcome>,
  ): Promise<Outcome | TaskCreated> {
    if (this.#stopped) {
      // Shutdown stopped the tasks already: no task is made that nothing would stop or wait for.
      ctx.abort.abort(AbortReason.Shutdown);
      return running;
    }
    // Questions the handler asks while the record is being made wait for it: they are the task's
    // if it is made, and MRTR on the request if it is not.
    let made!: () => void;
    ctx.taskBecoming = new Promise<void>((resolve) => (made = resolve));
    let record: TaskRecord;
    try {
      record = await this.#create(ctx);
    } catch (error) {
      ctx.taskBecoming = undefined;
      made();
      if (!(error instanceof TaskLimitError)) this.#report(error);
      // No task could be made: an optional tool keeps its request waiting; a required one stops.
      if (support === 'optional') return running;
      ctx.abort.abort(AbortReason.Shutdown);
      running.catch(() => undefined);
      return toolFailure(
        error instanceof TaskLimitError || error instanceof StoreUnavailableError
          ? error
          : new TaskLimitError('the server could not record a task; try again'),
      );
    }
    const { taskId } = record;
    if (ctx.abort.aborted) {
      // The request ended (cancelled, timed out, the server stopping) while the record was made:
      // it answers as such a request does, and the record ends as the work does.
      ctx.taskBecoming = undefined;
      made();
      void this.#track(ctx, taskId, running);
      return running;
    }
    const change = (id: string, next: TaskChange) => this.#change(id, next);
    ctx.detach(timeoutMs, progressWriter(taskId, change, this.#report));
    ctx.taskFulfil = (asks) => waitForAnswers(this.settings.store, change, ctx, taskId, asks);
    ctx.taskBecoming = undefined;
    made();
    void this.#track(ctx, taskId, running);
    return new TaskCreated(taskOf(record));
  }

  /** Watches a running task to its end: tasks/cancel, its expiry, and its last write. */
  #track(ctx: RequestContext, taskId: string, running: Promise<Outcome>): Promise<unknown> {
    const { store } = this.settings;
    const unwatch = store.watch(taskId, {
      input: () => undefined,
      cancel: () => ctx.abort.abort(AbortReason.Cancelled),
    });
    // A cancel recorded before the watch began (its signal reached nobody) still stops the work.
    store
      .get(taskId)
      .then(
        (now) => (now?.cancelRequested === true ? ctx.abort.abort(AbortReason.Cancelled) : undefined),
        this.#report,
      );
    const { ttlMs } = this.settings;
    const unexpire = ttlMs === null ? undefined : longTimeout(() => ctx.abort.abort(AbortReason.Expired), ttlMs);
    const ended = running
      .then(
        (outcome) => this.#finish(taskId, outcome, undefined),
        (error: unknown) => this.#finish(taskId, undefined, error),
      )
      .catch(this.#report)
      .finally(() => {
        unwatch();
        unexpire?.();
        this.#running.delete(taskId);
      });
    this.#running.set(taskId, { abort: ctx.abort, ended });
    this.tracer?.task(taskId, ended);
    return ended;
  }

  /** The work ended: the task's final status, as SEP-2663 has it; a failed write is tried again. */
  async #finish(taskId: string, outcome: Outcome | undefined, error: unknown): Promise<TaskRecord | undefined> {
    const change = endingOf(outcome, error, this.#report);
    for (const pause of [50, 250, 1000]) {
      try {
        return await this.#change(taskId, change);
      } catch (failure) {
        this.#report(failure);
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
    return this.#change(taskId, change);
  }

  /** Every change goes through here: the store, then listen streams that follow this task (when it changed). */
  async #change(taskId: string, change: TaskChange): Promise<TaskRecord | undefined> {
    const record = await this.settings.store.update(taskId, change);
    // A terminal task stays as it is: the store hands it back unchanged, and nobody hears of it again.
    if (record !== undefined && !(TERMINAL.has(record.status) && record.status !== change.status))
      this.#publish(record);
    return record;
  }

  #publish(record: TaskRecord): void {
    this.#events.publish({
      type: 'tasks/status',
      task: detailed(record),
      ...(record.principal === undefined ? {} : { principal: record.principal }),
    });
  }
}
