// The HTTP section of `npm run bench`: stateless 2026 echo calls over Streamable HTTP, from the
// bench's own client (every answer checked) and from autocannon, each keeping 64 calls in flight on
// keep-alive connections, against zod-mcp as one process, as `--workers 2`, and as two processes
// behind nginx, the official SDK v2 HTTP server (@modelcontextprotocol/server +
// @modelcontextprotocol/node), and a bare node:http loop (the ceiling). Deployments are interleaved and each
// measure repeated; the table shows medians. Everything listens on 127.0.0.1.
import { spawnSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './report.js';
import { startNginx } from '../test/helpers/nginx.js';
import { freePort } from '../test/helpers/redis.js';
import { startHttpProcess } from '../test/helpers/serve-process.js';

const here = dirname(fileURLToPath(import.meta.url));
const program = join(here, '..', 'dist', 'program.js');
const KEY = { ZOD_MCP_STATE_KEY: 'the bench shares this secret' };

export interface HttpRow {
  readonly name: string;
  /** From the bench's own client, every answer checked by its id. */
  readonly callsPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** From autocannon, 64 connections, every answer compared with a checked one. */
  readonly autocannon: Omit<HttpRow, 'name' | 'autocannon'>;
}

interface Running {
  readonly url: string;
  stop(): Promise<unknown>;
}

const deployments: Record<string, () => Promise<Running>> = {
  'zod-mcp, 1 process': async () => {
    return startHttpProcess([program, 'serve', '--http', '--port', '0']);
  },
  'zod-mcp, --workers 2': async () => {
    return startHttpProcess([program, 'serve', '--http', '--port', '0', '--workers', '2'], KEY);
  },
  'zod-mcp, 2 processes behind nginx': async () => {
    const ports = [await freePort(), await freePort()];
    const started = await Promise.all(
      ports.map((port) => startHttpProcess([program, 'serve', '--http', '--port', String(port)], KEY)),
    );
    const nginx = await startNginx(ports);
    return {
      url: nginx.url,
      stop: async () => (await nginx.stop(), await Promise.all(started.map((instance) => instance.stop())), undefined),
    };
  },
  'SDK v2, 1 process': async () => {
    return startHttpProcess([join(here, 'servers', 'sdk-http.mjs'), '0']);
  },
  'bare HTTP loop (the ceiling)': async () => {
    return startHttpProcess([join(here, 'servers', 'bare-http.mjs'), '0']);
  },
};

/** `count` echo calls, `inFlight` at a time, each checked; calls per second and latency percentiles. */
async function measure(url: string, count: number, inFlight: number): Promise<Omit<HttpRow, 'name' | 'autocannon'>> {
  const target = new URL(url);
  const latencies: number[] = [];
  let next = 0;
  const call = (agent: Agent, id: number) =>
    new Promise<void>((resolve, reject) => {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: {
          name: 'echo',
          arguments: { x: id },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      });
      const started = performance.now();
      const req = request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': 'tools/call',
            'mcp-name': 'echo',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            latencies.push(performance.now() - started);
            if (!text.includes(`echo({\\"x\\":${id}})`))
              return reject(new Error(`unexpected answer to ${id}: ${text.slice(0, 200)}`));
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (next < count) await call(agent, next++);
      agent.destroy();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    callsPerSec: count / seconds,
    p50Ms: latencies[Math.floor(latencies.length * 0.5)]!,
    p99Ms: latencies[Math.floor(latencies.length * 0.99)]!,
  };
}

/**
 * The same call from autocannon (64 connections for `seconds`), every answer compared with the one
 * a first checked call got: requests per second and its latency percentiles. Timed by duration,
 * not count: autocannon samples once a second.
 */
async function measureWithAutocannon(
  url: string,
  seconds: number,
  connections: number,
): Promise<Omit<HttpRow, 'name' | 'autocannon'>> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'echo', arguments: { x: 1 }, _meta: ENVELOPE },
  });
  const headers = { ...HEADERS }; // each sets content-length itself
  const first = await fetch(url, { method: 'POST', headers, body });
  const expected = await first.text();
  if (!expected.includes('echo({\\"x\\":1})')) throw new Error(`unexpected answer: ${expected.slice(0, 200)}`);
  const library = 'autocannon'; // it ships no types; its result is described below
  const { default: autocannon } = (await import(library)) as {
    default: (options: object) => Promise<AutocannonResult>;
  };
  const result = await autocannon({
    url,
    method: 'POST',
    headers,
    body,
    connections,
    duration: seconds,
    expectBody: expected,
    timeout: 30,
  });
  if (result.errors > 0 || result.non2xx > 0 || result.mismatches > 0) {
    throw new Error(
      `autocannon: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.mismatches} answers that differ`,
    );
  }
  return { callsPerSec: result.requests.total / result.duration, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
}

interface AutocannonResult {
  readonly errors: number;
  readonly non2xx: number;
  readonly mismatches: number;
  readonly duration: number;
  readonly requests: { readonly total: number };
  readonly latency: { readonly p50: number; readonly p99: number };
}

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'echo',
};

/**
 * A 2025 session's calls from autocannon: one initialize, then every call in that session (its
 * `Mcp-Session-Id`), each answer compared with a checked one. zod-mcp only (the SDK v2 handler
 * the bench mounts is stateless).
 */
