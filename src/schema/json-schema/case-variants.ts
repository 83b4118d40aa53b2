// The characters a case-insensitive regular expression takes for one character: what V8 itself
// matches (ECMAScript's Canonicalize without the u flag, simple case folding with it), asked of
// the engine, so that σ also brings ς, k brings the Kelvin sign only under u, and ß brings ẞ.

/**
 * BMP code points grouped by the upper case of their lower case: every case relative of a character is in its group.
 */
let groups: Map<string, number[]> | undefined;

function caseGroups(): Map<string, number[]> {
  if (groups !== undefined) return groups;
  groups = new Map();
  for (let code = 0; code <= 0xffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue; // lone surrogates have no case
    const key = groupKey(String.fromCharCode(code));
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [code]);
    else group.push(code);
  }
  return groups;
}

const groupKey = (char: string) => char.toLowerCase().toUpperCase();

const cache = new Map<number, readonly number[]>();

/** The other BMP code points that `/c/i` (`/c/iu` with `unicode`) matches, for the BMP code point `code`. */
export function caseVariants(code: number, unicode: boolean): readonly number[] {
  if (code > 0xffff || (code >= 0xd800 && code <= 0xdfff)) return [];
  const cacheKey = unicode ? -code - 1 : code;
  const known = cache.get(cacheKey);
  if (known !== undefined) return known;
  const char = String.fromCharCode(code);
  const all = caseGroups();
  const candidates = new Set(
    [char, char.toUpperCase(), char.toLowerCase()].flatMap((form) => all.get(groupKey(form)) ?? []),
  );
  candidates.delete(code);
  let variants: number[] = [];
  if (candidates.size > 0) {
    const engine = new RegExp(`^\\u${code.toString(16).padStart(4, '0')}$`, unicode ? 'iu' : 'i');
    variants = [...candidates].filter((candidate) => engine.test(String.fromCharCode(candidate))).sort((a, b) => a - b);
  }
  cache.set(cacheKey, variants);
  return variants;
}

/** A BMP code point as pattern text: ASCII letters and digits as they are, the rest as `\uXXXX`. */
export function charText(code: number): string {
  if ((code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a))
    return String.fromCharCode(code);
  return `\\u${code.toString(16).padStart(4, '0')}`;
}
