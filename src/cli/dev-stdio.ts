// `zod-mcp dev` over stdio: the client's one connection kept across restarts of the server.
import { spawn, type ChildProcess } from 'node:child_process';
import { Runner, relayStderr } from './dev-runner.js';

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

/**
 * Over stdio: client lines go to the current server; a new server first gets the client's
 * initialize and initialized again (its answer is not passed on), and the client is then told
 * that tools, resources and prompts may have changed, so it lists them again. A 2026 client's
 * `subscriptions/listen` outlives the restart: the old server's closing answer is held back, the
 * new server gets the same request, and once it acknowledges, the client hears on that stream
 * that each list it listens to changed.
 */
export class StdioRunner extends Runner {
  /** The server now served; the ones before it only finish answering what they were given. */
  #current: Child | undefined;
  #queue: string[] = [];
  #initialize: string | undefined;
  #initialized: string | undefined;
  #generation = 0;
  #failure: string | undefined;
  /** The client's open listen requests, by id, with what the first server acknowledged of each. */
  #listens = new Map<string, { line: string; honoured?: Record<string, unknown> }>();
  /** Every server process still running: the current one, and old ones finishing what they were given. */
  #running = new Set<Child>();

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
    const child: Child = {
      process: spawn(process.execPath, this.args, { stdio: ['pipe', 'pipe', 'pipe'] }),
      replayId,
      ready: replayId === undefined,
      open: new Map(),
    };
    this.#current = child;
    this.#running.add(child);
    this.#failure = undefined;
    const whyStopped = relayStderr(child.process);
    let partial = '';
    child.process.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      for (const line of lines) this.#fromServer(line, child);
    });
    child.process.stdin!.on('error', () => {}); // a server that exits at start-up closes its stdin
    child.process.once('exit', (code) => {
      this.#running.delete(child);
      const reason = whyStopped(code);
      // What it was given and did not answer gets an answer still: each request gets exactly one
      // (a listen stays open: the next server takes it).
      for (const [key, id] of child.open)
        if (!this.#listens.has(key)) this.#answerFailure(id, `the server stopped before it answered (${reason})`);
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
    if (child.ready) this.#go(child);
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
    else if (frame?.method === 'notifications/cancelled') {
      // A cancelled request is answered by no one (MCP "Cancellation"), not even when its server
      // stops; an old server still running it is told, as the current one is below.
      const key = JSON.stringify((frame.params as { requestId?: unknown } | undefined)?.requestId);
      this.#listens.delete(key);
      for (const child of this.#running) {
        if (child !== this.#current && child.open.delete(key)) child.process.stdin!.write(`${line}\n`);
      }
      this.#current?.open.delete(key);
    }
    if (this.#current === undefined && this.#failure !== undefined) return this.#refuse(frame);
    if (this.#current?.ready === true) this.#send(this.#current, line, frame);
    else this.#queue.push(line);
  }

  /**
   * A line to a server; a request's id is kept until it is answered. A listen is kept from here on
   * (not when the client sent it: one refused while no server ran, or still queued, is not yet open).
   */
  #send(child: Child, line: string, frame = parse(line)): void {
    if (frame !== undefined && 'method' in frame && 'id' in frame && frame.id !== null) {
      const key = JSON.stringify(frame.id);
      child.open.set(key, frame.id);
      if (frame.method === 'subscriptions/listen' && !this.#listens.has(key)) this.#listens.set(key, { line });
    }
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
    if (answer) {
      const key = JSON.stringify(frame.id);
      child.open.delete(key);
      // An old server's closing answer to a listen the next server carries on: held back.
      if (this.#current !== child && this.#listens.has(key)) return;
      this.#listens.delete(key);
    }
    // An old server's last answers still reach the client; nothing else of it does.
    if (this.#current !== child && !answer) return;
    if (frame?.method === 'notifications/subscriptions/acknowledged' && !this.#acknowledged(frame)) return;
    process.stdout.write(`${line}\n`);
  }

  /**
   * Whether to pass an acknowledgement on: the first of a listen, yes; a new server's of a listen
   * it took over, no (the client has its own), and instead each list the stream follows changed.
   */
  #acknowledged(frame: Record<string, unknown>): boolean {
    const params = frame.params as
      | { _meta?: Record<string, unknown>; notifications?: Record<string, unknown> }
      | undefined;
    const subscriptionId = params?._meta?.[SUBSCRIPTION_ID];
    const listen = this.#listens.get(JSON.stringify(subscriptionId));
    if (listen === undefined) return true;
    const first = listen.honoured === undefined;
    listen.honoured = params?.notifications ?? {};
    if (first) return true;
    for (const list of ['tools', 'prompts', 'resources']) {
      if (listen.honoured[`${list}ListChanged`] !== true) continue;
      const params = { _meta: { [SUBSCRIPTION_ID]: subscriptionId } };
      process.stdout.write(
        `${JSON.stringify({ jsonrpc: '2.0', method: `notifications/${list}/list_changed`, params })}\n`,
      );
    }
    return false;
  }

  #ready(child: Child, initialized: Record<string, unknown>): void {
    child.ready = true;
    if (this.#initialized !== undefined) child.process.stdin!.write(`${this.#initialized}\n`);
    const capabilities =
      (initialized.result as { capabilities?: Record<string, { listChanged?: boolean }> } | undefined)?.capabilities ??
      {};
    for (const list of ['tools', 'resources', 'prompts']) {
      if (capabilities[list]?.listChanged === true)
        process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', method: `notifications/${list}/list_changed` })}\n`);
    }
    this.#go(child);
  }

  /** A server that can take requests: first the client's open listens, then what waited for it. */
  #go(child: Child): void {
    for (const { line } of this.#listens.values()) this.#send(child, line);
    for (const line of this.#queue.splice(0)) this.#send(child, line);
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
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
