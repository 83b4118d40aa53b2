// The worker threads grep's searches run in, kept between calls so that a search pays no start-up.
// A call that is cancelled or times out terminates its thread (nothing else stops a regular
// expression that backtracks), and a new one is started when one is next needed.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SearchReply, SearchRequest } from './grep-search.js';

/** At most this many searches run at once; more wait for one to end. */
export const MAX_SEARCH_THREADS = Math.min(4, Math.max(2, availableParallelism()));

type WorkerReply = ({ ok: true } & SearchReply) | { ok: false; message: string };

const idle: Worker[] = [];
const waiting = new Set<() => void>();
let busy = 0;

/** Runs one search in a thread of its own; rejects with the signal's reason once it aborts. */
export async function runSearch(request: SearchRequest, signal: AbortSignal): Promise<SearchReply> {
  while (busy >= MAX_SEARCH_THREADS) await waitForThread(signal);
  signal.throwIfAborted();
  busy += 1;
  try {
    const worker = idle.pop() ?? startWorker();
    const reply = await ask(worker, request, signal);
    // Only a thread that answered goes back: one that failed or was terminated is gone.
    worker.unref();
    idle.push(worker);
    if (!reply.ok) throw new Error(reply.message);
    return { lines: reply.lines, cut: reply.cut };
  } finally {
    busy -= 1;
    const [next] = waiting;
    if (next !== undefined) next();
  }
}

function waitForThread(signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const wake = () => {
      waiting.delete(wake);
      signal.removeEventListener('abort', onAbort);
      resolve();
    };
    const onAbort = () => {
      waiting.delete(wake);
      reject(signal.reason);
    };
    waiting.add(wake);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function ask(worker: Worker, request: SearchRequest, signal: AbortSignal): Promise<WorkerReply> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      signal.removeEventListener('abort', onAbort);
    };
    const onMessage = (reply: WorkerReply) => {
      settle();
      resolve(reply);
    };
    const onError = (error: Error) => {
      settle();
      reject(new Error(`grep's search thread failed: ${error.message}`));
    };
    const onExit = (code: number) => {
      settle();
      reject(new Error(`grep's search thread stopped (exit code ${code})`));
    };
    const onAbort = () => {
      settle();
      void worker.terminate();
      reject(signal.reason);
    };
    if (signal.aborted) return onAbort();
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    signal.addEventListener('abort', onAbort, { once: true });
    // While it searches, the thread keeps the process alive (process mode waits for its answer).
    worker.ref();
    worker.postMessage(request);
  });
}

function startWorker(): Worker {
  const worker = import.meta.url.endsWith('.ts')
    ? startFromSources()
    : new Worker(new URL('./grep-worker.js', import.meta.url));
  // A search reports its thread's failure; without a listener here an error would end the process.
  worker.on('error', () => undefined);
  worker.once('exit', () => {
    const index = idle.indexOf(worker);
    if (index !== -1) idle.splice(index, 1);
  });
  return worker;
}

/**
 * Run from the TypeScript sources (tsx, vitest), the thread loads grep-worker.ts through tsx, which
 * every checkout has as a dev dependency; without it, Node must strip the types itself.
 */
function startFromSources(): Worker {
  const source = new URL('./grep-worker.ts', import.meta.url).href;
  let tsx: string;
  try {
    tsx = import.meta.resolve('tsx/esm/api');
  } catch {
    return new Worker(new URL(source));
  }
  const load =
    `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(source)}, ` +
    `${JSON.stringify(source)}))`;
  return new Worker(load, { eval: true });
}
