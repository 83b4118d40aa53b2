// The words search mode indexes and looks for: a name, a description or a query cut into lower-case
// words at case changes and punctuation (`createIssue`, `create_issue`, `create-issue` all give
// create + issue), common English words dropped, and the usual endings folded so that `issues`,
// `issue`, `creating` and `created` meet their stems.

/** Words too common to tell tools apart. */
const STOP_WORDS = new Set(
  'a an and are as at be by for from how i in into is it its of on or that the this to was what when which with'.split(
    ' ',
  ),
);

/** The words of a text, in order, each folded (repeats kept: they count in a field's term frequency). */
export function tokenize(text: string): string[] {
  const words = text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
  const tokens: string[] = [];
  for (const word of words) {
    if (word === '' || STOP_WORDS.has(word)) continue;
    tokens.push(fold(word));
  }
  return tokens;
}

/**
 * A word's stem, by a few of Porter's rules (step 1 and a final e): plural `s`/`ies`/`sses`, `eed`,
 * `ed` and `ing` after a stem with a vowel, a doubled last consonant, a final `e`, `y` as `i`.
 */
export function fold(word: string): string {
  if (word.length <= 2) return word;
  let stem = word;
  if (stem.endsWith('sses')) stem = stem.slice(0, -2);
  else if (stem.endsWith('ies') && stem.length > 4) stem = `${stem.slice(0, -3)}i`;
  else if (stem.endsWith('s') && stem.length > 3 && !/(?:ss|us|is)$/.test(stem)) stem = stem.slice(0, -1);
  if (stem.endsWith('eed')) {
    if (measured(stem.slice(0, -3))) stem = stem.slice(0, -1);
  } else {
    const ending = /(?:ing|ed)$/.exec(stem);
    const rest = ending === null ? '' : stem.slice(0, ending.index);
    if (measured(rest)) stem = /([^aeioulsz])\1$/.test(rest) ? rest.slice(0, -1) : rest;
  }
  if (stem.length >= 3 && stem.endsWith('e')) stem = stem.slice(0, -1);
  else if (stem.length > 3 && stem.endsWith('y')) stem = `${stem.slice(0, -1)}i`;
  return stem;
}

/** Porter's measure above 0: a vowel followed by a consonant somewhere in the stem. */
function measured(stem: string): boolean {
  return /[aeiou][^aeiou]/.test(stem);
}
