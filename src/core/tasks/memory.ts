// The task store of one process: bounded in count, each task dropped when its ttlMs has passed.
import { longTimeout } from '../limits.js';
import {
  IN_PROCESS_STORE,
  TERMINAL,
  TaskLimitError,
  type TaskChange,
  type TaskRecord,
  type TaskStore,
} from './store.js';
import { watchers } from './watchers.js';
import { optionKeys, refuseUnknownOptions } from '../options.js';

export interface MemoryTaskStoreOptions {
  /** Tasks kept at once, running or finished but not expired. Default 1000. */
  maxTasks?: number;
}

/**
 * The default store. Each task is kept until `createdAt + ttlMs`. A null ttlMs keeps a task until
 * the process ends, or, once it has ended, until the store is full: then the oldest such task makes
 * room for a new one (a task with a ttlMs keeps its place until it expires).
 */
export function memoryTaskStore(options: MemoryTaskStoreOptions = {}): TaskStore {
  refuseUnknownOptions('memoryTaskStore', options, optionKeys<MemoryTaskStoreOptions>({ maxTasks: true }));
  const maxTasks = options.maxTasks ?? 1000;
  if (!(Number.isInteger(maxTasks) && maxTasks >= 1))
    throw new TypeError('memoryTaskStore: maxTasks must be a positive integer');
  const tasks = new Map<string, { record: TaskRecord; unexpire: (() => void) | undefined }>();
  const listening = watchers();
  const signal = listening.signal;
  const drop = (taskId: string) => {
    tasks.get(taskId)?.unexpire?.();
    tasks.delete(taskId);
    listening.drop(taskId);
  };
  /** The oldest ended task that has no expiry, if any (the map keeps creation order). */
  const evictable = () => {
    for (const [taskId, { record }] of tasks) if (record.ttlMs === null && TERMINAL.has(record.status)) return taskId;
    return undefined;
  };

  const store: TaskStore & { [IN_PROCESS_STORE]: true } = {
    [IN_PROCESS_STORE]: true,
    async create(record) {
      if (tasks.size >= maxTasks) {
        const room = evictable();
        if (room === undefined)
          throw new TaskLimitError(
            `the server keeps at most ${maxTasks} tasks at once; try again once some have finished or expired`,
          );
        drop(room);
      }
      const age = Date.now() - Date.parse(record.createdAt);
      const unexpire =
        record.ttlMs === null ? undefined : longTimeout(() => drop(record.taskId), Math.max(0, record.ttlMs - age));
      tasks.set(record.taskId, { record, unexpire });
    },
    async get(taskId) {
      return tasks.get(taskId)?.record;
    },
    async update(taskId, change: TaskChange) {
      const entry = tasks.get(taskId);
      if (entry === undefined) return undefined;
      if (TERMINAL.has(entry.record.status)) return entry.record;
      entry.record = {
        ...entry.record,
        ...change,
        taskId,
        lastUpdatedAt: change.lastUpdatedAt ?? new Date().toISOString(),
      };
      for (const key of Object.keys(change) as (keyof TaskChange)[]) {
        if (change[key] === undefined) delete (entry.record as unknown as Record<string, unknown>)[key];
      }
      return entry.record;
    },
    async answer(taskId, responses) {
      const entry = tasks.get(taskId);
      if (entry === undefined) return false;
      const { record } = entry;
      if (TERMINAL.has(record.status)) return true;
      // Each answer takes its question off the outstanding list at once: a tasks/get right after
      // this ack shows only what is still open. The last one sets the task working again.
      const outstanding: Record<string, unknown> = { ...record.inputRequests };
      const answered = new Set(record.answered ?? []);
      const kept: Record<string, unknown> = { ...record.answers };
      let any = false;
      for (const [key, value] of Object.entries(responses)) {
        if (!Object.hasOwn(outstanding, key) || answered.has(key)) continue;
        kept[key] = value;
        answered.add(key);
        delete outstanding[key];
        any = true;
      }
      if (!any) return true;
      const open = Object.keys(outstanding).length > 0;
      const { inputRequests: _asked, ...rest } = record;
      entry.record = {
        ...rest,
        ...(open ? { inputRequests: outstanding as TaskRecord['inputRequests'] } : { status: 'working' as const }),
        answers: kept,
        answered: [...answered],
        lastUpdatedAt: new Date().toISOString(),
      };
      signal(taskId, 'input');
      return true;
    },
    async cancel(taskId) {
      const entry = tasks.get(taskId);
      if (entry === undefined) return false;
      if (!TERMINAL.has(entry.record.status) && entry.record.cancelRequested !== true) {
        entry.record = { ...entry.record, cancelRequested: true };
        signal(taskId, 'cancel');
      }
      return true;
    },
    watch: listening.watch,
  };
  return store;
}
