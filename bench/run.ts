// `npm run bench [-- --json] [-- --quick]`: zod-mcp against the official SDKs (1.32 and v2), tmcp and a bare Node
// loop, over stdio and in-process; and over HTTP against the SDK v2 server (bench/http.ts). Servers are interleaved (A B C … A B C …), every measure is
// repeated (3 times; once with --quick) and the table shows medians. Not a test: nothing here fails.
import { execFile } from 'node:child_process';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { checkTargets, formatStdioCpu, formatTable, median, medianOf, type Impl, type Measure } from './report.js';
import { formatHttpTable, measureSessionWithAutocannon, runHttpBench } from './http.js';
import { formatAgentTable, runAgentBench } from './agent.js';
import { formatCpuTable, runHttpCpuBench } from './http-cpu.js';
import { measureIdleSessions, measureListenStreams, type HeldMemory } from './http-memory.js';
import { measureCalls, measureColdStart, type ServerSpec } from './stdio-client.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const argv = process.argv.slice(2);
const json = argv.includes('--json');
const quick = argv.includes('--quick');

const REPEATS = quick ? 1 : 3;
const CALLS = quick ? 5_000 : 20_000;
const IN_FLIGHT = 64;
const COLD_STARTS = quick ? 3 : 10;
const PAYLOAD_CALLS = quick ? 8 : 32;
const IN_PROCESS_MS = quick ? 400 : 800;
const AUTOCANNON_SECONDS = quick ? 2 : 5;
/** Open 2025 sessions and 2026 listen streams whose memory is measured (10,000 each; 1,000 with --quick). */
const HELD = quick ? 1_000 : 10_000;
/** Calls held in flight in process, few and many: memory per call must not grow with their number. */
const IN_FLIGHT_FEW = 64;
const IN_FLIGHT_MANY = 4_096;
const PAYLOAD = { pad: 'a'.repeat(1024 * 1024) };

const servers: Record<Impl, ServerSpec> = {
  'zod-mcp': { name: 'zod-mcp', args: [join(here, 'servers', 'zod-mcp.mjs')] },
  // The same server, spoken to as a 2026 client does: no initialize, the envelope on every request.
  'zod-mcp 2026': { name: 'zod-mcp 2026', args: [join(here, 'servers', 'zod-mcp.mjs')], era: '2026' },
  'zod-mcp serve': { name: 'zod-mcp serve', args: [join(root, 'dist', 'program.js'), 'serve'] },
  sdk: { name: 'sdk', args: [join(here, 'servers', 'sdk.mjs')] },
  'sdk v2': { name: 'sdk v2', args: [join(here, 'servers', 'sdk-v2.mjs')] },
  tmcp: { name: 'tmcp', args: [join(here, 'servers', 'tmcp.mjs')] },
  bare: { name: 'bare', args: [join(here, 'servers', 'bare.mjs')] },
  // The ceiling of the 2026 path: the same loop fed the same 2026 frames (they are longer to parse), answering 2026-shaped results.
  'bare 2026': { name: 'bare 2026', args: [join(here, 'servers', 'bare.mjs')], era: '2026' },
};

/** tmcp is optional: without it installed, its column stays empty. */
async function available(impl: Impl): Promise<boolean> {
  if (impl !== 'tmcp') return true;
  try {
    await Promise.all([import('tmcp'), import('@tmcp/adapter-zod'), import('@tmcp/transport-stdio')]);
    return true;
  } catch {
    log('tmcp is not installed or does not load: its column is left empty');
    return false;
  }
}

function log(text: string): void {
  process.stderr.write(`${text}\n`);
}

function newMeasure(key: string, label: string, unit: string, higherIsBetter: boolean): Measure {
  return { key, label, unit, higherIsBetter, samples: {} };
}

function add(measure: Measure, impl: Impl, value: number): void {
  (measure.samples[impl] ??= []).push(value);
}

