// grep's output lines: `file:line: text` for a match, `file-line- text` for context, `--` between groups.
// The file is printed as path-escape.ts prints paths: bare only when it holds no `:`, space, quote or
// backslash, so a line reads one way only and no name can forge one.

/** Longer lines are cut, so one minified file cannot flood the answer. */
export const MAX_LINE_CHARS = 500;

/**
 * A line is matched in its first MAX_MATCH_CHARS characters: a regex's cost can grow with the
 * square of the line (`.*x` on a minified file), so a whole 400 KB line could take minutes.
 */
export const MAX_MATCH_CHARS = 4096;

export function matchesLine(regex: RegExp, line: string): boolean {
  return regex.test(line.length > MAX_MATCH_CHARS ? line.slice(0, MAX_MATCH_CHARS) : line);
}

/** The indexes of the lines that match, at most `max` of them. */
export function findMatches(lines: readonly string[], regex: RegExp, max: number): number[] {
  const found: number[] = [];
  for (let index = 0; index < lines.length && found.length < max; index += 1) {
    if (matchesLine(regex, lines[index] ?? '')) found.push(index);
  }
  return found;
}

/**
 * Renders one file's matches. With context, overlapping or touching windows merge into one group,
 * and a context line that matches too is marked as a match. `separate` puts `--` before the first
 * group, when an earlier file already printed one.
 */
export function formatMatches(
  file: string,
  lines: readonly string[],
  matches: readonly number[],
  regex: RegExp,
  contextLines: number,
  separate: boolean,
): string[] {
  if (contextLines === 0) return matches.map((index) => `${file}:${index + 1}: ${cutLine(lines[index] ?? '')}`);
  const groups: [number, number][] = [];
  for (const index of matches) {
    const start = Math.max(0, index - contextLines);
    const end = Math.min(lines.length - 1, index + contextLines);
    const last = groups.at(-1);
    if (last !== undefined && start <= last[1] + 1) last[1] = end;
    else groups.push([start, end]);
  }
  const out: string[] = [];
  for (const [start, end] of groups) {
    if (separate || out.length > 0) out.push('--');
    for (let index = start; index <= end; index += 1) {
      const text = lines[index] ?? '';
      const mark = matchesLine(regex, text) ? ':' : '-';
      out.push(`${file}${mark}${index + 1}${mark} ${cutLine(text)}`);
    }
  }
  return out;
}

function cutLine(text: string): string {
  return text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)}…` : text;
}
