// `zod-mcp dev ./my-server.ts [serve's flags]`: `serve`, restarted whenever a file under the module's
// folder changes. Over stdio the client keeps its one connection: this process stands between,
// replays the client's `initialize` to each new server, and tells the client its lists changed.
import { spawn, type ChildProcess } from 'node:child_process';
import { watch, type FSWatcher } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { basename, dirname, extname, relative, resolve } from 'node:path';
import { parseServeArgs } from './serve-args.js';
import { UsageError } from './usage-error.js';

/** Changes closer together than this restart once. */
const SETTLE_MS = 150;
const IGNORED = /(^|[\\/])(node_modules|\.git|dist|coverage)([\\/]|$)/;
/** Only source changes restart: a module that writes a log, a cache or a database beside itself must not restart itself. */
const SOURCE = /\.([mc]?[jt]s|json)$/;

export async function runDevCommand(args: readonly string[]): Promise<number> {
  const options = parseServeArgs(args, 'dev');
  if (options.module === undefined) throw new UsageError('dev: give the module to serve: zod-mcp dev ./my-server.ts [--http ...]');
  if (options.workers > 1) throw new UsageError('dev: one process restarts on change; --workers is for serve');
  // This very program (dist/program.js, or program.ts under tsx, whose loader execArgv carries).
  const program = process.argv[1]!;
  // A restart over HTTP waits for the old server to drain: half a second, unless told otherwise.
  const drain = options.http && options.drainMs === undefined ? ['--drain-ms', '500'] : [];
  // --port 0 is chosen once, here: every restart serves the same URL.
  const port = options.http && options.port === 0 ? ['--port', String(await freePort(options.host ?? '127.0.0.1'))] : [];
  const given = port.length === 0 ? args : withoutPort(args);
  const serveArgs = [...process.execArgv, program, 'serve', ...given, ...drain, ...port];
  const folder = dirname(resolve(options.module));
  const say = (text: string) => process.stderr.write(`zod-mcp dev: ${text}\n`);
  const name = basename(options.module, extname(options.module));
  const hint = options.http ? 'restarts on change' : `restarts on change (Claude Code: claude mcp add ${name} -- npx zod-mcp dev ${options.module})`;
  say(`serving ${options.module} over ${options.http ? 'HTTP' : 'stdio'}; ${hint}`);
  const runner = options.http ? new HttpRunner(serveArgs, say) : new StdioRunner(serveArgs, say);
  runner.start();
  const watcher = watchFolder(folder, (file) => {
    say(`${relative(process.cwd(), file) || file} changed: restarting`);
    runner.restart();
  });
  const code = await runner.finished;
  watcher.close();
  return code;
}

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The arguments without `--port N` / `--port=N`. */
function withoutPort(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--port') i++;
    else if (!args[i]!.startsWith('--port=')) out.push(args[i]!);
  }
  return out;
}

function watchFolder(folder: string, onChange: (file: string) => void): FSWatcher {
  let timer: NodeJS.Timeout | undefined;
  let changed = '';
  return watch(folder, { recursive: true }, (_event, name) => {
    if (name === null || IGNORED.test(name) || !SOURCE.test(name)) return;
    changed = resolve(folder, name);
    clearTimeout(timer);
    timer = setTimeout(() => onChange(changed), SETTLE_MS);
  });
}

/** Starts a server, restarts it on change; `finished` once the client is gone (stdio) or this process is told to stop (HTTP). */
abstract class Runner {
  readonly args: string[];
  readonly say: (text: string) => void;
  readonly finished: Promise<number>;
  protected finish!: (code: number) => void;

  constructor(args: string[], say: (text: string) => void) {
    this.args = args;
    this.say = say;
    this.finished = new Promise((done) => (this.finish = done));
  }

  abstract start(): void;
  abstract restart(): void;
}

/** Over HTTP: the old server drains and frees the port, then the new one takes it. */
class HttpRunner extends Runner {
  #child: ChildProcess | undefined;
  #stopping = false;
  #restarting = false;

