// A JSON Schema `pattern` has no flags: a Zod `.regex(/abc/i)` written as `"abc"` would tell the model
// that "ABC" is refused while the server accepts it. The flags that change what matches (i, s, m)
// are written into the pattern itself; g, y and d change nothing a single test sees, and u and v
// are how JSON Schema reads every pattern anyway.

const LINE_END = '\\n\\r\\u2028\\u2029';
/** Case additions are computed over at most this many code points of one class range. */
const RANGE_SCAN_LIMIT = 0x10000;

/** The pattern, flag-free, matching the same strings as `regex` does with its flags. */
export function patternOf(regex: RegExp): string {
  const ignoreCase = regex.flags.includes('i');
  const dotAll = regex.flags.includes('s');
  const multiline = regex.flags.includes('m');
  const unicodeSets = regex.flags.includes('v');
  const source = regex.source;
  if (!ignoreCase && !dotAll && !multiline) return source;
  let out = '';
  for (let i = 0; i < source.length; ) {
    const char = source[i]!;
    if (char === '\\') {
      const end = escapeEnd(source, i);
      const escape = source.slice(i, end);
      const other = ignoreCase && /^\\[xu]/.test(escape) ? otherCase(String.fromCodePoint(Math.max(0, escapedCode(escape)))) : undefined;
      out += other === undefined ? escape : `[${escape}${other}]`; // `\x41` under i: `[\x41a]`
      i = end;
    } else if (char === '[') {
      const end = classEnd(source, i, unicodeSets);
      const body = source.slice(i, end);
      out += ignoreCase && !unicodeSets ? withOtherCases(body) : body;
      i = end;
    } else if (char === '(' && source[i + 1] === '?' && source[i + 2] === '<' && /[A-Za-z_$]/.test(source[i + 3] ?? '')) {
      const end = source.indexOf('>', i) + 1; // a group's name is not matched text
      out += source.slice(i, end);
      i = end;
    } else {
      out += rewriteAtom(char, ignoreCase, dotAll, multiline);
      i += 1;
    }
  }
  return out;
}

function rewriteAtom(char: string, ignoreCase: boolean, dotAll: boolean, multiline: boolean): string {
  if (char === '.' && dotAll) return '[\\s\\S]';
  if (char === '^' && multiline) return `(?:^|(?<=[${LINE_END}]))`;
  if (char === '$' && multiline) return `(?:$|(?=[${LINE_END}]))`;
  if (ignoreCase) {
    const other = otherCase(char);
    if (other !== undefined) return `[${char}${other}]`;
  }
  return char;
}

/** The other case of a one-character letter, when it is one character too. */
function otherCase(char: string): string | undefined {
  const upper = char.toUpperCase();
  const other = upper !== char ? upper : char.toLowerCase();
  return other !== char && other.length === 1 ? other : undefined;
}

/** Index just past the escape starting at `start` (a backslash). */
function escapeEnd(source: string, start: number): number {
  const kind = source[start + 1];
  if (kind === undefined) return start + 1;
  if ((kind === 'u' || kind === 'p' || kind === 'P' || kind === 'k') && (source[start + 2] === '{' || source[start + 2] === '<')) {
    const close = source.indexOf(source[start + 2] === '{' ? '}' : '>', start);
    return close === -1 ? source.length : close + 1;
  }
  if (kind === 'u') return Math.min(source.length, start + 6);
  if (kind === 'x') return Math.min(source.length, start + 4);
  if (kind === 'c') return Math.min(source.length, start + 3);
  return start + 2;
}

/** Index just past the class starting at `start`; with the v flag, classes nest. */
function classEnd(source: string, start: number, nested: boolean): number {
  let depth = 0;
  for (let i = start; i < source.length; ) {
    const char = source[i]!;
    if (char === '\\') {
      i = escapeEnd(source, i);
      continue;
    }
    if (char === '[' && (depth === 0 || nested)) depth += 1;
    else if (char === ']' && --depth === 0) return i + 1;
    i += 1;
  }
  return source.length;
}

