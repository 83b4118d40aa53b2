// A stdio MCP client for the bench: spawns a server, initializes it, keeps N calls in flight and
// checks every answer (each id once, the right text). Lines are parsed with JSON.parse only.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export interface ServerSpec {
  /** Row label in the table. */
  readonly name: string;
  /** Arguments to `node`. */
  readonly args: readonly string[];
  /** `2026`: no initialize; every request carries the 2026 envelope in `params._meta`. Default 2025. */
  readonly era?: '2025' | '2026';
}

/** The 2026 envelope, as a 2026 client puts it on every request (the SDK v2 client sends these three keys). */
const ENVELOPE =
  '"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"bench","version":"1.0.0"},"io.modelcontextprotocol/clientCapabilities":{}}';
const discover = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"server/discover","params":{${ENVELOPE}}}`;

export interface ThroughputResult {
  callsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** VmHWM of the server process, in MiB, read after the last answer. */
  peakMiB: number;
  /** CPU time (user + system) the server spent per call, in µs: less sensitive to a busy machine than calls/s. */
  cpuUsPerCall: number;
}

const initialize = (id: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1.0.0' } },
  });
const initialized = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });

interface Frame {
  id?: unknown;
  method?: unknown;
  result?: { content?: { text?: unknown }[]; isError?: unknown };
  error?: unknown;
}

/** A spawned server whose stdout lines arrive parsed, one callback per chunk. */
class Peer {
  readonly child: ChildProcess;
  readonly exited: Promise<void>;
  stderr = '';
  #partial = '';
  onFrames: (frames: Frame[]) => void = () => {};

  constructor(spec: ServerSpec) {
    this.child = spawn(process.execPath, [...spec.args], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
    this.child.stderr!.setEncoding('utf8').on('data', (text: string) => {
      if (this.stderr.length < 10_000) this.stderr += text;
    });
    this.child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      const lines = (this.#partial + text).split('\n');
      this.#partial = lines.pop()!;
      const frames: Frame[] = [];
      for (const line of lines) if (line !== '') frames.push(JSON.parse(line) as Frame);
      this.onFrames(frames);
    });
  }

  write(text: string): void {
    this.child.stdin!.write(text);
  }

  peakMiB(): number {
    const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
    return kb / 1024;
  }

  /**
   * CPU time so far, in ms: the run time of each of its threads in ns (/proc/<pid>/task/<tid>/schedstat), so that
   * a server at 2 µs a call is not measured in clock ticks of 10 ms; where there is none, user + system from
   * /proc/<pid>/stat, in those ticks.
   */
  cpuMs(): number {
    try {
      let ns = 0;
      for (const task of readdirSync(`/proc/${this.child.pid}/task`)) {
        try {
          ns += Number(readFileSync(`/proc/${this.child.pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
        } catch {
          // a thread that ended between the listing and the read
        }
      }
      return ns / 1e6;
    } catch {
      const fields = readFileSync(`/proc/${this.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    }
  }

  async stop(): Promise<void> {
    this.child.stdin!.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 3000);
    await this.exited;
    clearTimeout(timer);
  }

  kill(): Promise<void> {
    this.child.kill('SIGKILL');
    return this.exited;
  }
}

/** Waits for the answer to `id`, failing after `timeoutMs`. */
function answerTo(peer: Peer, id: number, timeoutMs: number): Promise<Frame> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no answer to id ${id} within ${timeoutMs} ms; stderr: ${peer.stderr}`)),
      timeoutMs,
    );
    peer.onFrames = (frames) => {
      const frame = frames.find((f) => f.id === id && f.method === undefined);
      if (frame === undefined) return;
      clearTimeout(timer);
      peer.onFrames = () => {};
      resolve(frame);
    };
  });
}

/** Spawn to the first answer (initialize, or server/discover on 2026), in ms. */
export async function measureColdStart(spec: ServerSpec): Promise<number> {
  const started = performance.now();
  const peer = new Peer(spec);
  const answer = answerTo(peer, 0, 10_000);
  peer.write(`${spec.era === '2026' ? discover(0) : initialize(0)}\n`);
  await answer;
  const elapsed = performance.now() - started;
  await peer.kill();
  return elapsed;
}

/**
 * `initialize` (2025) or nothing (2026), then `count` tools/call echo requests with `{ x: i }` and
 * `extra` arguments, `inFlight` at a time. Every answer is checked against `expectText(i)`.
 */
export async function measureCalls(
  spec: ServerSpec,
  options: { count: number; inFlight: number; extra?: Record<string, unknown>; expectText: (i: number) => string },
): Promise<ThroughputResult> {
  const { count, inFlight, extra, expectText } = options;
  const peer = new Peer(spec);
  try {
    const modern = spec.era === '2026';
    const ready = answerTo(peer, 0, 10_000);
    peer.write(`${modern ? discover(0) : initialize(0)}\n`);
    await ready;
    if (!modern) peer.write(`${initialized}\n`);

    const sentAt = new Float64Array(count + 1);
    const latency = new Float64Array(count);
    const seen = new Uint8Array(count + 1);
    const suffix = extra === undefined ? '' : `,${JSON.stringify(extra).slice(1, -1)}`;
    const meta = modern ? `,${ENVELOPE}` : '';
    const request = (i: number) =>
      `{"jsonrpc":"2.0","id":${i},"method":"tools/call","params":{"name":"echo","arguments":{"x":${i}${suffix}}${meta}}}\n`;
    let sent = 0;
    let received = 0;
    let failure: Error | undefined;

    const sendUpTo = (limit: number) => {
      let out = '';
      while (sent < limit && sent < count) {
        sent++;
        sentAt[sent] = performance.now();
        out += request(sent);
      }
      if (out !== '') peer.write(out);
    };

    const cpuBefore = peer.cpuMs();
    const started = performance.now();
    const done = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timed out with ${received}/${count} answers; stderr: ${peer.stderr}`)),
        120_000,
      );
      peer.child.once('exit', () =>
        reject(new Error(`server exited with ${received}/${count} answers; stderr: ${peer.stderr}`)),
      );
      peer.onFrames = (frames) => {
        const now = performance.now();
        for (const frame of frames) {
          if (frame.method !== undefined) continue; // a notification
          const id = frame.id;
          if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > count) {
            failure ??= new Error(`unexpected id in ${JSON.stringify(frame).slice(0, 200)}`);
            continue;
          }
          if (seen[id] === 1) failure ??= new Error(`id ${id} answered twice`);
          seen[id] = 1;
          const text = frame.result?.content?.[0]?.text;
          if (text !== expectText(id) || frame.result?.isError === true) {
            failure ??= new Error(`wrong answer to id ${id}: ${JSON.stringify(frame).slice(0, 200)}`);
          }
          latency[received++] = now - sentAt[id]!;
        }
        if (received === count) {
          clearTimeout(timer);
          resolve();
        } else {
          sendUpTo(received + inFlight);
        }
      };
    });
    sendUpTo(inFlight);
    await done;
    const elapsed = performance.now() - started;
    if (failure !== undefined) throw failure;
    const peakMiB = peer.peakMiB();
    const cpuUsPerCall = ((peer.cpuMs() - cpuBefore) * 1000) / count;
    latency.sort();
    return {
      callsPerSec: (count / elapsed) * 1000,
      p50Ms: latency[Math.floor(count * 0.5)]!,
      p99Ms: latency[Math.min(count - 1, Math.floor(count * 0.99))]!,
      peakMiB,
      cpuUsPerCall,
    };
  } finally {
    await peer.stop();
  }
}
