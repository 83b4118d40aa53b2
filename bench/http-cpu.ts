// Server CPU per call over HTTP: what each server's process spent (user + system, /proc/<pid>/stat)
// on `calls` echo calls, 64 in flight on keep-alive connections, after `warmup` calls. Far steadier
// than calls per second on a shared machine. zod-mcp (`serve --http --demo`) in both eras, the
// official SDK v2 HTTP server and a bare node:http loop, interleaved rounds, medians.
import { readFileSync } from 'node:fs';
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

// `npm run bench:http-cpu -- [--rounds N] [--calls N] [--warmup N] [--baseline REF]`
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const option = (name: string, fallback: number) => {
    const at = argv.indexOf(name);
    return at === -1 ? fallback : Number(argv[at + 1]);
  };
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const at = argv.indexOf('--baseline');
  const ref = at === -1 ? undefined : argv[at + 1]!;
  const extra = ref === undefined ? [] : baselineServers(ref, buildBaseline(join(here, '..'), ref, log));
  const rows = await runHttpCpuBench({
    extra,
    rounds: option('--rounds', 4),
    calls: option('--calls', 15_000),
    warmup: option('--warmup', 3_000),
    log,
  });
  process.stdout.write(`${formatCpuTable(rows)}\nmedians of interleaved rounds, on ${process.version}\n`);
}