export async function measureSessionWithAutocannon(
  seconds: number,
  log: (text: string) => void,
): Promise<Omit<HttpRow, 'name' | 'autocannon'>> {
  log('HTTP: a 2025 session');
  const running = await deployments['zod-mcp, 1 process']!();
  try {
    const base = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const initialize = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1.0.0' } },
    };
    const opened = await fetch(running.url, { method: 'POST', headers: base, body: JSON.stringify(initialize) });
    const session = opened.headers.get('mcp-session-id');
    await opened.text();
    if (session === null) throw new Error('no session id');
    const headers = { ...base, 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    await (
      await fetch(running.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      })
    ).text();
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'echo', arguments: { x: 1 } },
    });
    const expected = await (await fetch(running.url, { method: 'POST', headers, body })).text();
    if (!expected.includes('echo({\\"x\\":1})')) throw new Error(`unexpected answer: ${expected.slice(0, 200)}`);
    const library = 'autocannon';
    const { default: autocannon } = (await import(library)) as {
      default: (options: object) => Promise<AutocannonResult>;
    };
    const result = await autocannon({
      url: running.url,
      method: 'POST',
      headers,
      body,
      connections: 64,
      duration: seconds,
      expectBody: expected,
      timeout: 30,
    });
    if (result.errors > 0 || result.non2xx > 0 || result.mismatches > 0) {
      throw new Error(
        `autocannon: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.mismatches} answers that differ`,
      );
    }
    return {
      callsPerSec: result.requests.total / result.duration,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
    };
  } finally {
    await running.stop();
  }
}

/** The row of zod-mcp at another commit (`--baseline REF`), one process, beside today's. */
export const baselineRow = (ref: string) => `zod-mcp @${ref}, 1 process`;

/**
 * Every deployment, `repeats` interleaved rounds; nginx's row is left out when nginx is not
 * installed. `baseline`: a program built from another commit, measured as one process too.
 */
export async function runHttpBench(options: {
  calls: number;
  repeats: number;
  autocannonSeconds: number;
  log: (text: string) => void;
  only?: readonly string[];
  baseline?: { ref: string; program: string };
}): Promise<HttpRow[]> {
  const all: Record<string, () => Promise<Running>> = { ...deployments };
  const { baseline } = options;
  if (baseline !== undefined)
    all[baselineRow(baseline.ref)] = () => startHttpProcess([baseline.program, 'serve', '--http', '--port', '0']);
  const names = Object.keys(all)
    .filter((name) => !name.includes('nginx') || spawnSync('nginx', ['-v']).error === undefined)
    .filter(
      (name) => options.only === undefined || options.only.includes(name) || name === baselineRow(baseline?.ref ?? ''),
    );
  type Sample = Omit<HttpRow, 'name' | 'autocannon'>;
  const samples = new Map<string, { own: Sample; autocannon: Sample }[]>(names.map((name) => [name, []]));
  for (let round = 0; round < options.repeats; round++) {
    options.log(`round ${round + 1}/${options.repeats}: HTTP`);
    for (const name of [...names.slice(round % names.length), ...names.slice(0, round % names.length)]) {
      const running = await all[name]!();
      try {
        await measure(running.url, Math.min(1000, options.calls), 64); // warm-up
        const own = await measure(running.url, options.calls, 64);
        samples
          .get(name)!
          .push({ own, autocannon: await measureWithAutocannon(running.url, options.autocannonSeconds, 64) });
      } finally {
        await running.stop();
      }
    }
  }
  const medians = (runs: Sample[]): Sample => ({
    callsPerSec: median(runs.map((run) => run.callsPerSec)),
    p50Ms: median(runs.map((run) => run.p50Ms)),
    p99Ms: median(runs.map((run) => run.p99Ms)),
  });
  return names.map((name) => {
    const runs = samples.get(name)!;
    return { name, ...medians(runs.map((run) => run.own)), autocannon: medians(runs.map((run) => run.autocannon)) };
  });
}

export function formatHttpTable(rows: readonly HttpRow[], calls: number, autocannonSeconds: number): string {
  const header =
    `| HTTP, stateless 2026 echo, 64 in flight | checked client (${calls.toLocaleString('en-US')} calls): calls/s | p50 ms | p99 ms | autocannon (${autocannonSeconds} s): req/s | p50 ms | p99 ms |\n` +
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |';
  const sdk = rows.find((row) => row.name.startsWith('SDK v2'));
  const times = (mine: number, theirs: number | undefined) =>
    theirs === undefined ? '' : ` (${(mine / theirs).toFixed(2)}x SDK v2)`;
  const lines = rows.map((row) => {
    const own = `${Math.round(row.callsPerSec).toLocaleString('en-US')}${row === sdk ? '' : times(row.callsPerSec, sdk?.callsPerSec)}`;
    const cannon = `${Math.round(row.autocannon.callsPerSec).toLocaleString('en-US')}${row === sdk ? '' : times(row.autocannon.callsPerSec, sdk?.autocannon.callsPerSec)}`;
    return `| ${row.name} | ${own} | ${row.p50Ms.toFixed(2)} | ${row.p99Ms.toFixed(2)} | ${cannon} | ${row.autocannon.p50Ms.toFixed(2)} | ${row.autocannon.p99Ms.toFixed(2)} |`;
  });
  return [header, ...lines].join('\n');
}