/** `[a-c_]` -> `[a-c_A-C]`: the class, with what its letters are in the other case added. */
function withOtherCases(body: string): string {
  const negated = body[1] === '^';
  const inner = body.slice(negated ? 2 : 1, -1);
  const atoms = classAtoms(inner);
  const present = (code: number) => atoms.some((atom) => atom.from <= code && code <= atom.to);
  const added: number[] = [];
  for (const atom of atoms) {
    if (atom.from < 0) continue; // \w, \d, \p{…}: already both cases, or left to the engine
    for (let code = atom.from; code <= Math.min(atom.to, atom.from + RANGE_SCAN_LIMIT); code++) {
      const other = otherCase(String.fromCodePoint(code));
      if (other === undefined) continue;
      const otherCode = other.codePointAt(0)!;
      // A class without the u flag cannot hold a character outside the BMP as one atom.
      if (otherCode <= 0xffff && !present(otherCode) && !added.includes(otherCode)) added.push(otherCode);
    }
  }
  if (added.length === 0) return body;
  return `[${negated ? '^' : ''}${inner}${toRanges(added)}]`;
}

interface ClassAtom {
  /** Code points, or -1 for an escape that stands for a set (`\w`, `\p{L}`). */
  readonly from: number;
  readonly to: number;
}

function classAtoms(inner: string): ClassAtom[] {
  const atoms: ClassAtom[] = [];
  for (let i = 0; i < inner.length; ) {
    const [from, next] = readClassChar(inner, i);
    if (from >= 0 && inner[next] === '-' && next + 1 < inner.length) {
      const [to, after] = readClassChar(inner, next + 1);
      if (to >= 0) {
        atoms.push({ from, to });
        i = after;
        continue;
      }
    }
    atoms.push({ from, to: from });
    i = next;
  }
  return atoms;
}

/** The code point at `i` inside a class (or -1 for a set escape), and the index after it. */
function readClassChar(inner: string, i: number): [number, number] {
  if (inner[i] === '\\') {
    const end = escapeEnd(inner, i);
    return [escapedCode(inner.slice(i, end)), end];
  }
  const code = inner.codePointAt(i)!;
  return [code, i + (code > 0xffff ? 2 : 1)];
}

/** The code point an escape inside a class stands for, or -1 when it stands for a set. */
function escapedCode(escape: string): number {
  const kind = escape[1] ?? '';
  const hex = escape.startsWith('\\u{') ? escape.slice(3, -1) : kind === 'u' || kind === 'x' ? escape.slice(2) : undefined;
  if (hex !== undefined) return /^[0-9A-Fa-f]+$/.test(hex) ? Number.parseInt(hex, 16) : -1;
  const named: Record<string, number> = { n: 10, r: 13, t: 9, v: 11, f: 12, b: 8, '0': 0 };
  if (Object.hasOwn(named, kind)) return named[kind]!;
  if (/[dDwWsSpPck1-9]/.test(kind)) return -1;
  return kind.codePointAt(0) ?? -1; // an escaped punctuation character stands for itself
}

/** BMP code points -> class text: letters as they are, the rest as `\uXXXX`. */
function toRanges(codes: number[]): string {
  const sorted = [...codes].sort((a, b) => a - b);
  let out = '';
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    out += j === i ? charText(sorted[i]!) : `${charText(sorted[i]!)}-${charText(sorted[j]!)}`;
    i = j + 1;
  }
  return out;
}

function charText(code: number): string {
  if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) return String.fromCharCode(code);
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Rewrites, in place, the `pattern`s a string schema's JSON holds for `regexes` whose flags matter. */
export function writePatternFlags(json: Record<string, unknown>, regexes: Iterable<RegExp>): void {
  for (const regex of regexes) {
    const pattern = patternOf(regex);
    if (pattern === regex.source) continue;
    if (json.pattern === regex.source) json.pattern = pattern;
    if (Array.isArray(json.allOf)) {
      for (const part of json.allOf as Record<string, unknown>[]) if (part.pattern === regex.source) part.pattern = pattern;
    }
  }
}
