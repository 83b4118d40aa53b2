// What a task looks like from outside: the server's settings for tasks, the CreateTaskResult a call
// that became one answers with, and the Task a client sees of a stored record.
import type { DetailedTask, Task } from '../../../schemas/tasks.js';
import { checkTimeout } from '../limits.js';
import { memoryTaskStore } from './memory.js';
import type { TaskRecord, TaskStore } from './store.js';
import { optionKeys, refuseUnknownOptions } from '../options.js';

export type TaskSupport = 'never' | 'optional' | 'required';

/** McpServer's `tasks` option. */
export interface TaskOptions {
  store?: TaskStore;
  maxTasks?: number;
  ttlMs?: number | null;
  pollIntervalMs?: number;
  taskAfterMs?: number;
}

const TASK_OPTIONS = optionKeys<TaskOptions>({
  store: true,
  maxTasks: true,
  ttlMs: true,
  pollIntervalMs: true,
  taskAfterMs: true,
});

export interface TaskSettings {
  readonly store: TaskStore;
  /** A task's ttlMs (null: unlimited). */
  readonly ttlMs: number | null;
  readonly pollIntervalMs: number;
  /** How long an `optional` tool may run before its call becomes a task. */
  readonly taskAfterMs: number;
}

/** The option checked, with its defaults: 1 hour, 1 s between polls, 1 s before an optional tool becomes a task. */
export function taskSettings(option: TaskOptions = {}): TaskSettings {
  refuseUnknownOptions('tasks', option, TASK_OPTIONS);
  const { ttlMs = 60 * 60 * 1000, pollIntervalMs = 1000, taskAfterMs = 1000 } = option;
  if (ttlMs !== null && !(Number.isInteger(ttlMs) && ttlMs >= 1))
    throw new TypeError('tasks.ttlMs must be a positive integer of milliseconds, or null');
  if (!(Number.isInteger(pollIntervalMs) && pollIntervalMs >= 1))
    throw new TypeError('tasks.pollIntervalMs must be a positive integer of milliseconds');
  checkTimeout(taskAfterMs, 'tasks.taskAfterMs');
  if (option.store !== undefined && option.maxTasks !== undefined)
    throw new TypeError('tasks.maxTasks is for the default store; a store of your own keeps its own limit');
  return { store: option.store ?? memoryTaskStore({ maxTasks: option.maxTasks }), ttlMs, pollIntervalMs, taskAfterMs };
}

/** A call that became a task: encoded as the flat CreateTaskResult, `resultType: "task"`. */
export class TaskCreated {
  readonly task: Task;
  constructor(task: Task) {
    this.task = task;
  }
}

export function taskOf(record: TaskRecord): Task {
  const { taskId, status, statusMessage, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs } = record;
  return statusMessage === undefined
    ? { taskId, status, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs }
    : { taskId, status, statusMessage, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs };
}

/** The Task a client sees of a record: with its questions, result or error as its status has them. */
export function detailed(record: TaskRecord): DetailedTask {
  const task = taskOf(record) as DetailedTask;
  if (record.status === 'input_required' && record.inputRequests !== undefined)
    task.inputRequests = record.inputRequests as DetailedTask['inputRequests'];
  if (record.status === 'completed' && record.result !== undefined)
    task.result = record.result as Record<string, unknown>;
  if (record.status === 'failed' && record.error !== undefined) task.error = record.error;
  return task;
}
