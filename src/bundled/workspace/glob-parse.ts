// Glob patterns parsed into a tree in linear time: one pass cuts the pattern into tokens, one pass
// pairs the braces with a stack, one pass builds the tree. Nothing is scanned twice, so no pattern
// costs more than its length (re-scanning from each unclosed `{` doubled the work per `{`).

/** One step of a glob; code points, so `?` is one character even outside the Basic Multilingual Plane. */
export type GlobNode =
  | { readonly kind: 'char'; readonly code: number }
  /** `?`: one character but `/`. */
  | { readonly kind: 'any' }
  /** `[...]`: one character of the set (or, negated, not in it); never `/`. */
  | { readonly kind: 'class'; readonly negated: boolean; readonly ranges: readonly (readonly [number, number])[] }
  /** `*` (or `**` inside a name): any run of characters but `/`. */
  | { readonly kind: 'star' }
  /** `**` as the last segment: anything, `/` included. */
  | { readonly kind: 'all' }
  /** `**\/`: zero or more whole directories. */
  | { readonly kind: 'dirs' }
  | { readonly kind: 'braces'; readonly alternatives: readonly (readonly GlobNode[])[] };

type Token =
  | { readonly kind: 'char'; readonly code: number; readonly separator: boolean }
  | { readonly kind: 'stars'; readonly count: number }
  | { readonly kind: 'any' }
  | { readonly kind: 'class'; readonly negated: boolean; readonly ranges: readonly (readonly [number, number])[] }
  | { readonly kind: 'open' | 'comma' | 'close' };

interface Group {
  readonly commas: readonly number[];
  readonly close: number;
}

const SLASH = 0x2f;
const BACKSLASH = 0x5c;

/**
 * `**` (any number of directories, as a whole segment), `*`, `?`, `[abc]`, `[a-z]`, `[!abc]`,
 * `[^abc]`, `{a,b}` (nested too) and `\` to escape. An unclosed `[` or `{`, and a `{a}` with one
 * alternative, are literal, as in bash.
 */
export function parseGlob(pattern: string): GlobNode[] {
  const tokens = tokenize(Array.from(pattern, (char) => char.codePointAt(0) ?? 0));
  return buildSequence(tokens, pairBraces(tokens), 0, tokens.length, true);
}

function tokenize(points: readonly number[]): Token[] {
  const tokens: Token[] = [];
  // Once one `[` finds no `]`, no later `[` can: their scans see the same characters from there on.
  let classesClosed = true;
  let index = 0;
  while (index < points.length) {
    const code = points[index]!;
    if (code === BACKSLASH && index + 1 < points.length) {
      tokens.push({ kind: 'char', code: points[index + 1]!, separator: false });
      index += 2;
    } else if (code === 0x2a) {
      let end = index;
      while (points[end] === 0x2a) end += 1;
      tokens.push({ kind: 'stars', count: end - index });
      index = end;
    } else if (code === 0x5b && classesClosed) {
      const parsed = parseClass(points, index);
      if (parsed === null) {
        classesClosed = false;
        tokens.push({ kind: 'char', code, separator: false });
        index += 1;
      } else {
        tokens.push(parsed.token);
        index = parsed.end;
      }
    } else {
      tokens.push(simpleToken(code));
      index += 1;
    }
  }
  return tokens;
}

function simpleToken(code: number): Token {
  if (code === 0x3f) return { kind: 'any' };
  if (code === 0x7b) return { kind: 'open' };
  if (code === 0x2c) return { kind: 'comma' };
  if (code === 0x7d) return { kind: 'close' };
  return { kind: 'char', code, separator: code === SLASH };
}

/** `[...]` from `start`; null when no `]` closes it. A `]` first in the set is a member; `\` escapes. */
function parseClass(points: readonly number[], start: number): { token: Token; end: number } | null {
  let index = start + 1;
  const negated = points[index] === 0x21 || points[index] === 0x5e;
  if (negated) index += 1;
  const items: { code: number; escaped: boolean }[] = [];
  while (index < points.length) {
    const code = points[index]!;
    if (code === 0x5d && items.length > 0)
      return { token: { kind: 'class', negated, ranges: toRanges(items) }, end: index + 1 };
    if (code === BACKSLASH && index + 1 < points.length) {
      items.push({ code: points[index + 1]!, escaped: true });
      index += 2;
    } else {
      items.push({ code, escaped: false });
      index += 1;
    }
  }
  return null;
}