/** Rotates the order each round, so that no server always runs first or last. */
function rotate<T>(items: readonly T[], by: number): T[] {
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

const stdioCalls = newMeasure(
  'stdio-calls',
  `stdio echo, ${CALLS.toLocaleString('en-US')} calls, ${IN_FLIGHT} in flight`,
  'calls/s',
  true,
);
const stdioP50 = newMeasure('stdio-p50', 'stdio echo latency p50', 'ms', false);
const stdioP99 = newMeasure('stdio-p99', 'stdio echo latency p99', 'ms', false);
const stdioCpu = newMeasure('stdio-cpu', 'server CPU time per echo call', 'µs', false);
const stdioPeak = newMeasure('stdio-peak', 'peak memory, VmHWM', 'MiB', false);
const coldStart = newMeasure('cold-start', `cold start to first answer, median of ${COLD_STARTS}`, 'ms', false);
const stdioPayload = newMeasure('stdio-payload', 'stdio echo with a 1 MiB argument, 4 in flight', 'calls/s', true);
const inprocCall = newMeasure('inproc-call', 'in-process tools/call echo', 'calls/s', true);
const inprocList100 = newMeasure('inproc-list100', 'in-process tools/list, 100 tools', 'calls/s', true);
const inprocList1000 = newMeasure('inproc-list1000', 'in-process tools/list, 1,000 tools', 'calls/s', true);
const inprocList10000 = newMeasure('inproc-list10000', 'in-process tools/list, 10,000 tools', 'calls/s', true);
const inprocCall10000 = newMeasure('inproc-call10000', 'in-process tools/call among 10,000 tools', 'calls/s', true);
const inprocListLate = newMeasure(
  'inproc-list-late',
  'tools/list 100 tools, 2nd half / 1st half of the run',
  'ratio',
  true,
);
const inFlightFew = newMeasure(
  'inflight-few',
  `heap per in-flight tools/call, ${IN_FLIGHT_FEW} in flight`,
  'bytes',
  false,
);
const inFlightMany = newMeasure(
  'inflight-many',
  `heap per in-flight tools/call, ${IN_FLIGHT_MANY.toLocaleString('en-US')} in flight`,
  'bytes',
  false,
);
const inprocMiddleware = newMeasure(
  'inproc-middleware',
  'in-process tools/call echo, one pass-through middleware',
  'calls/s',
  true,
);
const inprocRateLimit = newMeasure(
  'inproc-ratelimit',
  'in-process tools/call echo, a server rate limit that never refuses',
  'calls/s',
  true,
);
const inprocRateLimitCallers = newMeasure(
  'inproc-ratelimit-callers',
  'in-process tools/call echo, a new client address each call (10/hour), past 100,000 buckets',
  'calls/s',
  true,
);
const inprocLocal = newMeasure('inproc-local', 'in-process tools/call echo through server.callTool', 'calls/s', true);
const inprocPayload = newMeasure('inproc-payload', 'in-process tools/call, 1 MiB argument', 'calls/s', true);
// Search mode at 1,000 tools of three-field schemas (bench/discovery.mjs).
const searchShare = newMeasure(
  'search-share',
  'search mode tools/list, share of the full listing, 1,000 tools',
  '%',
  false,
);
const searchBuild = newMeasure('search-build', 'search index built after a change, 1,000 tools', 'ms', false);
const searchP99 = newMeasure('search-p99', 'search_tools latency p99, in process, 1,000 tools', 'ms', false);
const callToolRatio = newMeasure('call-tool-ratio', 'call_tool calls/s / direct tools/call calls/s', 'ratio', true);
const measures = [
  stdioCalls,
  stdioP50,
  stdioP99,
  stdioCpu,
  stdioPeak,
  coldStart,
  stdioPayload,
  inprocCall,
  inprocLocal,
  inprocMiddleware,
  inprocRateLimit,
  inprocRateLimitCallers,
  inprocList100,
  inprocList1000,
  inprocList10000,
  inprocCall10000,
  inprocListLate,
  inprocPayload,
  inFlightFew,
  inFlightMany,
  searchShare,
  searchBuild,
  searchP99,
  callToolRatio,
];

const execFileAsync = promisify(execFile);

/** Heap per in-flight call (bench/in-flight.mjs, its own process with --expose-gc): the median of its rounds. */
async function inFlightBytes(impl: Impl, count: number): Promise<number> {
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--expose-gc', join(here, 'in-flight.mjs'), impl, String(count)],
    { maxBuffer: 1 << 20 },
  );
  return (JSON.parse(stdout) as { bytesPerCall: number }).bytesPerCall;
}

async function inProcess(impl: Impl, scenario: string): Promise<{ opsPerSec: number; first: number; second: number }> {
  const { stdout } = await execFileAsync(
    process.execPath,
    [join(here, 'in-process.mjs'), impl, scenario, String(IN_PROCESS_MS)],
    {
      cwd: root,
    },
  );
  return JSON.parse(stdout) as { opsPerSec: number; first: number; second: number };
}

