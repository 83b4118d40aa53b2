// Server CPU per call over HTTP: what each server's process spent (user + system, /proc/<pid>/stat)
// on `calls` echo calls, 64 in flight on keep-alive connections, after `warmup` calls. Far steadier
// than calls per second on a shared machine. zod-mcp (`serve --http --demo`) in both eras, the
// official SDK v2 HTTP server and a bare node:http loop, interleaved rounds, medians.
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBaseline } from './baseline.js';
import { median } from './report.js';
import { startHttpProcess, type ServeProcess } from '../test/helpers/serve-process.js';

const here = dirname(fileURLToPath(import.meta.url));
const program = join(here, '..', 'dist', 'program.js');
const IN_FLIGHT = 64;

type Era = '2025' | '2026';

export interface Server {
  readonly name: string;
  readonly era: Era;
  start(): Promise<ServeProcess>;
}

const zodMcp = (name: string, era: Era, path = program): Server => ({
  name,
  era,
  start: () => startHttpProcess([path, 'serve', '--http', '--demo', '--port', '0']),
});

const SERVERS: readonly Server[] = [
  zodMcp('zod-mcp serve --http --demo, 2026', '2026'),
  zodMcp('zod-mcp serve --http --demo, 2025 session', '2025'),
  {
    name: 'SDK v2 (createMcpHandler), 2026',
    era: '2026',
    start: () => startHttpProcess([join(here, 'servers', 'sdk-http.mjs'), '0']),
  },
  {
    name: 'bare node:http loop',
    era: '2026',
    start: () => startHttpProcess([join(here, 'servers', 'bare-http.mjs'), '0']),
  },
];

/** The same two rows for the build of another commit (`--baseline REF`), in the same interleaved run. */
export function baselineServers(ref: string, path: string): Server[] {
  return [zodMcp(`zod-mcp at ${ref}, 2026`, '2026', path), zodMcp(`zod-mcp at ${ref}, 2025 session`, '2025', path)];
}

export interface CpuRow {
  readonly name: string;
  /** Server CPU per call, µs: the median over the rounds. */
  readonly cpuUsPerCall: number;
  readonly samples: readonly number[];
}

/** User + system CPU time of a process so far, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** A 2025 session's id: initialize, then notifications/initialized. */
async function openSession(url: string): Promise<string> {
  const post = (body: unknown, session?: string) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(session === undefined ? {} : { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' }),
      },
      body: JSON.stringify(body),
    });
  const opened = await post({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  });
  const session = opened.headers.get('mcp-session-id')!;
  await opened.text();
  await (await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session)).text();
  return session;
}

