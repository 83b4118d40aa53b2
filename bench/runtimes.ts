// `npm run bench:runtimes [-- --quick]`: what issue-sized claims about runtimes rest on, each printed
// with its target. Not a test: nothing here fails.
// - `import 'zod-mcp'` on Node: what it adds to zod's own import (fresh processes, interleaved).
// - A serverless cold start: a fresh process imports the package, builds a one-tool server and
//   answers one 2026 tools/call through its fetch handler, against the SDK v2's createMcpHandler
//   doing the same, on Node and on Bun: time since the process began, and peak memory.
// - The same fetch handler under load on workerd, Bun, Deno and Node (the runtime's own HTTP
//   server; @hono/node-server on Node), the SDK v2 beside it on each.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './report.js';
import { runtimeBinary, type Runtime } from '../test/helpers/runtimes.js';
import { startHttpProgram, type ServeProcess } from '../test/helpers/serve-process.js';
import { startWorkerd } from '../test/e2e/runtimes/workerd.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const quick = process.argv.includes('--quick');
const RUNS = quick ? 5 : 15;
const ROUNDS = quick ? 1 : 3;
const SECONDS = quick ? 2 : 5;
const log = (text: string) => process.stderr.write(`${text}\n`);
const MiB = 1024 * 1024;

/** Runs `program` in a fresh process of `binary` and parses the JSON line it prints. */
function once(binary: string, args: string[]): Record<string, number> {
  return JSON.parse(
    execFileSync(binary, args, { cwd: root, encoding: 'utf8', env: { ...process.env, DENO_NO_UPDATE_CHECK: '1' } })
      .trim()
      .split('\n')
      .pop()!,
  ) as Record<string, number>;
}

function importCost(): { extraMs: number; extraMiB: number; zodMs: number } {
  // Outside the checkout, importing both by path: zod the checkout's, zod-mcp the built core.
  const dir = mkdtempSync(join(tmpdir(), 'zod-mcp-import-'));
  const script = join(dir, 'import.mjs');
  writeFileSync(
    script,
    `const rss0 = process.memoryUsage().rss;
const t0 = performance.now();
await import(${JSON.stringify(join(root, 'node_modules', 'zod', 'v4', 'index.js'))});
const t1 = performance.now();
const rss1 = process.memoryUsage().rss;
await import(${JSON.stringify(join(root, 'dist', 'index.js'))});
const t2 = performance.now();
console.log(JSON.stringify({ zodMs: t1 - t0, extraMs: t2 - t1, extraBytes: process.memoryUsage().rss - rss1, zodBytes: rss1 - rss0 }));
`,
  );
  const runs = Array.from({ length: RUNS }, () => once(process.execPath, [script]));
  return {
    zodMs: median(runs.map((run) => run.zodMs!)),
    extraMs: median(runs.map((run) => run.extraMs!)),
    extraMiB: median(runs.map((run) => run.extraBytes!)) / MiB,
  };
}

interface Cold {
  /** From the script's first line (zod and the package imported, the server built) to the answer. */
  readonly ms: number;
  /** When that line ran: the runtime's own start, the same for both. */
  readonly bootMs: number;
  readonly maxRssMiB: number;
}

/** zod-mcp, the SDK v2, and the floor (no library: zod, the tool's schema, one Request read and one Response made), interleaved. */
function coldStarts(binary: string): { zodMcp: Cold; sdk: Cold; floor: Cold } {
  const programs = { zodMcp: 'zod-mcp', sdk: 'sdk-v2', floor: 'floor' } as const;
  const samples = {
    zodMcp: [] as Record<string, number>[],
    sdk: [] as Record<string, number>[],
    floor: [] as Record<string, number>[],
  };
  const kinds = Object.keys(programs) as (keyof typeof programs)[];
  for (let i = 0; i < RUNS; i++) {
    for (const impl of [...kinds.slice(i % 3), ...kinds.slice(0, i % 3)])
      samples[impl].push(once(binary, [join(here, 'servers', 'cold-fetch.mjs'), programs[impl]]));
  }
  const of = (runs: Record<string, number>[]): Cold => ({
    ms: median(runs.map((run) => run.ms!)),
    bootMs: median(runs.map((run) => run.bootMs!)),
    maxRssMiB: median(runs.map((run) => run.maxRssKiB!)) / 1024,
  });
  return { zodMcp: of(samples.zodMcp), sdk: of(samples.sdk), floor: of(samples.floor) };
}

type Impl = 'zod-mcp' | 'sdk-v2';

async function serveOn(runtime: Runtime | 'node', impl: Impl): Promise<ServeProcess> {
  if (runtime === 'workerd')
    return startWorkerd(runtimeBinary('workerd')!, {
      entry: join(here, 'servers', 'fetch-worker.mjs'),
      define: { IMPL: JSON.stringify(impl) },
    });
  const serve = join(here, 'servers', 'fetch-serve.mjs');
  if (runtime === 'deno')
    return startHttpProgram(
      runtimeBinary('deno')!,
      ['run', '--allow-all', serve, impl],
      { DENO_NO_UPDATE_CHECK: '1' },
      30_000,
      root,
    );
  return startHttpProgram(
    runtime === 'node' ? process.execPath : runtimeBinary(runtime)!,
    [serve, impl],
    {},
    20_000,
    root,
  );
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

/** autocannon, 64 connections for SECONDS, every answer compared with a first checked one: requests per second. */
async function load(url: string): Promise<number> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'echo', arguments: { x: 1 }, _meta: ENVELOPE },
  });
  const expected = await (await fetch(url, { method: 'POST', headers: HEADERS, body })).text();
  if (!expected.includes('echo({\\"x\\":1})'))
    throw new Error(`unexpected answer from ${url}: ${expected.slice(0, 200)}`);
  const library = 'autocannon';
  const { default: autocannon } = (await import(library)) as {
    default: (
      options: object,
    ) => Promise<{ errors: number; non2xx: number; mismatches: number; duration: number; requests: { total: number } }>;
  };
  const result = await autocannon({
    url,
    method: 'POST',
    headers: HEADERS,
    body,
    connections: 64,
    duration: SECONDS,
    expectBody: expected,
    timeout: 30,
  });
  if (result.errors > 0 || result.non2xx > 0 || result.mismatches > 0)
    throw new Error(
      `autocannon: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.mismatches} answers that differ`,
    );
  return result.requests.total / result.duration;
}