/** As in a regular expression: an unescaped `-` between two members is a range; first or last, it is a member. */
function toRanges(items: readonly { code: number; escaped: boolean }[]): [number, number][] {
  const ranges: [number, number][] = [];
  let index = 0;
  while (index < items.length) {
    const low = items[index]!.code;
    const dash = items[index + 1];
    const high = items[index + 2];
    if (dash !== undefined && dash.code === 0x2d && !dash.escaped && high !== undefined) {
      if (high.code < low) {
        throw new Error(
          `invalid glob pattern: the range ${String.fromCodePoint(low)}-${String.fromCodePoint(high.code)} is out ` +
            'of order',
        );
      }
      ranges.push([low, high.code]);
      index += 3;
    } else {
      ranges.push([low, low]);
      index += 1;
    }
  }
  return ranges;
}

/**
 * Pairs each `}` with the nearest open `{` that has a `,` of its own; an open `{` without one is
 * literal and the `}` goes on to the next one down. Braces still open at the end are literal, and so
 * are their commas. By the `{` token's index.
 */
function pairBraces(tokens: readonly Token[]): Map<number, Group> {
  const groups = new Map<number, Group>();
  const open: { index: number; commas: number[] }[] = [];
  for (const [index, token] of tokens.entries()) {
    if (token.kind === 'open') open.push({ index, commas: [] });
    else if (token.kind === 'comma') open.at(-1)?.commas.push(index);
    else if (token.kind === 'close') {
      for (let brace = open.pop(); brace !== undefined; brace = open.pop()) {
        if (brace.commas.length === 0) continue;
        groups.set(brace.index, { commas: brace.commas, close: index });
        break;
      }
    }
  }
  return groups;
}

/**
 * The tokens from `from` to `to` as nodes. A run of stars is `**` only as a whole segment: at the
 * start of one (the pattern's start, after `/` or `**\/`, or where the enclosing braces stand) and
 * at its end (the end of the pattern or of its alternative, or before `/`, which it takes in).
 */
function buildSequence(
  tokens: readonly Token[],
  groups: ReadonlyMap<number, Group>,
  from: number,
  to: number,
  atSegmentStart: boolean,
): GlobNode[] {
  const nodes: GlobNode[] = [];
  let segmentStart = atSegmentStart;
  let index = from;
  while (index < to) {
    const token = tokens[index]!;
    const group = token.kind === 'open' ? groups.get(index) : undefined;
    if (group !== undefined) {
      const bounds = [index, ...group.commas, group.close];
      const alternatives = bounds
        .slice(1)
        .map((end, part) => buildSequence(tokens, groups, bounds[part]! + 1, end, segmentStart));
      nodes.push({ kind: 'braces', alternatives });
      index = group.close + 1;
      segmentStart = false;
      continue;
    }
    if (token.kind === 'stars') {
      const next = index + 1 < to ? tokens[index + 1] : undefined;
      const beforeSlash = next?.kind === 'char' && next.separator;
      if (token.count < 2 || !segmentStart || !(next === undefined || beforeSlash)) {
        nodes.push({ kind: 'star' });
        index += 1;
        segmentStart = false;
      } else if (beforeSlash) {
        nodes.push({ kind: 'dirs' });
        index += 2;
      } else {
        nodes.push({ kind: 'all' });
        index += 1;
        segmentStart = false;
      }
      continue;
    }
    nodes.push(toNode(token));
    segmentStart = token.kind === 'char' && token.separator;
    index += 1;
  }
  return nodes;
}

/** A token outside any construct: `{`, `,` and `}` that pair with nothing are literal characters. */
function toNode(token: Token): GlobNode {
  switch (token.kind) {
    case 'char':
      return { kind: 'char', code: token.code };
    case 'any':
      return { kind: 'any' };
    case 'class':
      return { kind: 'class', negated: token.negated, ranges: token.ranges };
    case 'open':
      return { kind: 'char', code: 0x7b };
    case 'comma':
      return { kind: 'char', code: 0x2c };
    case 'close':
      return { kind: 'char', code: 0x7d };
    case 'stars':
      return { kind: 'star' };
  }
}
