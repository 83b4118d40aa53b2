// A comparison of two snapshots in words, as `zod-mcp snapshot --check` prints it: a section per
// class that has changes, one `path: message [rule]` line per change.
import type { ChangeClass, Comparison } from '../../schemas/snapshot.js';

const CLASSES: readonly ChangeClass[] = ['breaking', 'risky', 'additive'];

/** The report, ending in a newline; `no changes` when there are none. */
export function formatComparison(comparison: Comparison): string {
  const sections = CLASSES.filter((name) => comparison[name].length > 0).map((name) => {
    const lines = comparison[name].map((change) => `  ${change.path}: ${change.message} [${change.rule}]\n`);
    return `${name} (${lines.length}):\n${lines.join('')}`;
  });
  return sections.length === 0 ? 'no changes\n' : sections.join('');
}
