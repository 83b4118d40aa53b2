// A TaskStore in Redis, shared by every instance: any of them answers tasks/get, tasks/update and
// tasks/cancel; answers and cancellation reach the instance running the task over pub/sub; a task
// whose instance stopped is failed once its lease runs out.
import { ErrorCode } from '../jsonrpc/errors.js';
import {
  TaskLimitError,
  reportingOutagesOnce,
  type TaskError,
  type TaskRecord,
  type TaskSignals,
  type TaskStore,
} from '../core/tasks/store.js';
import { watchers } from '../core/tasks/watchers.js';
import { connectRedis, type RedisConnectOptions } from './client.js';
import { ANSWER, CANCEL, CREATE, HEARTBEAT, SWEEP, UPDATE } from './task-scripts.js';
import { changeArgs, fieldsOf, parseJson, recordOf, type Reply } from './task-fields.js';
import { optionKeys, refuseUnknownOptions } from '../core/options.js';

export interface RedisTaskStoreOptions extends RedisConnectOptions {
  /** Tasks kept at once in this Redis (under this prefix), by every instance together. Default 10 000. */
  maxTasks?: number;
  /**
   * How long a running task stays `working` without a heartbeat from the instance running it
   * (which beats every leaseMs / 3); then any instance marks it `failed`. Default 15 000 ms.
   */
  leaseMs?: number;
}

export interface RedisTaskStore extends TaskStore {
  /** Stops heartbeats and sweeps, and closes the connections this store opened. */
  close(): Promise<void>;
}

const STORE_OPTIONS = optionKeys<RedisTaskStoreOptions>({
  url: true,
  client: true,
  prefix: true,
  onError: true,
  commandTimeoutMs: true,
  maxTasks: true,
  leaseMs: true,
});

export async function redisTaskStore(options: RedisTaskStoreOptions): Promise<RedisTaskStore> {
  refuseUnknownOptions('redisTaskStore', options, STORE_OPTIONS);
  const maxTasks = options.maxTasks ?? 10_000;
  const leaseMs = options.leaseMs ?? 15_000;
  if (!(Number.isInteger(maxTasks) && maxTasks >= 1))
    throw new TypeError('redisTaskStore: maxTasks must be a positive integer');
  if (!(Number.isInteger(leaseMs) && leaseMs >= 30 && leaseMs <= 2 ** 31 - 1))
    throw new TypeError('redisTaskStore: leaseMs must be an integer of milliseconds, at least 30');
  const report =
    options.onError ??
    ((error: unknown) => process.stderr.write(`zod-mcp: redis tasks: ${(error as Error)?.message ?? String(error)}\n`));
  const redis = await connectRedis(
    { ...options, onError: report },
    'redisTaskStore',
    options.onError === undefined ? report : undefined,
  );
  // Heartbeats and sweeps that fail in an outage: the connection has told it once.
  const quietly = reportingOutagesOnce(report);
  const { prefix } = redis;
  const taskKey = (taskId: string) => `${prefix}task:${taskId}`;
  const tasksKey = `${prefix}tasks`;
  const leasesKey = `${prefix}leases`;
  const signalChannel = `${prefix}task-signals`;
  const listening = watchers(report);
  const signal = listening.signal;
  const listeners = new Set<(record: TaskRecord) => void>();

  try {
    await redis.subscribe(signalChannel, (message) => {
      const parsed = parseJson(message) as { t?: unknown; k?: unknown } | undefined;
      if (typeof parsed?.t === 'string' && (parsed.k === 'input' || parsed.k === 'cancel')) signal(parsed.t, parsed.k);
    });
  } catch (error) {
    await redis.close();
    throw error;
  }
  const publish = (taskId: string, kind: keyof TaskSignals) =>
    redis.command(['PUBLISH', signalChannel, JSON.stringify({ t: taskId, k: kind })]);

  const beat = setInterval(
    () => {
      const ids = listening.ids();
      if (ids.length === 0) return;
      redis
        .script<number[]>(HEARTBEAT, [leasesKey], [leaseMs, `${prefix}task:`, ...ids])
        .then((seen) => {
          ids.forEach((taskId, index) => {
            if (seen?.[index * 2] === 1) signal(taskId, 'cancel');
            if (seen?.[index * 2 + 1] === 1) signal(taskId, 'input');
          });
        })
        .catch(quietly);
    },
    Math.max(10, Math.floor(leaseMs / 3)),
  ).unref();
  const stopped = `the server process running this task stopped (no heartbeat for ${leaseMs} ms)`;
  const orphanError: TaskError = { code: ErrorCode.InternalError, message: 'Internal error', data: stopped };
  const sweep = setInterval(
    () => {
      void (async () => {
        const failed = await redis.script<string[]>(
          SWEEP,
          [leasesKey, tasksKey],
          [`${prefix}task:`, new Date().toISOString(), JSON.stringify(orphanError), stopped],
        );
        for (const taskId of failed ?? []) {
          const record = recordOf(await redis.command<Reply>(['HGETALL', taskKey(taskId)]));
          if (record !== undefined) for (const listener of [...listeners]) listener(record);
        }
      })().catch(quietly);
    },
    Math.max(10, Math.floor(leaseMs / 2)),
  ).unref();

  return {
    async create(record) {
      const ttl = record.ttlMs === null ? '' : String(record.ttlMs);
      const created = await redis.script<number>(
        CREATE,
        [taskKey(record.taskId), tasksKey, leasesKey],
        [record.taskId, maxTasks, ttl, leaseMs, ...fieldsOf(record)],
      );
      if (created === 0)
        throw new TaskLimitError(
          `the server keeps at most ${maxTasks} tasks at once; try again once some have finished or expired`,
        );
      if (created !== 1) throw new Error(`redisTaskStore: a task ${record.taskId} exists already`);
    },
    async get(taskId) {
      return recordOf(await redis.command<Reply>(['HGETALL', taskKey(taskId)]));
    },
    async update(taskId, change) {
      const reply = await redis.script<Reply>(UPDATE, [taskKey(taskId), leasesKey], [taskId, ...changeArgs(change)]);
      return recordOf(reply);
    },
    async answer(taskId, responses) {
      const pairs = Object.entries(responses).flatMap(([key, value]) => [key, JSON.stringify(value ?? null)]);
      const taken = await redis.script<number>(ANSWER, [taskKey(taskId)], [new Date().toISOString(), ...pairs]);
      if (taken === 2) await publish(taskId, 'input');
      return taken !== 0;
    },
    async cancel(taskId) {
      const asked = await redis.script<number>(CANCEL, [taskKey(taskId)], []);
      if (asked === 2) await publish(taskId, 'cancel');
      return asked !== 0;
    },
    watch: listening.watch,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    unavailable: () => redis.unavailable(),
    async close() {
      clearInterval(beat);
      clearInterval(sweep);
      await redis.close();
    },
  };
}
