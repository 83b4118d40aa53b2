// A TaskStore in Redis, shared by every instance: any of them answers tasks/get, tasks/update and
// tasks/cancel; answers and cancellation reach the instance running the task over pub/sub; a task
// whose instance stopped is failed once its lease runs out.
import type { InputRequest } from '../../schemas/client-input.js';
import { ErrorCode } from '../jsonrpc/errors.js';
import { TaskLimitError, reportingOutagesOnce, type TaskChange, type TaskError, type TaskRecord, type TaskSignals, type TaskStore } from '../core/tasks/store.js';
import { watchers } from '../core/tasks/watchers.js';
import { connectRedis, type RedisConnectOptions } from './client.js';
import { ANSWER, CANCEL, CREATE, HEARTBEAT, SWEEP, UPDATE } from './task-scripts.js';
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

type Reply = string[] | Record<string, string> | Map<string, string> | null;

const STORE_OPTIONS = optionKeys<RedisTaskStoreOptions>({ url: true, client: true, prefix: true, onError: true, commandTimeoutMs: true, maxTasks: true, leaseMs: true });

export async function redisTaskStore(options: RedisTaskStoreOptions): Promise<RedisTaskStore> {
  refuseUnknownOptions('redisTaskStore', options, STORE_OPTIONS);
  const maxTasks = options.maxTasks ?? 10_000;
  const leaseMs = options.leaseMs ?? 15_000;
  if (!(Number.isInteger(maxTasks) && maxTasks >= 1)) throw new TypeError('redisTaskStore: maxTasks must be a positive integer');
  if (!(Number.isInteger(leaseMs) && leaseMs >= 30 && leaseMs <= 2 ** 31 - 1)) throw new TypeError('redisTaskStore: leaseMs must be an integer of milliseconds, at least 30');
  const report = options.onError ?? ((error: unknown) => process.stderr.write(`zod-mcp: redis tasks: ${(error as Error)?.message ?? String(error)}\n`));
  const redis = await connectRedis({ ...options, onError: report }, 'redisTaskStore', options.onError === undefined ? report : undefined);
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
  const publish = (taskId: string, kind: keyof TaskSignals) => redis.command(['PUBLISH', signalChannel, JSON.stringify({ t: taskId, k: kind })]);

  const beat = setInterval(() => {
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
  }, Math.max(10, Math.floor(leaseMs / 3))).unref();
  const stopped = `the server process running this task stopped (no heartbeat for ${leaseMs} ms)`;
  const orphanError: TaskError = { code: ErrorCode.InternalError, message: 'Internal error', data: stopped };
  const sweep = setInterval(() => {
    void (async () => {
      const failed = await redis.script<string[]>(SWEEP, [leasesKey, tasksKey], [`${prefix}task:`, new Date().toISOString(), JSON.stringify(orphanError), stopped]);
      for (const taskId of failed ?? []) {
        const record = recordOf(await redis.command<Reply>(['HGETALL', taskKey(taskId)]));
        if (record !== undefined) for (const listener of [...listeners]) listener(record);
      }
    })().catch(quietly);
  }, Math.max(10, Math.floor(leaseMs / 2))).unref();

  return {
    async create(record) {
      const ttl = record.ttlMs === null ? '' : String(record.ttlMs);
      const created = await redis.script<number>(CREATE, [taskKey(record.taskId), tasksKey, leasesKey], [record.taskId, maxTasks, ttl, leaseMs, ...fieldsOf(record)]);
      if (created === 0) throw new TaskLimitError(`the server keeps at most ${maxTasks} tasks at once; try again once some have finished or expired`);
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

const SCALARS = ['taskId', 'status', 'statusMessage', 'createdAt', 'lastUpdatedAt', 'pollIntervalMs', 'principal'] as const;

/** The hash fields of a new record. */
function fieldsOf(record: TaskRecord): string[] {
  const fields: string[] = [];
  for (const name of SCALARS) if (record[name] !== undefined) fields.push(name, String(record[name]));
  fields.push('ttlMs', record.ttlMs === null ? 'null' : String(record.ttlMs));
  if (record.cancelRequested === true) fields.push('cancelRequested', '1');
  if (record.result !== undefined) fields.push('result', JSON.stringify(record.result));
  if (record.error !== undefined) fields.push('error', JSON.stringify(record.error));
  if (record.inputRequests !== undefined) fields.push(...questionFields(record.inputRequests));
  for (const [key, value] of Object.entries(record.answers ?? {})) fields.push(`a:${key}`, JSON.stringify(value ?? null));
  for (const key of record.answered ?? []) fields.push(`d:${key}`, '1');
  return fields;
}

function questionFields(inputRequests: Readonly<Record<string, InputRequest>>): string[] {
  const keys = Object.keys(inputRequests);
  return [...keys.flatMap((key) => [`q:${key}`, JSON.stringify(inputRequests[key])]), 'qorder', JSON.stringify(keys)];
}

/** UPDATE's arguments: prefixes to clear, fields to delete, fields to set. */
function changeArgs(change: TaskChange): (string | number)[] {
  const clear: string[] = [];
  const remove: string[] = [];
  const set: string[] = ['lastUpdatedAt', change.lastUpdatedAt ?? new Date().toISOString()];
  for (const [name, value] of Object.entries(change) as [keyof TaskChange, unknown][]) {
    switch (name) {
      case 'lastUpdatedAt':
        break;
      case 'inputRequests':
        clear.push('q:');
        remove.push('qorder');
        if (value !== undefined) set.push(...questionFields(value as Record<string, InputRequest>));
        break;
      case 'answers':
        clear.push('a:');
        for (const [key, answer] of Object.entries((value as Record<string, unknown> | undefined) ?? {})) set.push(`a:${key}`, JSON.stringify(answer ?? null));
        break;
      case 'answered':
        clear.push('d:');
        for (const key of (value as string[] | undefined) ?? []) set.push(`d:${key}`, '1');
        break;
      case 'result':
      case 'error':
        if (value === undefined) remove.push(name);
        else set.push(name, JSON.stringify(value));
        break;
      case 'cancelRequested':
        if (value === true) set.push(name, '1');
        else remove.push(name);
        break;
      case 'ttlMs':
        set.push(name, value === null ? 'null' : String(value));
        break;
      default:
        if (value === undefined) remove.push(name);
        else set.push(name, String(value));
    }
  }
  return [clear.length, ...clear, remove.length, ...remove, set.length / 2, ...set];
}

/** A hash as Redis returns it (flat pairs in RESP2, a map in RESP3) back into a record. */
function recordOf(reply: Reply | undefined): TaskRecord | undefined {
  if (reply === null || reply === undefined) return undefined;
  const hash = new Map<string, string>();
  if (Array.isArray(reply)) for (let i = 0; i + 1 < reply.length; i += 2) hash.set(String(reply[i]), String(reply[i + 1]));
  else for (const [field, value] of reply instanceof Map ? reply : Object.entries(reply)) hash.set(String(field), String(value));
  const taskId = hash.get('taskId');
  if (taskId === undefined) return undefined;
  const record: Record<string, unknown> = { taskId, status: hash.get('status') };
  if (hash.has('statusMessage')) record.statusMessage = hash.get('statusMessage');
  record.createdAt = hash.get('createdAt');
  record.lastUpdatedAt = hash.get('lastUpdatedAt');
  record.ttlMs = hash.get('ttlMs') === 'null' ? null : Number(hash.get('ttlMs'));
  record.pollIntervalMs = Number(hash.get('pollIntervalMs'));
  const order = parseJson(hash.get('qorder') ?? '[]');
  const open = (Array.isArray(order) ? (order as string[]) : []).filter((key) => hash.has(`q:${key}`));
  if (open.length > 0) record.inputRequests = Object.fromEntries(open.map((key) => [key, parseJson(hash.get(`q:${key}`)!)]));
  const answers: Record<string, unknown> = {};
  const answered: string[] = [];
  for (const [field, value] of hash) {
    if (field.startsWith('a:')) answers[field.slice(2)] = parseJson(value);
    else if (field.startsWith('d:')) answered.push(field.slice(2));
  }
  if (Object.keys(answers).length > 0) record.answers = answers;
  if (answered.length > 0) record.answered = answered;
  if (hash.has('result')) record.result = parseJson(hash.get('result')!);
  if (hash.has('error')) record.error = parseJson(hash.get('error')!);
  if (hash.has('principal')) record.principal = hash.get('principal');
  if (hash.get('cancelRequested') === '1') record.cancelRequested = true;
  return record as unknown as TaskRecord;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
