// `zod-mcp dev --http`: this process listens on the URL the client knows and passes each request to
// the server process of the moment, which listens on a port of its own. A change starts a new
// server beside the old one; once it listens, new requests go to it, and the old one is told to
// hand over: it tells its open streams (2026 `subscriptions/listen`, 2025 GET streams) that every
// list changed, ends them, lets its calls finish, and exits. So a client hears of the new tool list
// in both eras, and no request meets a server that is going away.
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { DEFAULT_HOST, DEFAULT_PORT, hostAndPort } from '../transports/http/defaults.js';
import { VERSION } from '../version.js';
import { DEV_CHILD_ENV, type DevMessage } from './dev-child.js';
import type { Exposed } from './exposure.js';
import { Runner, relayStderr } from './dev-runner.js';

interface Child {
  readonly process: ChildProcess;
  readonly agent: Agent;
  port: number | undefined;
  whyStopped: (code: number | null) => string;
}

export class HttpRunner extends Runner {
  readonly #host: string;
  #port: number;
  #proxy: Server | undefined;
  /** The server new requests go to; a starting one; whether another change came meanwhile. */
  #current: Child | undefined;
  #starting: Child | undefined;
  #again = false;
  #failure: string | undefined;
  #stopping = false;

  /** Lines said before the URL, about what the server of the moment exposes on this listener's port. */
  readonly #notices: (port: number, exposed: Exposed) => readonly string[];

  /**
   * `args`: serve's, for a server on a port of its own (`--port 0`, on loopback); `host` and `port`:
   * where the client connects; `notices`: the warning of a public bind, for that port.
   */
  constructor(
    args: string[],
    say: (text: string) => void,
    host: string | undefined,
    port: number | undefined,
    notices: (port: number, exposed: Exposed) => readonly string[],
  ) {
    super(args, say);
    this.#notices = notices;
    this.#host = host ?? DEFAULT_HOST;
    this.#port = port ?? DEFAULT_PORT;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => this.#stop());
  }

  /** Listens where the client connects (a busy port fails here, before any server starts). */
  async listen(): Promise<void> {
    const proxy = createServer((req, res) => this.#pass(req, res));
    await new Promise<void>((resolve, reject) => {
      proxy.once('error', reject);
      proxy.listen({ host: this.#host, port: this.#port }, () => resolve());
    });
    this.#port = (proxy.address() as { port: number }).port;
    this.#proxy = proxy;
  }

  start(): void {
    const spawned = spawn(process.execPath, this.args, {
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
      env: { ...process.env, [DEV_CHILD_ENV]: '1' },
    });
    const child: Child = {
      process: spawned,
      agent: new Agent({ keepAlive: true }),
      port: undefined,
      whyStopped: relayStderr(spawned),
    };
    this.#starting = child;
    child.process.on('message', (message: DevMessage) => {
      if (message.type === 'listening' && this.#starting === child)
        this.#listening(child, message.port, message.exposed);
    });
    child.process.once('exit', (code) => this.#exited(child, code));
  }

  /** One start at a time: changes that come while a server starts are all in the code the next one loads. */
  restart(): void {
    if (this.#stopping) return;
    if (this.#starting !== undefined) this.#again = true;
    else this.start();
  }

  #listening(child: Child, port: number, exposed: Exposed): void {
    child.port = port;
    const old = this.#current;
    this.#current = child;
    this.#starting = undefined;
    this.#failure = undefined;
    for (const line of this.#notices(this.#port, exposed)) process.stderr.write(`${line}\n`);
    process.stderr.write(
      `zod-mcp ${VERSION}: serving MCP over HTTP at http://${hostAndPort(this.#host, this.#port)}/mcp\n`,
    );
    if (old !== undefined) send(old, { type: 'handover' });
    if (this.#again) {
      this.#again = false;
      this.start();
    }
  }

  #exited(child: Child, code: number | null): void {
    child.agent.destroy();
    const serving = this.#current === child;
    const starting = this.#starting === child;
    if (serving) this.#current = undefined;
    if (starting) this.#starting = undefined;
    if (this.#stopping) {
      if (this.#current === undefined && this.#starting === undefined) this.finish(0);
      return;
    }
    if (!serving && !starting) return; // an old server that handed over
    this.#failure = child.whyStopped(code);
    // One that never listened: the one before it stops too, so no client is served stale code unawares.
    if (this.#current !== undefined) send(this.#current, { type: 'handover' });
    this.#current = undefined;
    this.say(`the server stopped (exit ${code}); requests get 503 until a change starts it again`);
    if (this.#again) {
      this.#again = false;
      this.start();
    }
  }

  /** A request, passed as it came to the current server; its answer streamed back (SSE included). */
  #pass(req: IncomingMessage, res: ServerResponse): void {
    const child = this.#current;
    if (child === undefined || child.port === undefined) {
      const why =
        this.#failure === undefined
          ? 'the server is starting'
          : `the server is not running (${this.#failure}): fix the module and save it`;
      const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: why } });
      res
        .writeHead(503, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'retry-after': '1',
        })
        .end(body);
      return;
    }
    const upstream = request(
      {
        host: connectable(this.#host),
        port: child.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: child.agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        res.flushHeaders(); // an SSE stream starts at once, before its first event
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent)
        res.writeHead(502, { 'content-type': 'text/plain' }).end('the server went away while answering\n');
      else res.destroy();
    });
    // The client gone (a cancelled stream, a closed connection): so is the request it made.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  }

  #stop(): void {
    this.#stopping = true;
    this.#proxy?.close();
    this.#proxy?.closeAllConnections();
    const running = [this.#current, this.#starting].filter((child) => child !== undefined);
    if (running.length === 0) return this.finish(0);
    // A server drains on the first signal and stops at once on a second: a second of grace, in dev.
    for (const child of running) child.process.kill('SIGTERM');
    setTimeout(() => running.forEach((child) => child.process.kill('SIGTERM')), 1000).unref();
  }
}

/** Headers of one hop (RFC 9110 section 7.6.1) stay on it: this connection to the client has its own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);
function endToEnd(headers: IncomingMessage['headers']): IncomingMessage['headers'] {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

function send(child: Child, message: DevMessage): void {
  if (child.process.connected) child.process.send(message);
}

/** The address to reach a server bound to `host` at: an unspecified address is reached on loopback. */
function connectable(host: string): string {
  return host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
}