/** `count` echo calls, IN_FLIGHT at a time, each answer checked. */
async function calls(url: string, era: Era, session: string | undefined, count: number): Promise<void> {
  const target = new URL(url);
  let next = 0;
  const call = (agent: Agent, id: number) =>
    new Promise<void>((resolve, reject) => {
      const params =
        era === '2026'
          ? { name: 'echo', arguments: { x: id }, _meta: ENVELOPE }
          : { name: 'echo', arguments: { x: id } };
      const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params });
      const headers: Record<string, string | number> = {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'content-length': Buffer.byteLength(body),
        ...(era === '2026'
          ? { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'echo' }
          : { 'mcp-protocol-version': '2025-11-25', 'mcp-session-id': session! }),
      };
      const req = request(
        { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent, headers },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            text.includes(`echo({\\"x\\":${id}})`)
              ? resolve()
              : reject(new Error(`answer to ${id}: ${text.slice(0, 200)}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (next < count) await call(agent, next++);
      agent.destroy();
    }),
  );
}

/** Every server started once, then `rounds` interleaved rounds of warm-up and measured calls. */
export async function runHttpCpuBench(options: {
  /** More servers in the same rounds (a baseline's build). */
  extra?: readonly Server[];
  rounds: number;
  calls: number;
  warmup: number;
  log: (line: string) => void;
}): Promise<CpuRow[]> {
  const servers = [...SERVERS, ...(options.extra ?? [])];
  const running = await Promise.all(servers.map(async (server) => ({ server, process: await server.start() })));
  const samples = new Map<string, number[]>(servers.map((server) => [server.name, []]));
  try {
    const sessions = new Map<string, string>();
    for (const { server, process } of running)
      if (server.era === '2025') sessions.set(server.name, await openSession(process.url));
    for (let round = 0; round < options.rounds; round++) {
      for (const { server, process } of [
        ...running.slice(round % running.length),
        ...running.slice(0, round % running.length),
      ]) {
        const session = sessions.get(server.name);
        await calls(process.url, server.era, session, options.warmup);
        const before = cpuMs(process.child.pid!);
        await calls(process.url, server.era, session, options.calls);
        const us = ((cpuMs(process.child.pid!) - before) * 1000) / options.calls;
        samples.get(server.name)!.push(us);
        options.log(`round ${round + 1}: ${server.name}: ${us.toFixed(1)} µs/call`);
      }
    }
  } finally {
    await Promise.all(running.map(({ process }) => process.stop()));
  }
  return servers.map((server) => ({
    name: server.name,
    cpuUsPerCall: median(samples.get(server.name)!),
    samples: samples.get(server.name)!,
  }));
}

/** CPU time of a process so far, in ns: the run time of each of its threads (/proc/<pid>/task/<tid>/schedstat). */
function cpuNs(pid: number): number {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // a thread that ended between the listing and the read
    }
  }
  return ns;
}

/**
 * A finer A/B of two builds than the rounds (`--pairs N`): in each era, the two builds measured in turn, `calls`
 * each, N times (the first of a pair alternating), CPU in ns; the median of the pairs' ratios, today / REF.
 */
export async function runPairs(options: {
  ref: string;
  path: string;
  pairs: number;
  calls: number;
  warmup: number;
  log: (line: string) => void;
}): Promise<string> {
  const lines: string[] = [];
  for (const era of ['2026', '2025'] as const) {
    const builds = [zodMcp('today', era), zodMcp(options.ref, era, options.path)];
    const running = await Promise.all(builds.map((build) => build.start()));
    try {
      const sessions = await Promise.all(
        running.map((process) => (era === '2025' ? openSession(process.url) : Promise.resolve(undefined))),
      );
      const samples: number[][] = [[], []];
      for (const [at, process] of running.entries()) await calls(process.url, era, sessions[at], options.warmup);
      for (let pair = 0; pair < options.pairs; pair++) {
        for (const at of pair % 2 === 0 ? [0, 1] : [1, 0]) {
          const { url, child } = running[at]!;
          await calls(url, era, sessions[at], 1_000);
          const before = cpuNs(child.pid!);
          await calls(url, era, sessions[at], options.calls);
          samples[at]!.push((cpuNs(child.pid!) - before) / options.calls / 1000);
        }
        options.log(
          `${era} pair ${pair + 1}: ${samples[0]!.at(-1)!.toFixed(1)} / ${samples[1]!.at(-1)!.toFixed(1)} µs`,
        );
      }
      const ratios = samples[0]!.map((us, index) => us / samples[1]![index]!);
      lines.push(
        `| ${era} | ${median(samples[0]!).toFixed(1)} µs | ${median(samples[1]!).toFixed(1)} µs | ` +
          `${median(ratios).toFixed(3)} |`,
      );
    } finally {
      await Promise.all(running.map((process) => process.stop()));
    }
  }
  return [
    `| era | today | ${options.ref} | today / ${options.ref}, median of ${options.pairs} pairs |`,
    '| --- | ---: | ---: | ---: |',
    ...lines,
  ].join('\n');
}

/** The table, and the targets: zod-mcp within 1.5× the bare loop and at most 0.2× the SDK v2 server. */
export function formatCpuTable(rows: readonly CpuRow[]): string {
  const bare = rows.find((row) => row.name.startsWith('bare'))!.cpuUsPerCall;
  const sdk = rows.find((row) => row.name.startsWith('SDK v2'))!.cpuUsPerCall;
  const lines = rows.map(
    (row) =>
      `| ${row.name} | ${row.cpuUsPerCall.toFixed(1)} µs | ${(row.cpuUsPerCall / bare).toFixed(2)}× | ${(row.cpuUsPerCall / sdk).toFixed(2)}× |`,
  );
  const verdicts = rows
    .filter((row) => row.name.startsWith('zod-mcp'))
    .map((row) => {
      const vsBare = row.cpuUsPerCall / bare;
      const vsSdk = row.cpuUsPerCall / sdk;
      return (
        `${row.name}: ${vsBare.toFixed(2)}× the bare loop (target ≤ 1.5: ${vsBare <= 1.5 ? 'met' : 'MISSED'}), ` +
        `${vsSdk.toFixed(2)}× the SDK v2 server (target ≤ 0.2: ${vsSdk <= 0.2 ? 'met' : 'MISSED'})`
      );
    });
  return [
    '| server | CPU per call | × bare loop | × SDK v2 |',
    '| --- | --- | --- | --- |',
    ...lines,
    '',
    ...verdicts,
  ].join('\n');
}

// `npm run bench:http-cpu -- [--rounds N] [--calls N] [--warmup N] [--baseline REF [--pairs N]]`
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const option = (name: string, fallback: number) => {
    const at = argv.indexOf(name);
    return at === -1 ? fallback : Number(argv[at + 1]);
  };
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const at = argv.indexOf('--baseline');
  const ref = at === -1 ? undefined : argv[at + 1]!;
  const path = ref === undefined ? undefined : buildBaseline(join(here, '..'), ref, log);
  const pairs = option('--pairs', 0);
  if (ref !== undefined && path !== undefined && pairs > 0) {
    const calls = option('--calls', 10_000);
    const table = await runPairs({ ref, path, pairs, calls, warmup: option('--warmup', 3_000), log });
    process.stdout.write(`${table}\nserver CPU per call (${calls} calls a measure), on ${process.version}\n`);
    process.exit(0);
  }
  const extra = ref === undefined || path === undefined ? [] : baselineServers(ref, path);
  const rows = await runHttpCpuBench({
    extra,
    rounds: option('--rounds', 4),
    calls: option('--calls', 15_000),
    warmup: option('--warmup', 3_000),
    log,
  });
  process.stdout.write(`${formatCpuTable(rows)}\nmedians of interleaved rounds, on ${process.version}\n`);
}