  constructor(args: string[], say: (text: string) => void) {
    super(args, say);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        this.#stopping = true;
        if (this.#child === undefined) this.finish(0);
        else this.#child.kill('SIGTERM');
      });
    }
  }

  start(): void {
    const child = spawn(process.execPath, this.args, { stdio: ['ignore', 'inherit', 'inherit'] });
    this.#child = child;
    child.once('exit', (code) => {
      if (this.#child === child) this.#child = undefined;
      if (this.#stopping) this.finish(0);
      else if (code !== 0 && code !== null) this.say(`the server stopped (exit ${code}); waiting for a change`);
    });
  }

  /** One restart at a time: changes while the old server drains are all in the code the new one loads. */
  restart(): void {
    const old = this.#child;
    if (this.#restarting) return;
    if (old === undefined) return this.start();
    this.#restarting = true;
    old.once('exit', () => {
      this.#restarting = false;
      if (!this.#stopping) this.start();
    });
    old.kill('SIGTERM');
  }
}

/**
 * Over stdio: client lines go to the current server; a new server first gets the client's
 * initialize and initialized again (its answer is not passed on), and the client is then told
 * that tools, resources and prompts may have changed, so it lists them again.
 */
class StdioRunner extends Runner {
  /** The server now served; the ones before it only finish answering what they were given. */
  #current: Child | undefined;
  #queue: string[] = [];
  #initialize: string | undefined;
  #initialized: string | undefined;
  #generation = 0;
  #failure: string | undefined;

  constructor(args: string[], say: (text: string) => void) {
    super(args, say);
    let partial = '';
    process.stdin.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      for (const line of lines) this.#fromClient(line);
    });
    process.stdin.once('end', () => {
      const current = this.#current;
      if (current === undefined) return this.finish(0);
      current.process.once('exit', () => this.finish(0));
      current.process.stdin!.end();
    });
  }

  start(): void {
    const generation = ++this.#generation;
    const replayId = this.#initialize === undefined ? undefined : `zod-mcp-dev-${generation}`;
    const child: Child = { process: spawn(process.execPath, this.args, { stdio: ['pipe', 'pipe', 'pipe'] }), replayId, ready: replayId === undefined, open: new Map() };
    this.#current = child;
    this.#failure = undefined;
    let stderr = '';
    child.process.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      process.stderr.write(chunk);
    });
    let partial = '';
    child.process.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      for (const line of lines) this.#fromServer(line, child);
    });
    child.process.stdin!.on('error', () => {}); // a server that exits at start-up closes its stdin
    child.process.once('exit', (code) => {
      const reason = stderr.trim().split('\n').at(-1)?.replace(/^zod-mcp: /, '') || `exit ${code}`;
      // What it was given and did not answer gets an answer still: each request gets exactly one.
      for (const id of child.open.values()) this.#answerFailure(id, `the server stopped before it answered (${reason})`);
      if (this.#current !== child) return;
      this.#current = undefined;
      this.#failure = reason;
      this.say(`the server stopped (exit ${code}); requests get an error until a change starts it again`);
      for (const line of this.#queue.splice(0)) this.#refuse(parse(line));
    });
    if (replayId !== undefined) {
      const frame = JSON.parse(this.#initialize!) as { id: unknown };
      child.process.stdin!.write(`${JSON.stringify({ ...frame, id: replayId })}\n`);
    }
    if (child.ready) this.#flush();
  }

  /** The old server's stdin ends: it answers what it was given ("the server is shutting down") and exits. */
  restart(): void {
    const old = this.#current;
    if (old !== undefined) {
      old.process.stdin!.end();
      const timer = setTimeout(() => old.process.kill('SIGKILL'), 5_000);
      old.process.once('exit', () => clearTimeout(timer));
    }
    this.start();
  }

  #fromClient(line: string): void {
    if (line.trim() === '') return;
    const frame = parse(line);
    if (frame?.method === 'initialize' && this.#initialize === undefined) this.#initialize = line;
    else if (frame?.method === 'notifications/initialized') this.#initialized = line;
    if (this.#current === undefined && this.#failure !== undefined) return this.#refuse(frame);
    if (this.#current?.ready === true) this.#send(this.#current, line, frame);
    else this.#queue.push(line);
  }

  /** A line to a server; a request's id is kept until it is answered. */
  #send(child: Child, line: string, frame = parse(line)): void {
    if (frame !== undefined && 'method' in frame && 'id' in frame && frame.id !== null) child.open.set(JSON.stringify(frame.id), frame.id);
    child.process.stdin!.write(`${line}\n`);
  }

  #fromServer(line: string, child: Child): void {
    const frame = parse(line);
    const answer = frame !== undefined && !('method' in frame) && 'id' in frame;
    if (answer && child.replayId !== undefined && frame.id === child.replayId) {
      // The answer to the initialize given again: the client has its own, never this one.
      if (this.#current === child && !child.ready) this.#ready(child, frame);
      return;
    }
    if (answer) child.open.delete(JSON.stringify(frame.id));
    // An old server's last answers still reach the client; nothing else of it does.
    if (this.#current !== child && !answer) return;
    process.stdout.write(`${line}\n`);
  }

  #ready(child: Child, initialized: Record<string, unknown>): void {
    child.ready = true;
    if (this.#initialized !== undefined) child.process.stdin!.write(`${this.#initialized}\n`);
    const capabilities = (initialized.result as { capabilities?: Record<string, { listChanged?: boolean }> } | undefined)?.capabilities ?? {};
    for (const list of ['tools', 'resources', 'prompts']) {
      if (capabilities[list]?.listChanged === true) process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', method: `notifications/${list}/list_changed` })}\n`);
    }
    this.#flush();
  }

  #flush(): void {
    const current = this.#current!;
    for (const line of this.#queue.splice(0)) this.#send(current, line);
  }

  /** While no server runs, a request gets an error frame saying why; a notification nothing. */
  #refuse(frame: Record<string, unknown> | undefined): void {
    if (frame === undefined || !('id' in frame) || frame.id === null || !('method' in frame)) return;
    this.#answerFailure(frame.id, `the server is not running (${this.#failure})`);
  }

  #answerFailure(id: unknown, why: string): void {
    const message = `${why}: fix the module and save it`;
    process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32603, message } })}\n`);
  }
}

/** One server process of the stdio runner, and the requests it was given and has not answered. */
interface Child {
  readonly process: ChildProcess;
  /** The id of the initialize given to it again, when the client had sent one. */
  readonly replayId: string | undefined;
  ready: boolean;
  readonly open: Map<string, unknown>;
}

function parse(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
