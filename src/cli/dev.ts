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

export async function runDevCommand(args: readonly string[]): Promise<number> {
  const options = parseServeArgs(args.map((arg) => arg));
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
    if (name === null || IGNORED.test(name)) return;
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

  restart(): void {
    const old = this.#child;
    if (old === undefined) return this.start();
    old.once('exit', () => this.start());
    old.kill('SIGTERM');
  }
}

/**
 * Over stdio: client lines go to the current server; a new server first gets the client's
 * initialize and initialized again (its answer is not passed on), and the client is then told
 * that tools, resources and prompts may have changed, so it lists them again.
 */
class StdioRunner extends Runner {
  #child: ChildProcess | undefined;
  #ready = false;
  #queue: string[] = [];
  #initialize: string | undefined;
  #initialized: string | undefined;
  #replayId: string | undefined;
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
      const child = this.#child;
      if (child === undefined) return this.finish(0);
      child.once('exit', () => this.finish(0));
      child.stdin!.end();
    });
  }

  start(): void {
    const generation = ++this.#generation;
    const child = spawn(process.execPath, this.args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.#child = child;
    this.#ready = this.#initialize === undefined;
    this.#failure = undefined;
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      process.stderr.write(chunk);
    });
    let partial = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      for (const line of lines) this.#fromServer(line, generation);
    });
    child.stdin!.on('error', () => {}); // a server that exits at start-up closes its stdin
    child.once('exit', (code) => {
      if (this.#child !== child) return;
      this.#child = undefined;
      this.#failure = stderr.trim().split('\n').at(-1) ?? `exit ${code}`;
      this.say(`the server stopped (exit ${code}); requests get an error until a change starts it again`);
      this.#failQueued();
    });
    if (this.#initialize !== undefined) {
      const frame = JSON.parse(this.#initialize) as { id: unknown };
      this.#replayId = JSON.stringify(`zod-mcp-dev-${generation}`);
      child.stdin!.write(`${JSON.stringify({ ...frame, id: `zod-mcp-dev-${generation}` })}\n`);
    }
    if (this.#ready) this.#flush();
  }

  /** The old server's stdin ends: it answers what it was given ("the server is shutting down") and exits. */
  restart(): void {
    const old = this.#child;
    this.#child = undefined;
    if (old !== undefined) {
      old.stdin!.end();
      const timer = setTimeout(() => old.kill('SIGKILL'), 5_000);
      old.once('exit', () => clearTimeout(timer));
    }
    this.start();
  }

  #fromClient(line: string): void {
    if (line.trim() === '') return;
    const frame = parse(line);
    if (frame?.method === 'initialize' && this.#initialize === undefined) this.#initialize = line;
    else if (frame?.method === 'notifications/initialized') this.#initialized = line;
    if (this.#child === undefined && this.#failure !== undefined) return this.#answerFailure(frame);
    if (this.#ready) this.#child?.stdin!.write(`${line}\n`);
    else this.#queue.push(line);
  }

  #fromServer(line: string, generation: number): void {
    const frame = parse(line);
    // An old server's last answers still reach the client; nothing else of it does.
    if (generation !== this.#generation && (frame === undefined || 'method' in frame)) return;
    if (!this.#ready && frame !== undefined && JSON.stringify(frame.id) === this.#replayId && !('method' in frame)) {
      this.#ready = true;
      if (this.#initialized !== undefined) this.#child?.stdin!.write(`${this.#initialized}\n`);
      const capabilities = ((frame.result as { capabilities?: Record<string, { listChanged?: boolean }> } | undefined)?.capabilities ?? {});
      for (const list of ['tools', 'resources', 'prompts']) {
        if (capabilities[list]?.listChanged === true) process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', method: `notifications/${list}/list_changed` })}\n`);
      }
      this.#flush();
      return;
    }
    process.stdout.write(`${line}\n`);
  }

  #flush(): void {
    for (const line of this.#queue.splice(0)) this.#child?.stdin!.write(`${line}\n`);
  }

  #failQueued(): void {
    for (const line of this.#queue.splice(0)) this.#answerFailure(parse(line));
  }

  /** While no server runs, a request gets an error frame saying why; a notification nothing. */
  #answerFailure(frame: Record<string, unknown> | undefined): void {
    if (frame === undefined || !('id' in frame) || frame.id === null || 'method' in frame === false) return;
    const message = `the server is not running (${this.#failure}): fix the module and save it`;
    process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: frame.id, error: { code: -32603, message } })}\n`);
  }
}

function parse(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
