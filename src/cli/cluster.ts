// `serve --http --workers N`: N processes behind one listening socket (node:cluster). The primary
// only forks, restarts a worker that dies, and passes SIGTERM on; each worker is a whole server.
// A 2025 session lives in the worker that made it: its id names the worker, and a request for it
// that reaches another worker is forwarded to the owner's private loopback port.
import cluster, { type Worker } from 'node:cluster';
import type { HttpServerHandle } from '../transports/http/node/listener.js';
import type { ForwardTarget } from '../transports/http/options.js';
import { VERSION } from '../version.js';
import { parentGone } from './parent-watch.js';

/** Where a worker takes the requests for its sessions that reach the others, and the secret they carry. */
type Private = { port: number; secret: string };
type FromWorker = { type: 'ready'; url: string; private: Private };
type ToWorker = { type: 'peers'; peers: [number, Private][] };

/** A worker that lives shorter than this and dies counts as a crash; five in a row stop everything. */
const STEADY_MS = 5000;
const MAX_CRASHES = 5;

/**
 * The primary: forks `count` workers, keeps them running, and stops them on SIGTERM or SIGINT. Resolves with the exit
 * code.
 */
export function runPrimary(
  count: number,
  drainMs: number,
  notices: (port: number) => readonly string[] = () => [],
): Promise<number> {
  const peers = new Map<number, Private>();
  const born = new Map<number, number>();
  let stopping = false;
  let exitCode = 0;
  let crashes = 0;
  let announced = false;
  const broadcast = () => {
    if (stopping) return; // the workers are going: they need no new list of each other
    const message: ToWorker = { type: 'peers', peers: [...peers] };
    // A worker whose channel closes meanwhile (it is exiting) misses the list: with a callback, the
    // failed send is that callback's, not an 'error' event that would end the primary.
    for (const worker of Object.values(cluster.workers ?? {}))
      if (worker?.isConnected()) worker.send(message, () => undefined);
  };
  const ready = new Set<number>();
  const fork = () => {
    const worker = cluster.fork();
    worker.on('error', () => undefined); // its channel failing is its exit's business, seen on 'exit'
    born.set(worker.id, Date.now());
    // A worker that is not serving within 30 s (a Redis that never answers, say) is ended: a crash.
    const late = setTimeout(() => {
      if (!ready.has(worker.id)) {
        process.stderr.write(`zod-mcp: worker ${worker.id} did not start serving within 30 s\n`);
        worker.process.kill('SIGKILL');
      }
    }, 30_000).unref();
    worker.on('message', (message: FromWorker) => {
      if (message?.type !== 'ready') return;
      clearTimeout(late);
      ready.add(worker.id);
      peers.set(worker.id, message.private);
      broadcast();
      if (!announced && peers.size === count) {
        announced = true;
        const url = new URL(message.url);
        for (const line of notices(Number(url.port || (url.protocol === 'https:' ? 443 : 80))))
          process.stderr.write(`${line}\n`);
        process.stderr.write(
          `zod-mcp ${VERSION}: serving MCP over HTTP at ${message.url} with ${count} workers (primary pid ` +
            `${process.pid})\n`,
        );
      }
    });
  };

  return new Promise((resolve) => {
    const living = () =>
      Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    cluster.on('exit', (worker, code, signal) => {
      peers.delete(worker.id);
      broadcast();
      if (stopping) {
        if (living().length === 0) resolve(exitCode);
        return;
      }
      const lived = Date.now() - (born.get(worker.id) ?? 0);
      // Dying before it served, or soon after, is a crash; a worker that served a while resets the count.
      crashes = !ready.has(worker.id) || lived < STEADY_MS ? crashes + 1 : 0;
      ready.delete(worker.id);
      process.stderr.write(
        `zod-mcp: worker ${worker.id} (pid ${worker.process.pid}) exited (${signal ?? `code ${code}`}); `,
      );
      if (crashes >= MAX_CRASHES) {
        process.stderr.write(`${crashes} workers died within ${STEADY_MS} ms of starting: stopping\n`);
        stopping = true;
        exitCode = 1;
        for (const other of living()) other.process.kill('SIGTERM');
        if (living().length === 0) resolve(exitCode);
        return;
      }
      process.stderr.write('starting another\n');
      setTimeout(fork, Math.min(100 * 2 ** crashes, 5000));
    });
    const stop = () => {
      if (stopping) {
        for (const worker of living()) worker.process.kill('SIGKILL'); // a second signal: now
        return;
      }
      stopping = true;
      process.stderr.write('zod-mcp: stopping the workers (a second signal stops at once)\n');
      for (const worker of living()) worker.process.kill('SIGTERM');
      if (living().length === 0) resolve(0);
      // A worker that does not end within its drain and some grace is ended.
      setTimeout(() => living().forEach((worker) => worker.process.kill('SIGKILL')), drainMs + 5000).unref();
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    void parentGone().then(() => {
      process.stderr.write('zod-mcp: npm, which started this process, is gone\n');
      stop();
    });
    for (let i = 0; i < count; i++) fork();
  });
}

/** What a worker adds to its HTTP server: session ids that name it, and where other workers' sessions are. */
export function workerOptions(instancePrefix = ''): {
  sessionIdPrefix: string;
  forwardSession: (id: string) => ForwardTarget | undefined;
  onListening: (handle: HttpServerHandle) => Promise<void>;
} {
  const self = cluster.worker!.id;
  const peers = new Map<number, Private>();
  process.on('message', (message: ToWorker) => {
    if (message?.type !== 'peers') return;
    peers.clear();
    for (const [id, peer] of message.peers) peers.set(id, peer);
  });
  return {
    sessionIdPrefix: `${instancePrefix}w${self}.`,
    forwardSession(id) {
      const owner = id.startsWith(instancePrefix) ? /^w([1-9]\d*)\./.exec(id.slice(instancePrefix.length)) : null;
      // Never to itself (an id this worker would have made is its own, or unknown here).
      const worker = owner === null ? undefined : Number(owner[1]);
      const peer = worker === undefined || worker === self ? undefined : peers.get(worker);
      return peer === undefined ? undefined : { host: '127.0.0.1', ...peer };
    },
    async onListening(handle) {
      const ready: FromWorker = { type: 'ready', url: handle.url, private: await handle.listenPrivately() };
      process.send!(ready);
      // The primary is gone (killed): this worker drains and ends rather than serve on alone.
      process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
    },
  };
}
