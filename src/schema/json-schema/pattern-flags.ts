// A JSON Schema `pattern` has no flags: a Zod `.regex(/abc/i)` written as `"abc"` would tell the model
// that "ABC" is refused while the server accepts it. The flags that change what matches (i, s, m)
// are written into the pattern itself; g, y and d change nothing a single test sees, and u and v
// are how JSON Schema reads every pattern anyway.
import { caseVariants, charText } from './case-variants.js';

const LINE_END = '\\n\\r\\u2028\\u2029';
/** Case additions are computed over at most this many code points of one class range. */
const RANGE_SCAN_LIMIT = 0x10000;
/** What `\w` also takes under i with u: ſ and the Kelvin sign fold to s and k. */
const WORD_FOLDED = '\\u017f\\u212a';
/** Letters that start an escape of their own without the u flag; any other escaped letter is the letter itself. */
const ESCAPE_LETTERS = new Set('bBdDwWsSfnrtvcxuk');

interface Flags {
  readonly ignoreCase: boolean;
  readonly dotAll: boolean;
  readonly multiline: boolean;
  /** u or v: how escapes and cases are read. */
  readonly unicode: boolean;
  readonly unicodeSets: boolean;
  /** `\k<name>` is a backreference (without the u flag, only in a pattern that names a group). */
  readonly namedGroups: boolean;
}