async function loadRows(): Promise<{ runtime: string; zodMcp: number; sdk: number | undefined }[]> {
  const runtimes = (['workerd', 'bun', 'deno', 'node'] as const).filter(
    (name) => name === 'node' || runtimeBinary(name) !== undefined,
  );
  const samples = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const runtime of runtimes) {
      for (const impl of round % 2 === 0 ? (['zod-mcp', 'sdk-v2'] as const) : (['sdk-v2', 'zod-mcp'] as const)) {
        log(`round ${round + 1}/${ROUNDS}: ${impl} on ${runtime}`);
        const key = `${runtime} ${impl}`;
        let served: ServeProcess | undefined;
        try {
          served = await serveOn(runtime, impl);
          await load(served.url); // warm-up
          samples.set(key, [...(samples.get(key) ?? []), await load(served.url)]);
        } catch (error) {
          log(`${key}: ${(error as Error).message.split('\n')[0]}`); // the SDK where it does not run: its cell stays empty
        } finally {
          await served?.stop('SIGKILL');
        }
      }
    }
  }
  const of = (key: string) => (samples.has(key) ? median(samples.get(key)!) : undefined);
  return runtimes.map((runtime) => ({
    runtime: runtime === 'node' ? `node ${process.version}` : runtime,
    zodMcp: of(`${runtime} zod-mcp`) ?? NaN,
    sdk: of(`${runtime} sdk-v2`),
  }));
}

const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

log(`import cost (${RUNS} fresh processes)`);
const imported = importCost();
log('cold starts');
const cold = {
  node: coldStarts(process.execPath),
  ...(runtimeBinary('bun') === undefined ? {} : { bun: coldStarts(runtimeBinary('bun')!) }),
};
const rows = await loadRows();

const out: string[] = [];
out.push(`| import on ${process.version} | zod alone | what zod-mcp adds | target |`, '| --- | ---: | ---: | --- |');
out.push(
  `| time | ${imported.zodMs.toFixed(1)} ms | +${imported.extraMs.toFixed(1)} ms | ≤ +15 ms: ${verdict(imported.extraMs <= 15)} |`,
);
out.push(
  `| resident memory | | +${imported.extraMiB.toFixed(1)} MiB | ≤ +2 MiB: ${verdict(imported.extraMiB <= 2)} |`,
  '',
);
out.push(
  '| serverless cold start: import zod and the package, build a one-tool server, answer one 2026 tools/call through the fetch handler | zod-mcp | SDK v2 createMcpHandler | ratio | target |',
  '| --- | ---: | ---: | ---: | --- |',
);
for (const [runtime, { zodMcp, sdk, floor }] of Object.entries(cold)) {
  const time = zodMcp.ms / sdk.ms;
  const memory = zodMcp.maxRssMiB / sdk.maxRssMiB;
  const above = (mine: number, theirs: number, base: number) => `${((mine - base) / (theirs - base)).toFixed(2)}×`;
  out.push(
    `| ${runtime}: ms, from the script's first line (the runtime started ${zodMcp.bootMs.toFixed(0)} ms before it) | ${zodMcp.ms.toFixed(0)} | ${sdk.ms.toFixed(0)} | ${time.toFixed(2)}× | ≤ 0.5×: ${verdict(time <= 0.5)} |`,
  );
  out.push(
    `| ${runtime}: peak resident memory | ${zodMcp.maxRssMiB.toFixed(1)} MiB | ${sdk.maxRssMiB.toFixed(1)} MiB | ${memory.toFixed(2)}× | ≤ 0.6×: ${verdict(memory <= 0.6)} |`,
  );
  out.push(
    `| ${runtime}: the floor, no library (${floor.ms.toFixed(0)} ms, ${floor.maxRssMiB.toFixed(1)} MiB); what each adds above it | +${(zodMcp.ms - floor.ms).toFixed(0)} ms, +${(zodMcp.maxRssMiB - floor.maxRssMiB).toFixed(1)} MiB | +${(sdk.ms - floor.ms).toFixed(0)} ms, +${(sdk.maxRssMiB - floor.maxRssMiB).toFixed(1)} MiB | ${above(zodMcp.ms, sdk.ms, floor.ms)} time, ${above(zodMcp.maxRssMiB, sdk.maxRssMiB, floor.maxRssMiB)} memory | |`,
  );
}
out.push(
  '',
  `| fetch handler, stateless 2026 echo, autocannon 64 connections ${SECONDS} s | zod-mcp req/s | SDK v2 req/s | ratio |`,
  '| --- | ---: | ---: | ---: |',
);
for (const row of rows)
  out.push(
    `| ${row.runtime} | ${Math.round(row.zodMcp).toLocaleString('en-US')} | ${row.sdk === undefined ? '— (does not run)' : Math.round(row.sdk).toLocaleString('en-US')} | ${row.sdk === undefined ? '—' : `${(row.zodMcp / row.sdk).toFixed(2)}×`} |`,
  );
out.push('', `medians: ${RUNS} fresh processes for import and cold start, ${ROUNDS} interleaved round(s) of load.`);
process.stdout.write(`${out.join('\n')}\n`);
