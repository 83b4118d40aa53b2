// A task record as a Redis hash: the fields of a new record, a change as the update script's
// arguments, and a reply read back as a record.
import type { InputRequest } from '../../schemas/client-input.js';
import type { TaskChange, TaskRecord } from '../core/tasks/store.js';

/** What HGETALL or a script answers: a flat list, a record or a map of fields, or nothing. */
export type Reply = string[] | Record<string, string> | Map<string, string> | null;

const SCALARS = [
  'taskId',
  'status',
  'statusMessage',
  'createdAt',
  'lastUpdatedAt',
  'pollIntervalMs',
  'principal',
] as const;

/** The hash fields of a new record. */
export function fieldsOf(record: TaskRecord): string[] {
  const fields: string[] = [];
  for (const name of SCALARS) if (record[name] !== undefined) fields.push(name, String(record[name]));
  fields.push('ttlMs', record.ttlMs === null ? 'null' : String(record.ttlMs));
  if (record.cancelRequested === true) fields.push('cancelRequested', '1');
  if (record.result !== undefined) fields.push('result', JSON.stringify(record.result));
  if (record.error !== undefined) fields.push('error', JSON.stringify(record.error));
  if (record.inputRequests !== undefined) fields.push(...questionFields(record.inputRequests));
  for (const [key, value] of Object.entries(record.answers ?? {}))
    fields.push(`a:${key}`, JSON.stringify(value ?? null));
  for (const key of record.answered ?? []) fields.push(`d:${key}`, '1');
  return fields;
}

function questionFields(inputRequests: Readonly<Record<string, InputRequest>>): string[] {
  const keys = Object.keys(inputRequests);
  return [...keys.flatMap((key) => [`q:${key}`, JSON.stringify(inputRequests[key])]), 'qorder', JSON.stringify(keys)];
}

/** UPDATE's arguments: prefixes to clear, fields to delete, fields to set. */
export function changeArgs(change: TaskChange): (string | number)[] {
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
        for (const [key, answer] of Object.entries((value as Record<string, unknown> | undefined) ?? {}))
          set.push(`a:${key}`, JSON.stringify(answer ?? null));
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
export function recordOf(reply: Reply | undefined): TaskRecord | undefined {
  if (reply === null || reply === undefined) return undefined;
  const hash = new Map<string, string>();
  if (Array.isArray(reply))
    for (let i = 0; i + 1 < reply.length; i += 2) hash.set(String(reply[i]), String(reply[i + 1]));
  else
    for (const [field, value] of reply instanceof Map ? reply : Object.entries(reply))
      hash.set(String(field), String(value));
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
  if (open.length > 0)
    record.inputRequests = Object.fromEntries(open.map((key) => [key, parseJson(hash.get(`q:${key}`)!)]));
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

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