/** Search mode's figures, from a process of its own (bench/discovery.mjs). */
async function searchMode(): Promise<{
  searchShare: number;
  indexBuildMs: number;
  searchP99Ms: number;
  callToolRatio: number;
}> {
  const { stdout } = await execFileAsync(process.execPath, [join(here, 'discovery.mjs'), String(IN_PROCESS_MS)], {
    cwd: root,
  });
  return JSON.parse(stdout);
}

async function main(): Promise<void> {
  const stdioImpls: Impl[] = [];
  for (const impl of [
    'zod-mcp',
    'zod-mcp 2026',
    'zod-mcp serve',
    'sdk',
    'sdk v2',
    'tmcp',
    'bare',
    'bare 2026',
  ] as const)
    if (await available(impl)) stdioImpls.push(impl);
  const inProcessImpls = stdioImpls.filter(
    (impl) => impl === 'zod-mcp' || impl === 'zod-mcp 2026' || impl === 'sdk' || impl === 'sdk v2' || impl === 'tmcp',
  );
  /** zod-mcp's two eras: the measures the others have no counterpart for (growth, in-flight memory). */
  const ownInProcess = inProcessImpls.filter((name) => name.startsWith('zod-mcp'));
  const expectEcho = (i: number) => `echo({"x":${i}})`;
  const started = Date.now();

  for (let round = 0; round < REPEATS; round++) {
    log(`round ${round + 1}/${REPEATS}: stdio throughput`);
    for (const impl of rotate(stdioImpls, round)) {
      const result = await measureCalls(servers[impl], { count: CALLS, inFlight: IN_FLIGHT, expectText: expectEcho });
      add(stdioCalls, impl, result.callsPerSec);
      add(stdioP50, impl, result.p50Ms);
      add(stdioP99, impl, result.p99Ms);
      add(stdioCpu, impl, result.cpuUsPerCall);
      add(stdioPeak, impl, result.peakMiB);
    }
    log(`round ${round + 1}/${REPEATS}: cold start`);
    const starts: Partial<Record<Impl, number[]>> = {};
    for (let k = 0; k < COLD_STARTS; k++) {
      for (const impl of rotate(stdioImpls, round + k))
        (starts[impl] ??= []).push(await measureColdStart(servers[impl]));
    }
    for (const impl of stdioImpls) add(coldStart, impl, median(starts[impl]!));
    log(`round ${round + 1}/${REPEATS}: stdio 1 MiB payload`);
    for (const impl of rotate(stdioImpls, round)) {
      // `serve`'s own echo accepts any object, so it echoes the payload back; the others strip it to { x }.
      const text =
        impl === 'zod-mcp serve' ? (i: number) => `echo(${JSON.stringify({ x: i, ...PAYLOAD })})` : expectEcho;
      const result = await measureCalls(servers[impl], {
        count: PAYLOAD_CALLS,
        inFlight: 4,
        extra: PAYLOAD,
        expectText: text,
      });
      add(stdioPayload, impl, result.callsPerSec);
    }
    log(`round ${round + 1}/${REPEATS}: in-process`);
    for (const [scenario, measure] of [
      ['call', inprocCall],
      ['list100', inprocList100],
      ['list1000', inprocList1000],
      ['payload', inprocPayload],
    ] as const) {
      for (const impl of rotate(inProcessImpls, round)) {
        const result = await inProcess(impl, scenario);
        add(measure, impl, result.opsPerSec);
        if (scenario === 'list100') add(inprocListLate, impl, result.second / result.first);
      }
    }
    // Growth, zod-mcp only: the others take seconds per tools/list of 10,000 tools.
    for (const [scenario, measure] of [
      ['list10000', inprocList10000],
      ['call10000', inprocCall10000],
    ] as const) {
      for (const impl of rotate(ownInProcess, round)) add(measure, impl, (await inProcess(impl, scenario)).opsPerSec);
    }
    // The in-process client exists only here; its target is against the SDK pairs' tools/call.
    add(inprocLocal, 'zod-mcp', (await inProcess('zod-mcp', 'local')).opsPerSec);
    // Middleware exists only here; its target is against the same call without any.
    add(inprocMiddleware, 'zod-mcp', (await inProcess('zod-mcp', 'middleware')).opsPerSec);
    add(inprocRateLimit, 'zod-mcp', (await inProcess('zod-mcp', 'ratelimit')).opsPerSec);
    add(inprocRateLimitCallers, 'zod-mcp', (await inProcess('zod-mcp', 'ratelimit-callers')).opsPerSec);
    const discovery = await searchMode();
    add(searchShare, 'zod-mcp', discovery.searchShare * 100);
    add(searchBuild, 'zod-mcp', discovery.indexBuildMs);
    add(searchP99, 'zod-mcp', discovery.searchP99Ms);
    add(callToolRatio, 'zod-mcp', discovery.callToolRatio);
    for (const [count, measure] of [
      [IN_FLIGHT_FEW, inFlightFew],
      [IN_FLIGHT_MANY, inFlightMany],
    ] as const) {
      for (const impl of rotate(ownInProcess, round)) add(measure, impl, await inFlightBytes(impl, count));
    }
  }

  const http = await runHttpBench({ calls: CALLS, repeats: REPEATS, autocannonSeconds: AUTOCANNON_SECONDS, log });
  const session2025 = await measureSessionWithAutocannon(AUTOCANNON_SECONDS, log);
  const httpCpu = await runHttpCpuBench({
    rounds: quick ? 2 : 4,
    calls: quick ? 5_000 : 15_000,
    warmup: quick ? 1_000 : 3_000,
    log,
  });
  const agent = await runAgentBench({ rounds: quick ? 2 : 5, ms: quick ? 300 : 800, log });
  log(
    `memory: ${HELD.toLocaleString('en-US')} idle 2025 sessions, ${HELD.toLocaleString('en-US')} open listen streams`,
  );
  const held: { sessions: HeldMemory; streams: HeldMemory } = {
    sessions: await measureIdleSessions(HELD),
    streams: await measureListenStreams(HELD),
  };

  const machine = {
    node: process.version,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    loadAverageAtEnd: loadavg().map((v) => Number(v.toFixed(2))),
    seconds: Math.round((Date.now() - started) / 1000),
  };
  const targets = checkTargets((key) => measures.find((m) => m.key === key), http);
  if (json) {
    const medians = Object.fromEntries(
      measures.map((m) => [m.key, Object.fromEntries(stdioImpls.map((impl) => [impl, medianOf(m, impl) ?? null]))]),
    );
    process.stdout.write(
      `${JSON.stringify({ machine, repeats: REPEATS, medians, measures, http, session2025, httpCpu, agent, held, targets }, null, 2)}\n`,
    );
    return;
  }
  process.stdout.write(`${formatTable(measures)}\n\n${formatStdioCpu(stdioCpu)}\n\n`);
  process.stdout.write(`${formatHttpTable(http, CALLS, AUTOCANNON_SECONDS)}\n`);
  process.stdout.write(
    `| zod-mcp, 1 process, every call in one 2025 session | — | — | — | ${Math.round(session2025.callsPerSec).toLocaleString('en-US')} | ${session2025.p50Ms.toFixed(2)} | ${session2025.p99Ms.toFixed(2)} |\n\n`,
  );
  process.stdout.write(`${formatCpuTable(httpCpu)}\n\n`);
  process.stdout.write(`${formatAgentTable(agent)}\n\n`);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  process.stdout.write(
    '| zod-mcp over HTTP, one process, memory held by | count | heap after GC, each | resident set growth, each |\n| --- | ---: | ---: | ---: |\n' +
      `| an idle 2025 session (initialize, initialized) | ${held.sessions.count.toLocaleString('en-US')} | ${kib(held.sessions.heapBytesEach)} | ${kib(held.sessions.rssBytesEach)} |\n` +
      `| an open 2026 subscriptions/listen stream | ${held.streams.count.toLocaleString('en-US')} | ${kib(held.streams.heapBytesEach)} | ${kib(held.streams.rssBytesEach)} |\n\n`,
  );
  process.stdout.write(
    `"zod-mcp" is bench/servers/zod-mcp.mjs (serveStdio, echo with { x?: number }) spoken to in the 2025 era; ` +
      '"zod-mcp 2026" the same server with the 2026 envelope on every request and no initialize; "zod-mcp serve" is ' +
      '`node dist/program.js serve` (its echo accepts any object). Ratios are zod-mcp / other (this/best SDK: the better ' +
      'of SDK 1.32 and SDK v2 on that row), medians of ' +
      `${REPEATS} interleaved round(s).\n`,
  );
  process.stdout.write(
    `node ${machine.node}, ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB, load ${machine.loadAverageAtEnd.join(' ')}, ${machine.seconds} s\n\n`,
  );
  for (const target of targets) {
    process.stdout.write(`${target.met === undefined ? '[ ? ]' : target.met ? '[met]' : '[MISSED]'} ${target.text}\n`);
  }
}

await main();
