// `zod-mcp snapshot TARGET [--out FILE]`: the server's surface in its canonical form; with `--check
// FILE`, each difference from a committed one, classified, and exit 1 when one is at or above
// `--fail-on` (docs/testing.md).
import { readFile } from 'node:fs/promises';
import { Snapshot } from '../../schemas/snapshot.js';
import type { EraName } from '../client/client.js';
import { compareSnapshots } from '../contract/compare.js';
import { formatComparison } from '../contract/report.js';
import { formatSnapshot, takeSnapshot } from '../contract/snapshot.js';
import { COMMANDS } from './commands.js';
import { parseFlags } from './flags.js';
import { connectTarget, failureOf, readTarget, splitCommandLine, type Target } from './target.js';
import { UsageError } from './usage-error.js';
import { writeFileWhole } from './write-file.js';

const LEVELS = ['breaking', 'risky', 'additive'] as const;

export async function runSnapshotCommand(args: readonly string[]): Promise<number> {
  const { own, server } = splitCommandLine(args);
  const { values, positionals } = parseFlags('snapshot', COMMANDS.snapshot.flags, own);
  const { target, rest } = readTarget('snapshot', positionals, server, values.header);
  if (rest.length > 0) throw new UsageError(`snapshot: one target, not more: ${rest.join(' ')}`);
  const failOn = values['fail-on'] ?? 'breaking';
  if (failOn !== 'breaking' && failOn !== 'risky')
    throw new UsageError(`snapshot: --fail-on: breaking or risky: ${failOn}`);
  if (values.check === undefined) {
    for (const flag of ['json', 'update', 'fail-on'] as const)
      if (values[flag] !== undefined) throw new UsageError(`snapshot: --${flag} goes with --check FILE`);
    const text = formatSnapshot(await snapshotOfTarget(target, values.structural ?? false));
    if (values.out === undefined) process.stdout.write(text);
    else await writeFileWhole(values.out, text);
    return 0;
  }
  if (values.out !== undefined) throw new UsageError('snapshot: --out or --check, not both (--update rewrites FILE)');
  const committed = await readSnapshot(values.check);
  const live = await snapshotOfTarget(target, (values.structural ?? false) || committed.structural === true);
  const comparison = compareSnapshots(committed, live);
  process.stdout.write(values.json ? `${JSON.stringify(comparison)}\n` : formatComparison(comparison));
  if (values.update) {
    await writeFileWhole(values.check, formatSnapshot(live));
    return 0;
  }
  const worst = LEVELS.slice(0, LEVELS.indexOf(failOn) + 1);
  return worst.some((level) => comparison[level].length > 0) ? 1 : 0;
}

/** Each era the target serves, through a connection of its own; the lists from the newest. */
function snapshotOfTarget(target: Target, structural: boolean): Promise<Snapshot> {
  return takeSnapshot((era: EraName) => connectTarget(target, { era }), { structural }).catch(failureOf('snapshot'));
}

async function readSnapshot(file: string): Promise<Snapshot> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`snapshot: --check ${file}: ${(error as Error).message}`);
  }
  const parsed = Snapshot().safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(
      `snapshot: --check ${file}: not a snapshot (zod-mcp snapshot writes one): ` +
        `${issue.path.join('/')}: ${issue.message}`,
    );
  }
  return parsed.data;
}
