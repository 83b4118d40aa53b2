// A call that became a task (the 2026 tasks extension), followed to its end: polled with tasks/get
// at the interval the server asks for, its questions answered with tasks/update, its status message
// reported as progress, and cancelled with tasks/cancel when the caller gives up.
import type { Answer, RequestOptions } from './types.js';
import { RemoteError, type Frame } from './wire.js';

type Send = (method: string, params: Frame) => Promise<Frame>;

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** Polls are at least this far apart, and at most this far (a server asking for an hour is not waited on). */
const MIN_POLL_MS = 10;
const MAX_POLL_MS = 5_000;

/** The task's result (a completed task's, `isError` ones included); a failed task's error is thrown. */
export async function followTask(
  created: Frame,
  send: Send,
  ask: Answer,
  options: RequestOptions & { readonly reported?: string },
): Promise<Frame> {
  const taskId = String(created.taskId);
  const { signal, onProgress } = options;
  let reported: unknown = options.reported; // the request's last progress: its status says it again
  const answered = new Set<string>();
  try {
    // A task created already ended carries no result: tasks/get has it.
    let task = TERMINAL.has(String(created.status)) ? await send('tasks/get', { taskId }) : created;
    for (;;) {
      if (task.statusMessage !== reported && typeof task.statusMessage === 'string') {
        reported = task.statusMessage;
        onProgress?.({ message: task.statusMessage });
      }
      switch (task.status) {
        case 'completed':
          return (task.result ?? {}) as Frame;
        case 'failed':
          throw new RemoteError((task.error ?? { code: -32603, message: 'the task failed' }) as RemoteErrorShape);
        case 'cancelled':
          throw new Error(`task ${taskId} was cancelled`);
        case 'input_required': {
          const inputResponses = await answerQuestions(task, ask, answered);
          if (Object.keys(inputResponses).length > 0) await send('tasks/update', { taskId, inputResponses });
          break;
        }
      }
      await sleep(pollInterval(created, task), signal);
      task = await send('tasks/get', { taskId });
    }
  } catch (error) {
    if (signal?.aborted === true) await send('tasks/cancel', { taskId }).catch(() => undefined);
    throw error;
  }
}

type RemoteErrorShape = ConstructorParameters<typeof RemoteError>[0];

/** Each question not answered yet; a key is never answered twice over the task's life. */
async function answerQuestions(task: Frame, ask: Answer, answered: Set<string>): Promise<Frame> {
  const inputResponses: Frame = {};
  const requests = (task.inputRequests ?? {}) as Record<string, { method: string; params?: Frame }>;
  for (const [key, question] of Object.entries(requests)) {
    if (answered.has(key)) continue;
    inputResponses[key] = await ask({ key, method: question.method, params: question.params ?? {} });
    answered.add(key);
  }
  return inputResponses;
}

function pollInterval(created: Frame, task: Frame): number {
  const asked = task.pollIntervalMs ?? created.pollIntervalMs;
  return typeof asked === 'number' ? Math.min(Math.max(asked, MIN_POLL_MS), MAX_POLL_MS) : 500;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}
