// Medians, ratios and the printed table of `npm run bench`.

export type Impl = 'zod-mcp' | 'zod-mcp 2026' | 'zod-mcp serve' | 'sdk' | 'sdk v2' | 'tmcp' | 'bare' | 'bare 2026';

/** One measured quantity: its samples per implementation, and which way is better. */
export interface Measure {
  readonly key: string;
  readonly label: string;
  readonly unit: string;
  readonly higherIsBetter: boolean;
  readonly samples: Partial<Record<Impl, number[]>>;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function medianOf(measure: Measure, impl: Impl): number | undefined {
  const samples = measure.samples[impl];
  return samples === undefined || samples.length === 0 ? undefined : median(samples);
}

/** this / other, for the project's own bench server (`mine` is its 2025 path unless told otherwise). */
export function ratio(measure: Measure, other: Impl, of: Impl = 'zod-mcp'): number | undefined {
  const mine = medianOf(measure, of);
  const theirs = medianOf(measure, other);
  return mine === undefined || theirs === undefined || theirs === 0 ? undefined : mine / theirs;
}

/** The official SDK (1.x or v2) that does best on this measure: the one a target is measured against. */
export function bestSdk(measure: Measure): Impl | undefined {
  const [v1, v2] = [medianOf(measure, 'sdk'), medianOf(measure, 'sdk v2')];
  if (v1 === undefined || v2 === undefined) return v1 !== undefined ? 'sdk' : v2 !== undefined ? 'sdk v2' : undefined;
  return measure.higherIsBetter === v1 >= v2 ? 'sdk' : 'sdk v2';
}

/** this / the best official SDK on this measure. */
export function ratioToSdk(measure: Measure, of: Impl = 'zod-mcp'): number | undefined {
  const best = bestSdk(measure);
  return best === undefined ? undefined : ratio(measure, best, of);
}

function formatNumber(value: number | undefined): string {
  if (value === undefined) return '—';
  if (value >= 1000) return Math.round(value).toLocaleString('en-US');
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

function formatRatio(value: number | undefined): string {
  return value === undefined ? '—' : `${value.toFixed(2)}×`;
}

const columns: { impl: Impl; title: string }[] = [
  { impl: 'zod-mcp', title: 'zod-mcp' },
  { impl: 'zod-mcp 2026', title: 'zod-mcp 2026' },
  { impl: 'zod-mcp serve', title: 'zod-mcp serve' },
  { impl: 'sdk', title: 'SDK 1.32.2' },
  { impl: 'sdk v2', title: 'SDK v2 2.4.0' },
  { impl: 'tmcp', title: 'tmcp 1.20.0' },
  { impl: 'bare', title: 'bare loop' },
  { impl: 'bare 2026', title: 'bare loop 2026' },
];

/** A Markdown table: one row per measure, medians per implementation, then this/best SDK, this/tmcp, this/ceiling (the 2025 path against the bare loop) and 2026/2025. */
export function formatTable(measures: readonly Measure[]): string {
  const header = ['measure', ...columns.map((c) => c.title), 'this/best SDK', 'this/tmcp', 'this/ceiling', '2026/2025'];
  const rows = measures.map((m) => [
    `${m.label} (${m.unit})`,
    ...columns.map((c) => formatNumber(medianOf(m, c.impl))),
    formatRatio(ratioToSdk(m)),
    formatRatio(ratio(m, 'tmcp')),
    formatRatio(ratio(m, 'bare')),
    formatRatio(ratio(m, 'zod-mcp', 'zod-mcp 2026')),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export interface Target {
  readonly text: string;
  readonly met: boolean | undefined;
}

/** The performance targets, each checked against this run's medians: against the best official SDK on each measure. */
export function checkTargets(
  byKey: (key: string) => Measure | undefined,
  http: readonly { name: string; autocannon: { callsPerSec: number; p99Ms: number } }[] = [],
): Target[] {
  const vsSdk = (key: string, of: Impl = 'zod-mcp') => {
    const m = byKey(key);
    return m === undefined ? undefined : ratioToSdk(m, of);
  };
  const vs = (key: string, other: Impl, of: Impl = 'zod-mcp') => {
    const m = byKey(key);
    return m === undefined ? undefined : ratio(m, other, of);
  };
  const check = (text: string, value: number | undefined, ok: (v: number) => boolean): Target => ({
    text: `${text}: ${value === undefined ? '—' : value.toFixed(2)}`,
    met: value === undefined ? undefined : ok(value),
  });
  const list100 = byKey('inproc-list100');
  const list1000 = byKey('inproc-list1000');
  const late = byKey('inproc-list-late');
  const listScaling =
    list100 && list1000 ? (medianOf(list1000, 'zod-mcp') ?? 0) / (medianOf(list100, 'zod-mcp') ?? 1) : undefined;
  const growth = (many: string, few: string) => {
    const [a, b] = [byKey(many), byKey(few)];
    const [x, y] = [a && medianOf(a, 'zod-mcp'), b && medianOf(b, 'zod-mcp')];
    return x === undefined || y === undefined || y === 0 ? undefined : x / y;
  };
  const localVsSdk = () => {
    const [local, call] = [byKey('inproc-local'), byKey('inproc-call')];
    const best = call && bestSdk(call);
    const [x, y] = [local && medianOf(local, 'zod-mcp'), call && best && medianOf(call, best)];
    return x === undefined || y === undefined || y === 0 ? undefined : x / y;
  };
  const own = (key: string) => {
    const m = byKey(key);
    return m && medianOf(m, 'zod-mcp');
  };
  const middleware = growth('inproc-middleware', 'inproc-call');
  const rateLimited = growth('inproc-ratelimit', 'inproc-call');
  const mine = http.find((row) => row.name === 'zod-mcp, 1 process');
  const sdkHttp = http.find((row) => row.name.startsWith('SDK v2'));
  return [
    check('stdio throughput ≥ 2.5× the best SDK', vsSdk('stdio-calls'), (v) => v >= 2.5),
    check(
      'stdio throughput on the 2026 path ≥ 2.5× the best SDK',
      vsSdk('stdio-calls', 'zod-mcp 2026'),
      (v) => v >= 2.5,
    ),
    check('stdio throughput ≥ 0.8× the bare loop', vs('stdio-calls', 'bare'), (v) => v >= 0.8),
    check(
      'stdio throughput on the 2026 path ≥ 0.8× the bare loop fed the same 2026 frames',
      vs('stdio-calls', 'bare 2026', 'zod-mcp 2026'),
      (v) => v >= 0.8,
    ),
    check('peak memory ≤ 0.5× the smaller SDK', vsSdk('stdio-peak'), (v) => v <= 0.5),
    check('cold start (serve) ≤ 0.5× the faster SDK', vsSdk('cold-start', 'zod-mcp serve'), (v) => v <= 0.5),
    check('in-process tools/call ≥ 25× the faster SDK', vsSdk('inproc-call'), (v) => v >= 25),
    check(
      'in-process tools/call on the 2026 path ≥ 25× the faster SDK',
      vsSdk('inproc-call', 'zod-mcp 2026'),
      (v) => v >= 25,
    ),
    check('in-process client (server.callTool) ≥ 25× the faster SDK pair', localVsSdk(), (v) => v >= 25),
    check('in-process tools/call with one pass-through middleware ≥ 0.5× without', middleware, (v) => v >= 0.5),
    check('in-process tools/call under a rate limit that never refuses ≥ 0.5× without', rateLimited, (v) => v >= 0.5),
    check(
      "rate limits past the memory store's bound: a new caller each call ≥ 0.3× one caller",
      growth('inproc-ratelimit-callers', 'inproc-ratelimit'),
      (v) => v >= 0.3,
    ),
    check(
      'HTTP requests/s (autocannon) ≥ 3× SDK v2',
      mine && sdkHttp && mine.autocannon.callsPerSec / sdkHttp.autocannon.callsPerSec,
      (v) => v >= 3,
    ),
    check(
      'HTTP p99 (autocannon) ≤ 0.5× SDK v2',
      mine && sdkHttp && mine.autocannon.p99Ms / sdkHttp.autocannon.p99Ms,
      (v) => v <= 0.5,
    ),
    check(
      'tools/list as fast late in the run as early (2nd half / 1st half ≥ 0.8)',
      late && medianOf(late, 'zod-mcp'),
      (v) => v >= 0.8,
    ),
    check('tools/list does no per-tool work per call (1,000 tools / 100 tools ≥ 0.5)', listScaling, (v) => v >= 0.5),
    check('search mode tools/list ≤ 2% of the full listing, 1,000 tools (%)', own('search-share'), (v) => v <= 2),
    check('search index for 1,000 tools built in ≤ 50 ms', own('search-build'), (v) => v <= 50),
    check('search_tools p99 in process ≤ 2 ms, 1,000 tools', own('search-p99'), (v) => v <= 2),
    check('call_tool ≥ 0.9× the calls/s of a direct tools/call', own('call-tool-ratio'), (v) => v >= 0.9),
    check(
      'tools/list flat in the number of tools (10,000 tools / 100 tools ≥ 0.5)',
      growth('inproc-list10000', 'inproc-list100'),
      (v) => v >= 0.5,
    ),
    check(
      'tools/call flat in the number of tools (among 10,000 / among 1 ≥ 0.8)',
      growth('inproc-call10000', 'inproc-call'),
      (v) => v >= 0.8,
    ),
    check(
      'memory per in-flight call flat in the number in flight (each at 4,096 / each at 64 ≤ 1.25)',
      growth('inflight-many', 'inflight-few'),
      (v) => v <= 1.25,
    ),
  ];
}

/**
 * Server CPU per stdio echo call against the bare loop, in both eras (the 2026 path against the loop fed the same
 * 2026 frames): the table's this/ceiling column holds only the 2025 one.
 */
export function formatStdioCpu(measure: Measure): string {
  const row = (of: Impl, bare: Impl, era: string) => {
    const mine = medianOf(measure, of);
    const floor = medianOf(measure, bare);
    return mine === undefined || floor === undefined
      ? `${era}: —`
      : `${era}: ${formatNumber(mine)} µs, ${formatRatio(mine / floor)} the bare loop's ${formatNumber(floor)} µs`;
  };
  return (
    'stdio server CPU per echo call: ' +
    `${row('zod-mcp', 'bare', '2025')}; ${row('zod-mcp 2026', 'bare 2026', '2026')}; ` +
    `${row('zod-mcp serve', 'bare', 'serve, 2025')}`
  );
}
