// `npm run bench:stdio-baseline -- [REF] [--rounds N] [--calls N]`: `zod-mcp serve` over stdio
// today against itself at REF (default HEAD), 2025 (after initialize) and 2026 (enveloped), echo
// calls 64 in flight, interleaved rounds, medians. The target: today's calls per second at least
// 0.95× REF's in each era. Not a test: it prints, and exits 0 either way.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baselineArgs, buildBaseline } from './baseline.js';
import { measureCalls, type ServerSpec } from './stdio-client.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { ref, option } = baselineArgs(process.argv.slice(2));
const rounds = option('--rounds', 5);
const calls = option('--calls', 20_000);
const log = (text: string) => process.stderr.write(`${text}\n`);

const before = buildBaseline(root, ref, log);
const today = join(root, 'dist', 'program.js');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const era of ['2025', '2026'] as const) {
  const specs: ServerSpec[] = [
    { name: 'today', args: [today, 'serve'], era },
    { name: ref, args: [before, 'serve'], era },
  ];
  const perSec: Record<string, number[]> = { today: [], [ref]: [] };
  for (let round = 0; round < rounds; round++) {
    for (const spec of round % 2 === 0 ? specs : [...specs].reverse()) {
      const result = await measureCalls(spec, { count: calls, inFlight: 64, expectText: (i) => `echo({"x":${i}})` });
      perSec[spec.name]!.push(result.callsPerSec);
    }
  }
  const [now, then] = [median(perSec.today!), median(perSec[ref]!)];
  const r = now / then;
  process.stdout.write(
    `stdio ${era}: today ${Math.round(now)} calls/s, ${ref} ${Math.round(then)} calls/s, ratio ${r.toFixed(3)} (target >= 0.95: ${r >= 0.95 ? 'met' : 'MISSED'})\n`,
  );
}
process.stdout.write(`medians of ${rounds} interleaved rounds, ${calls} calls each, on ${process.version}\n`);
