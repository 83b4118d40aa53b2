// grep's output lines: `file:line: text` for a match, `file-line- text` for context, `--` between groups.

/** Longer lines are cut, so one minified file cannot flood the answer. */
export const MAX_LINE_CHARS = 500;

/**
 * A line is matched in its first MAX_MATCH_CHARS characters: a regex's cost can grow with the
 * square of the line (`.*x` on a minified file), and it cannot be stopped while it runs.
 */
export const MAX_MATCH_CHARS = 4096;

/** How long matching runs before it lets the event loop turn, so timeouts, cancels and other requests get in. */
const SLICE_MS = 20;

export function matchesLine(regex: RegExp, line: string): boolean {
  return regex.test(line.length > MAX_MATCH_CHARS ? line.slice(0, MAX_MATCH_CHARS) : line);
}

/** The indexes of the lines that match, at most `max` of them; stops with the signal's reason once it aborts. */
export async function findMatches(lines: readonly string[], regex: RegExp, max: number, signal: AbortSignal): Promise<number[]> {
  const found: number[] = [];
  let sliceStart = performance.now();
  for (let index = 0; index < lines.length && found.length < max; index += 1) {
    if (matchesLine(regex, lines[index] ?? '')) found.push(index);
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      signal.throwIfAborted();
      sliceStart = performance.now();
    }
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
