// The HTTP section of `npm run bench`: stateless 2026 echo calls over Streamable HTTP, from one
// client process keeping 64 calls in flight on keep-alive connections, against zod-mcp as one
// process, as `--workers 2`, and as two processes behind nginx, and the official SDK v2 HTTP server
// (@modelcontextprotocol/server + @modelcontextprotocol/node). Deployments are interleaved and each
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
  readonly callsPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
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
    const started = await Promise.all(ports.map((port) => startHttpProcess([program, 'serve', '--http', '--port', String(port)], KEY)));
    const nginx = await startNginx(ports);
    return { url: nginx.url, stop: async () => (await nginx.stop(), await Promise.all(started.map((instance) => instance.stop())), undefined) };
  },
  'SDK v2, 1 process': async () => {
    return startHttpProcess([join(here, 'servers', 'sdk-http.mjs'), '0']);
  },
};

/** `count` echo calls, `inFlight` at a time, each checked; calls per second and latency percentiles. */
async function measure(url: string, count: number, inFlight: number): Promise<Omit<HttpRow, 'name'>> {
  const target = new URL(url);
  const latencies: number[] = [];
  let next = 0;
  const call = (agent: Agent, id: number) =>
    new Promise<void>((resolve, reject) => {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'echo', arguments: { x: id }, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
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
            if (!text.includes(`echo({\\"x\\":${id}})`)) return reject(new Error(`unexpected answer to ${id}: ${text.slice(0, 200)}`));
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
  return { callsPerSec: count / seconds, p50Ms: latencies[Math.floor(latencies.length * 0.5)]!, p99Ms: latencies[Math.floor(latencies.length * 0.99)]! };
}

/** Every deployment, `repeats` interleaved rounds; nginx's row is left out when nginx is not installed. */
export async function runHttpBench(options: { calls: number; repeats: number; log: (text: string) => void }): Promise<HttpRow[]> {
  const names = Object.keys(deployments).filter((name) => !name.includes('nginx') || spawnSync('nginx', ['-v']).error === undefined);
  const samples = new Map<string, Omit<HttpRow, 'name'>[]>(names.map((name) => [name, []]));
  for (let round = 0; round < options.repeats; round++) {
    options.log(`round ${round + 1}/${options.repeats}: HTTP`);
    for (const name of [...names.slice(round % names.length), ...names.slice(0, round % names.length)]) {
      const running = await deployments[name]!();
      try {
        await measure(running.url, Math.min(1000, options.calls), 64); // warm-up
        samples.get(name)!.push(await measure(running.url, options.calls, 64));
      } finally {
        await running.stop();
      }
    }
  }
  return names.map((name) => {
    const runs = samples.get(name)!;
    return { name, callsPerSec: median(runs.map((run) => run.callsPerSec)), p50Ms: median(runs.map((run) => run.p50Ms)), p99Ms: median(runs.map((run) => run.p99Ms)) };
  });
}

export function formatHttpTable(rows: readonly HttpRow[], calls: number): string {
  const header = `| HTTP, stateless 2026 echo, ${calls.toLocaleString('en-US')} calls, 64 in flight | calls/s | p50 ms | p99 ms |\n| --- | ---: | ---: | ---: |`;
  const sdk = rows.find((row) => row.name.startsWith('SDK v2'));
  const lines = rows.map((row) => {
    const ratio = sdk !== undefined && row !== sdk ? ` (${(row.callsPerSec / sdk.callsPerSec).toFixed(2)}x SDK v2)` : '';
    return `| ${row.name} | ${Math.round(row.callsPerSec).toLocaleString('en-US')}${ratio} | ${row.p50Ms.toFixed(2)} | ${row.p99Ms.toFixed(2)} |`;
  });
  return [header, ...lines].join('\n');
}
