// Medians, ratios and the printed table of `npm run bench`.

export type Impl = 'zod-mcp' | 'zod-mcp 2026' | 'zod-mcp serve' | 'sdk' | 'tmcp' | 'bare';

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
  { impl: 'tmcp', title: 'tmcp 1.20.0' },
  { impl: 'bare', title: 'bare loop' },
];

/** A Markdown table: one row per measure, medians per implementation, then this/SDK, this/tmcp, this/ceiling. */
export function formatTable(measures: readonly Measure[]): string {
  const header = ['measure', ...columns.map((c) => c.title), 'this/SDK', 'this/tmcp', 'this/ceiling', '2026/2025'];
  const rows = measures.map((m) => [
    `${m.label} (${m.unit})`,
    ...columns.map((c) => formatNumber(medianOf(m, c.impl))),
    formatRatio(ratio(m, 'sdk')),
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

/** The issue's targets, each checked against this run's medians. */
export function checkTargets(byKey: (key: string) => Measure | undefined): Target[] {
  const at = (key: string, other: Impl) => {
    const m = byKey(key);
    return m === undefined ? undefined : ratio(m, other);
  };
  const check = (text: string, value: number | undefined, ok: (v: number) => boolean): Target => ({
    text: `${text}: ${value === undefined ? '—' : value.toFixed(2)}`,
    met: value === undefined ? undefined : ok(value),
  });
  const list100 = byKey('inproc-list100');
  const list1000 = byKey('inproc-list1000');
  const late = byKey('inproc-list-late');
  const listScaling = list100 && list1000 ? (medianOf(list1000, 'zod-mcp') ?? 0) / (medianOf(list100, 'zod-mcp') ?? 1) : undefined;
  return [
    check('stdio throughput ≥ 2.5× SDK', at('stdio-calls', 'sdk'), (v) => v >= 2.5),
    check('stdio throughput on the 2026 path ≥ 2.5× SDK', byKey('stdio-calls') && ratio(byKey('stdio-calls')!, 'sdk', 'zod-mcp 2026'), (v) => v >= 2.5),
    check('stdio throughput ≥ 0.7× bare loop', at('stdio-calls', 'bare'), (v) => v >= 0.7),
    check('peak memory ≤ 0.5× SDK', at('stdio-peak', 'sdk'), (v) => v <= 0.5),
    check('cold start ≤ 0.5× SDK', at('cold-start', 'sdk'), (v) => v <= 0.5),
    check('in-process tools/call ≥ 20× SDK', at('inproc-call', 'sdk'), (v) => v >= 20),
    check('in-process tools/list (100 tools) ≥ 20× SDK', at('inproc-list100', 'sdk'), (v) => v >= 20),
    check('tools/list as fast late in the run as early (2nd half / 1st half ≥ 0.8)', late && medianOf(late, 'zod-mcp'), (v) => v >= 0.8),
    check('tools/list does no per-tool work per call (1,000 tools / 100 tools ≥ 0.5)', listScaling, (v) => v >= 0.5),
  ];
}
