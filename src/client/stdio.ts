// The wire to a server run as a child process: one JSON-RPC message per line on its stdin and
// stdout (MCP's stdio transport). What it writes to stderr is kept, the last of it, to say why it
// stopped when it stops before answering.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { WireError, type Frame, type OnMessage, type Wire } from './wire.js';

const STDERR_TAIL = 2_000;
const EXIT_GRACE_MS = 2_000;

interface Pending {
  readonly resolve: (frame: Frame) => void;
  readonly reject: (error: Error) => void;
  readonly onMessage: OnMessage;
}

export interface StdioOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Each line the server writes, as it is (a recorder's tap). */
  readonly onLine?: (line: string) => void;
}

export function stdioWire(command: string, args: readonly string[], options: StdioOptions = {}): Wire {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
  const pending = new Map<unknown, Pending>();
  let stderr = '';
  let ended: WireError | undefined;
  const fail = (error: WireError) => {
    ended ??= error;
    for (const { reject } of pending.values()) reject(ended);
    pending.clear();
  };
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL);
  });
  child.on('error', (error) => fail(new WireError(`${command}: ${error.message}`, { cause: error })));
  child.on('exit', (code, signal) => {
    const how = signal === null ? `exited with code ${code}` : `was stopped by ${signal}`;
    const said = stderr.trim() === '' ? '' : `; its stderr ended with:\n${stderr.trimEnd()}`;
    fail(new WireError(`the server (${[command, ...args].join(' ')}) ${how}${said}`));
  });
  child.stdin.on('error', () => {}); // a child that exits early: its exit says why
  createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
    options.onLine?.(line);
    if (line.trim() === '') return;
    let message: Frame;
    try {
      message = JSON.parse(line) as Frame;
    } catch {
      fail(new WireError(`the server wrote a line to stdout that is not JSON: ${line.slice(0, 200)}`));
      return;
    }
    const waiting = message.method === undefined ? pending.get(message.id) : undefined;
    if (waiting !== undefined) {
      pending.delete(message.id);
      waiting.resolve(message);
    } else if (message.id !== undefined) {
      // a 2025 request of the server's names no request of ours: the latest open one answers it, once
      [...pending.values()].at(-1)?.onMessage(message);
    } else for (const { onMessage } of pending.values()) onMessage(message); // each keeps its own progress
  });
  const write = (frame: Frame) =>
    new Promise<void>((resolve, reject) => {
      if (ended !== undefined) return reject(ended);
      child.stdin.write(`${JSON.stringify(frame)}\n`, (error) => {
        if (!error) return resolve();
        // a child that exited: its exit (and its stderr) says why better than the broken pipe
        const timer = setTimeout(() => reject(ended ?? new WireError(`${command}: ${error.message}`)), EXIT_GRACE_MS);
        child.once('exit', () => {
          clearTimeout(timer);
          setImmediate(() => reject(ended ?? error));
        });
      });
    });
  return {
    exchange(request, onMessage) {
      return new Promise<Frame>((resolve, reject) => {
        if (ended !== undefined) return reject(ended);
        pending.set(request.id, { resolve, reject, onMessage });
        write(request).catch((error: Error) => {
          pending.delete(request.id);
          reject(error);
        });
      });
    },
    send: write,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin.end(); // MCP's stdio shutdown: close its input, then wait, then signal
      const timer = setTimeout(() => child.kill('SIGTERM'), EXIT_GRACE_MS);
      const last = setTimeout(() => child.kill('SIGKILL'), 2 * EXIT_GRACE_MS);
      await exited;
      clearTimeout(timer);
      clearTimeout(last);
    },
  };
}