/** The pattern, flag-free, matching the same strings as `regex` does with its flags. */
export function patternOf(regex: RegExp): string {
  const source = regex.source;
  const flags: Flags = {
    ignoreCase: regex.flags.includes('i'),
    dotAll: regex.flags.includes('s'),
    multiline: regex.flags.includes('m'),
    unicode: regex.flags.includes('u') || regex.flags.includes('v'),
    unicodeSets: regex.flags.includes('v'),
    namedGroups: /\(\?<[^=!]/.test(source),
  };
  if (!flags.ignoreCase && !flags.dotAll && !flags.multiline) return source;
  let out = '';
  for (let i = 0; i < source.length; ) {
    const char = source[i]!;
    if (char === '\\') {
      const end = escapeEnd(source, i, flags);
      out += rewriteEscape(source.slice(i, end), flags);
      i = end;
    } else if (char === '[') {
      const end = classEnd(source, i, flags);
      const body = source.slice(i, end);
      out += flags.ignoreCase && !flags.unicodeSets ? withOtherCases(body, flags) : body;
      i = end;
    } else if (char === '(' && source.startsWith('(?<', i) && source[i + 3] !== '=' && source[i + 3] !== '!') {
      const end = source.indexOf('>', i) + 1; // a group's name, whatever its letters, is not matched text
      out += source.slice(i, end);
      i = end;
    } else {
      const code = source.codePointAt(i)!;
      out += rewriteAtom(String.fromCodePoint(code), flags);
      i += code > 0xffff ? 2 : 1;
    }
  }
  return out;
}

function rewriteAtom(char: string, flags: Flags): string {
  if (char === '.' && flags.dotAll) return '[\\s\\S]';
  if (char === '^' && flags.multiline) return `(?:^|(?<=[${LINE_END}]))`;
  if (char === '$' && flags.multiline) return `(?:$|(?=[${LINE_END}]))`;
  return flags.ignoreCase ? withVariants(char, char.codePointAt(0)!, flags) : char;
}

/** `text` standing for `code`, as a class of it and its case variants when it has any. */
function withVariants(text: string, code: number, flags: Flags): string {
  const variants = caseVariants(code, flags.unicode);
  return variants.length === 0 ? text : `[${text}${variants.map(charText).join('')}]`;
}

function rewriteEscape(sequence: string, flags: Flags): string {
  if (!flags.ignoreCase) return sequence;
  const kind = sequence[1] ?? '';
  if (flags.unicode && kind === 'w') return `[\\w${WORD_FOLDED}]`;
  if (flags.unicode && kind === 'W') return `[^\\w${WORD_FOLDED}]`;
  const code = escapedCode(sequence, flags);
  // `\x41`, `\u0041`, and without u an identity escape of a letter (`\a` is `a`): a character, with its cases.
  const identity =
    !flags.unicode && /^[A-Za-z]$/.test(kind) && (!ESCAPE_LETTERS.has(kind) || (kind === 'k' && !flags.namedGroups));
  const character = /^\\[xu]/.test(sequence) || identity;
  return character && code >= 0 ? withVariants(sequence, code, flags) : sequence;
}

/** Index just past the escape starting at `start` (a backslash). */
function escapeEnd(source: string, start: number, flags: Flags): number {
  const kind = source[start + 1];
  if (kind === undefined) return start + 1;
  const braced = (kind === 'u' && flags.unicode) || ((kind === 'p' || kind === 'P') && flags.unicode);
  if (
    (braced && source[start + 2] === '{') ||
    (kind === 'k' && (flags.unicode || flags.namedGroups) && source[start + 2] === '<')
  ) {
    const close = source.indexOf(source[start + 2] === '{' ? '}' : '>', start);
    return close === -1 ? source.length : close + 1;
  }
  if (kind === 'u') return Math.min(source.length, start + 6);
  if (kind === 'x') return Math.min(source.length, start + 4);
  if (kind === 'c') return Math.min(source.length, start + 3);
  const code = source.codePointAt(start + 1)!;
  return start + (code > 0xffff ? 3 : 2);
}

/** Index just past the class starting at `start`; with the v flag, classes nest. */
function classEnd(source: string, start: number, flags: Flags): number {
  let depth = 0;
  for (let i = start; i < source.length; ) {
    const char = source[i]!;
    if (char === '\\') {
      i = escapeEnd(source, i, flags);
      continue;
    }
    if (char === '[' && (depth === 0 || flags.unicodeSets)) depth += 1;
    else if (char === ']' && --depth === 0) return i + 1;
    i += 1;
  }
  return source.length;
}

/** `[a-c_]` -> `[a-c_A-C]`: the class, with the case variants of what it holds added. */
function withOtherCases(body: string, flags: Flags): string {
  const negated = body[1] === '^';
  const inner = body.slice(negated ? 2 : 1, -1);
  const atoms = classAtoms(inner, flags);
  const present = (code: number) => atoms.some((atom) => atom.from <= code && code <= atom.to);
  const added = new Set<number>();
  for (const atom of atoms) {
    if (atom.from < 0) continue; // \d, \s, \p{…}: a set that takes its cases itself, or is left to the engine
    for (let code = atom.from; code <= Math.min(atom.to, atom.from + RANGE_SCAN_LIMIT); code++) {
      for (const variant of caseVariants(code, flags.unicode)) if (!present(variant)) added.add(variant);
    }
  }
  const word = flags.unicode && /(^|[^\\])(\\\\)*\\w/.test(inner) ? WORD_FOLDED : '';
  if (added.size === 0 && word === '') return body;
  // Before a `-` that ends the class (a literal there), or it would start a range with what is added.
  const trailingDash = inner.endsWith('-') && !/(^|[^\\])(\\\\)*\\-$/.test(inner);
  const kept = trailingDash ? inner.slice(0, -1) : inner;
  return `[${negated ? '^' : ''}${kept}${toRanges([...added])}${word}${trailingDash ? '-' : ''}]`;
}

interface ClassAtom {
  /** Code points, or -1 for an escape that stands for a set (`\w`, `\p{L}`). */
  readonly from: number;
  readonly to: number;
}

function classAtoms(inner: string, flags: Flags): ClassAtom[] {
  const atoms: ClassAtom[] = [];
  for (let i = 0; i < inner.length; ) {
    const [from, next] = readClassChar(inner, i, flags);
    if (from >= 0 && inner[next] === '-' && next + 1 < inner.length) {
      const [to, after] = readClassChar(inner, next + 1, flags);
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
function readClassChar(inner: string, i: number, flags: Flags): [number, number] {
  if (inner[i] === '\\') {
    const end = escapeEnd(inner, i, flags);
    return [escapedCode(inner.slice(i, end), flags), end];
  }
  const code = inner.codePointAt(i)!;
  return [code, i + (code > 0xffff ? 2 : 1)];
}

/** The code point an escape stands for, or -1 when it stands for a set, a boundary or a backreference. */
function escapedCode(sequence: string, flags: Flags): number {
  const kind = sequence[1] ?? '';
  const hex = sequence.startsWith('\\u{')
    ? sequence.slice(3, -1)
    : kind === 'u' || kind === 'x'
      ? sequence.slice(2)
      : undefined;
  if (hex !== undefined) return /^[0-9A-Fa-f]+$/.test(hex) ? Number.parseInt(hex, 16) : -1;
  const named: Record<string, number> = { n: 10, r: 13, t: 9, v: 11, f: 12, b: 8, '0': 0 };
  if (Object.hasOwn(named, kind)) return named[kind]!;
  if (/[dDwWsScB1-9]/.test(kind)) return -1;
  if ((kind === 'p' || kind === 'P') && flags.unicode) return -1;
  if (kind === 'k' && (flags.unicode || flags.namedGroups) && sequence.length > 2) return -1;
  return sequence.codePointAt(1) ?? -1; // punctuation, or without u any other letter: the character itself
}

/** Code points -> class text, consecutive ones as ranges. */
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

/** Rewrites, in place, the `pattern`s a string schema's JSON holds for `regexes` whose flags matter. */
export function writePatternFlags(json: Record<string, unknown>, regexes: Iterable<RegExp>): void {
  for (const regex of regexes) {
    const pattern = patternOf(regex);
    if (pattern === regex.source) continue;
    if (json.pattern === regex.source) json.pattern = pattern;
    if (Array.isArray(json.allOf)) {
      for (const part of json.allOf as Record<string, unknown>[])
        if (part.pattern === regex.source) part.pattern = pattern;
    }
  }
}
