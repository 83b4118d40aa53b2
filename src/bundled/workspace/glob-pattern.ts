// Glob patterns -> anchored regular expressions, matched against `/`-separated relative paths.
// Supports `**` (any number of directories), `*`, `?`, `[abc]`, `[a-z]`, `[!abc]`, `{a,b}` (nested too)
// and `\` to escape. `*` and `?` never match `/`; names starting with a dot are matched like any other.

interface Cursor {
  readonly text: string;
  index: number;
}

/** Compiles a glob; characters that start no valid construct (an unclosed `[` or `{`) are literal. */
export function compileGlob(pattern: string): RegExp {
  const cursor: Cursor = { text: pattern, index: 0 };
  let source = parseSequence(cursor, false, true);
  // A `}` or `,` left over at the top level (no `{` opened) is a literal character.
  while (cursor.index < pattern.length) {
    source += escapeLiteral(pattern[cursor.index] ?? '');
    cursor.index += 1;
    source += parseSequence(cursor, false, false);
  }
  return new RegExp(`^${source}$`);
}

/** Parses up to the end, or inside braces up to the `,` or `}` that ends this alternative. */
function parseSequence(cursor: Cursor, inBraces: boolean, atSegmentStart: boolean): string {
  const { text } = cursor;
  let out = '';
  let segmentStart = atSegmentStart;
  while (cursor.index < text.length) {
    const char = text[cursor.index] ?? '';
    if (char === ',' || char === '}') {
      if (inBraces) break;
      out += escapeLiteral(char);
      cursor.index += 1;
      segmentStart = false;
      continue;
    }
    if (char === '*') {
      out += parseStars(cursor, inBraces, segmentStart);
      segmentStart = out.endsWith('/)*');
      continue;
    }
    if (char === '\\' && cursor.index + 1 < text.length) {
      out += escapeLiteral(text[cursor.index + 1] ?? '');
      cursor.index += 2;
    } else if (char === '?') {
      out += '[^/]';
      cursor.index += 1;
    } else if (char === '[' || char === '{') {
      const construct = char === '[' ? parseClass(cursor) : parseBraces(cursor, segmentStart);
      if (construct === null) {
        out += escapeLiteral(char);
        cursor.index += 1;
      } else {
        out += construct;
      }
    } else {
      out += escapeLiteral(char);
      cursor.index += 1;
    }
    segmentStart = char === '/';
  }
  return out;
}

/** `**` standing alone as a path segment spans directories; any other run of stars stays within one name. */
function parseStars(cursor: Cursor, inBraces: boolean, segmentStart: boolean): string {
  const { text } = cursor;
  let end = cursor.index;
  while (text[end] === '*') end += 1;
  const run = end - cursor.index;
  cursor.index = end;
  const next = text[end];
  const segmentEnd = next === undefined || next === '/' || (inBraces && (next === ',' || next === '}'));
  if (run < 2 || !segmentStart || !segmentEnd) return '[^/]*';
  if (next === '/') {
    cursor.index += 1;
    // `**/`: zero or more whole directories.
    return '(?:[^/]+/)*';
  }
  return '[\\s\\S]*';
}

/** `[abc]`, `[a-z]`, `[!abc]` or `[^abc]`; null when the `[` is never closed. A class never matches `/`. */
function parseClass(cursor: Cursor): string | null {
  const { text } = cursor;
  let index = cursor.index + 1;
  const negated = text[index] === '!' || text[index] === '^';
  if (negated) index += 1;
  let body = '';
  let first = true;
  while (index < text.length) {
    const char = text[index] ?? '';
    if (char === ']' && !first) {
      cursor.index = index + 1;
      return negated ? `[^/${body}]` : `(?!/)[${body}]`;
    }
    if (char === '\\' && index + 1 < text.length) {
      body += escapeClassChar(text[index + 1] ?? '');
      index += 2;
    } else {
      // `-` keeps its meaning (a range); `]` first in the class is a literal.
      body += char === '-' ? char : escapeClassChar(char);
      index += 1;
    }
    first = false;
  }
  return null;
}

/** `{a,b,c}` -> an alternation; null when unclosed or with a single alternative (then literal, as in bash). */
function parseBraces(cursor: Cursor, segmentStart: boolean): string | null {
  const start = cursor.index;
  cursor.index += 1;
  const alternatives: string[] = [];
  for (;;) {
    alternatives.push(parseSequence(cursor, true, segmentStart));
    const char = cursor.text[cursor.index];
    cursor.index += 1;
    if (char === '}') break;
    if (char !== ',') {
      cursor.index = start;
      return null;
    }
  }
  if (alternatives.length < 2) {
    cursor.index = start;
    return null;
  }
  return `(?:${alternatives.join('|')})`;
}

function escapeLiteral(char: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(char) ? `\\${char}` : char;
}

function escapeClassChar(char: string): string {
  return /[\\\]\[^-]/.test(char) ? `\\${char}` : char;
}
