// A scrape of /metrics, parsed as the Prometheus text format (0.0.4): each family's series as
// { labels, value } (a histogram's value is its _count), the exporter's otel_scope_* labels left out.
// Parsed here: parse-prometheus-text-format (npm) groups a histogram's series wrongly when _count
// and _sum come before the buckets, as the OpenTelemetry exporter writes them.
import { send } from '../helpers.js';

export interface Series {
  readonly labels: Record<string, string>;
  readonly value: number;
}

export async function scrape(url: string): Promise<Map<string, Series[]>> {
  const res = await send(url, { method: 'GET' });
  if (res.status !== 200) throw new Error(`scrape: ${res.status} ${res.body}`);
  if (res.headers['content-type'] !== 'text/plain; version=0.0.4; charset=utf-8')
    throw new Error(`scrape: content-type ${res.headers['content-type']}`);
  return parseText(res.body);
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g;

/** Every family declared by `# TYPE`, with its samples (a histogram's: its `_count` lines); a line that is neither throws. */
export function parseText(text: string): Map<string, Series[]> {
  const types = new Map<string, string>();
  const families = new Map<string, Series[]>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type !== null) {
      types.set(type[1]!, type[2]!);
      families.set(type[1]!, []);
      continue;
    }
    if (line.startsWith('# HELP ') || line.startsWith('# UNIT ')) continue;
    const sample = SAMPLE.exec(line);
    if (sample === null) throw new Error(`not a Prometheus sample line: ${line}`);
    const [, name, labelText = '', value] = sample;
    const family = types.get(name!) === undefined ? name!.replace(/_(count|sum|bucket)$/, '') : name!;
    if (types.get(family) === 'histogram' && name !== `${family}_count`) continue; // _sum and _bucket: the count is what is asserted
    if (!families.has(family)) throw new Error(`a sample of no declared family: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, label, raw] of labelText.matchAll(LABEL))
      if (!label!.startsWith('otel_scope_'))
        labels[label!] = raw!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    families.get(family)!.push({ labels, value: Number(value) });
  }
  return families;
}

/** The series sorted by their labels, so a test can compare them as a set. */
export function sorted(series: readonly Series[] | undefined): Series[] {
  return [...(series ?? [])].sort((a, b) => JSON.stringify(a.labels).localeCompare(JSON.stringify(b.labels)));
}
