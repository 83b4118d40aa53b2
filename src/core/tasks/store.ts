// Where tasks live (SEP-2663): the record of each task — its status, what it asks, its result, its
// expiry — is the store's; the running work is the process's that started it. A shared store lets
// tasks/get, tasks/update and tasks/cancel reach any instance; `watch` carries answers and
// cancellation back to the instance that runs the task.
import type { InputRequest } from '../../../schemas/client-input.js';
import type { TaskStatus } from '../../../schemas/tasks.js';
import { ErrorCode, ProtocolError } from '../../jsonrpc/errors.js';
import type { EventBus } from '../events.js';

/** A JSON-RPC error, as a failed task carries it. */
export interface TaskError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

export interface TaskRecord {
  readonly taskId: string;
  readonly status: TaskStatus;
  readonly statusMessage?: string;
  /** ISO 8601. */
  readonly createdAt: string;
  readonly lastUpdatedAt: string;
  /** From creation; null: kept until the server stops. */
  readonly ttlMs: number | null;
  readonly pollIntervalMs: number;
  /** While `input_required`: the questions not answered yet, by key. */
  readonly inputRequests?: Readonly<Record<string, InputRequest>>;
  /** Answers tasks/update delivered and the runner has not taken yet, by key. */
  readonly answers?: Readonly<Record<string, unknown>>;
  /** Every key ever answered: a later answer to one is ignored, and no key is asked twice. */
  readonly answered?: readonly string[];
  /** `completed`: the tool's result. */
  readonly result?: Readonly<Record<string, unknown>>;
  /** `failed`: the JSON-RPC error. */
  readonly error?: TaskError;
  /** Who created it; only the same principal sees it (undefined: whoever holds the id). */
  readonly principal?: string;
  /** tasks/cancel was asked for, and the runner was told. */
  readonly cancelRequested?: boolean;
}

/** What may change on a task; `answers: undefined` with `take` clears the taken answers. */
export type TaskChange = Partial<Omit<TaskRecord, 'taskId' | 'createdAt' | 'principal'>>;

/** What the process running a task hears about it, wherever the request arrived. */
export interface TaskSignals {
  /** tasks/update stored answers: read them with `get`. */
  input(): void;
  cancel(): void;
}

export const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

/** The store is at its limit of live tasks. */
export class TaskLimitError extends Error {
  override name = 'TaskLimitError';
}

/**
 * A store (or the service behind it) that cannot answer now: Redis too slow or gone. The request
 * fails with the reason (-32603 with it as `data`; a call that was becoming a task, a tool error
 * saying it), and the store has reported the outage once already: nothing reports it again.
 */
export class StoreUnavailableError extends ProtocolError {
  override name = 'StoreUnavailableError';
  readonly reason: string;
  constructor(reason: string) {
    super(ErrorCode.InternalError, reason);
    this.reason = reason;
  }
}

/** A report that leaves out what a store has reported itself (its outage, once). */
export function reportingOutagesOnce(report: (error: unknown) => void): (error: unknown) => void {
  return (error) => (error instanceof StoreUnavailableError ? undefined : report(error));
}

export interface TaskStore {
  /** Records a new task; resolves only once `get` finds it. Rejects with TaskLimitError when full. */
  create(record: TaskRecord): Promise<void>;
  /** The task, or undefined when there is none (never was, expired, or deleted). */
  get(taskId: string): Promise<TaskRecord | undefined>;
  /** Changes a task that is not terminal; a terminal one stays as it is. Resolves with the task after. */
  update(taskId: string, change: TaskChange): Promise<TaskRecord | undefined>;
  /**
   * tasks/update: keeps the answers to keys that are outstanding and not answered before (others
   * are ignored) and signals the runner. False when there is no such task.
   */
  answer(taskId: string, responses: Readonly<Record<string, unknown>>): Promise<boolean>;
  /** tasks/cancel: records the wish and signals the runner. False when there is no such task. */
  cancel(taskId: string): Promise<boolean>;
  /**
   * The runner's ear, for as long as the task runs: returns the function that stops listening. A
   * shared store also takes it as the runner's lease (it beats while any watch is open).
   */
  watch(taskId: string, signals: TaskSignals): () => void;
  /**
   * Changes the store makes by itself (a shared store failing a task whose runner stopped beating):
   * the server publishes them to listen streams as it does its own. Returns the unsubscribe function.
   */
  subscribe?(listener: (record: TaskRecord) => void): () => void;
  /** Why the store cannot serve now (its outage, while it lasts), or undefined: the health check asks. */
  unavailable?(): string | undefined;
}

/** What cannot serve now, each with why (the health check's `down`): the task store, the event bus. */
export function outagesOf(store: TaskStore | undefined, events: EventBus): string[] {
  const down: string[] = [];
  const tasks = store?.unavailable?.();
  if (tasks !== undefined) down.push(`tasks: ${tasks}`);
  const bus = events.unavailable?.();
  if (bus !== undefined) down.push(`events: ${bus}`);
  return down;
}

/** Marks a store that keeps its tasks in this process's memory (memoryTaskStore): they end with it. */
export const IN_PROCESS_STORE: unique symbol = Symbol.for('zod-mcp.in-process-task-store');

/** Whether a store keeps its tasks in this process alone. */
export function isInProcessStore(store: TaskStore): boolean {
  return (store as { [IN_PROCESS_STORE]?: boolean })[IN_PROCESS_STORE] === true;
}
