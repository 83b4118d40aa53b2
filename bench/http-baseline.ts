// `npm run bench:http-baseline -- [REF] [--rounds N] [--calls N]`: today's HTTP transport against
// itself at REF (default: main's last commit, HEAD), one process each, stateless 2026 echo calls,
// interleaved rounds, medians. The target: today's calls per second at least 0.95× REF's, from the
// checked client and from autocannon. Not a test: it prints, and exits 0 either way.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baselineArgs, buildBaseline } from './baseline.js';
import { baselineRow, formatHttpTable, runHttpBench } from './http.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { ref, option } = baselineArgs(process.argv.slice(2));
const rounds = option('--rounds', 5);
const calls = option('--calls', 20_000);
const seconds = option('--seconds', 5);
const log = (text: string) => process.stderr.write(`${text}\n`);

const program = buildBaseline(root, ref, log);
const rows = await runHttpBench({
  calls,
  repeats: rounds,
  autocannonSeconds: seconds,
  log,
  only: ['zod-mcp, 1 process'],
  baseline: { ref, program },
});
const today = rows.find((row) => row.name === 'zod-mcp, 1 process')!;
const before = rows.find((row) => row.name === baselineRow(ref))!;
process.stdout.write(`${formatHttpTable(rows, calls, seconds)}\n\n`);
const ratio = (now: number, then: number) => now / then;
for (const [label, now, then] of [
  ['checked client', today.callsPerSec, before.callsPerSec],
  ['autocannon', today.autocannon.callsPerSec, before.autocannon.callsPerSec],
] as const) {
  const r = ratio(now, then);
  process.stdout.write(
    `${label}: today / ${ref} = ${r.toFixed(3)} (target >= 0.95: ${r >= 0.95 ? 'met' : 'MISSED'})\n`,
  );
}
process.stdout.write(`medians of ${rounds} interleaved rounds, on ${process.version}\n`);
