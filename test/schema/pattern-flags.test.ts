// A regex's i, s and m flags, written into the flag-free JSON Schema `pattern`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as z3 from 'zod/v3';
import { patternOf } from '../../src/schema/json-schema/pattern-flags.js';
import { inputSchemaOf } from '../helpers/json-schema.js';

const atoms = [
  'a',
  'b',
  'A',
  'é',
  'É',
  'x',
  '1',
  '_',
  '-',
  '.',
  '^',
  '$',
  '\\w',
  '\\W',
  '\\d',
  '\\s',
  '\\.',
  '\\n',
  '[a-c]',
  '[^b]',
  '[A-Z_]',
  '[\\w-]',
  '[.]',
  '[a-cX]',
  '[^A-C\\d]',
  '[\\u0061-\\u0063]',
  '[0-z]',
  '[é]',
  '\\x41',
  '\\b',
  // Case relatives beyond one upper and one lower: σ ς Σ, k K and the Kelvin sign, s S ſ, ß ẞ, µ μ Μ.
  'σ',
  'ς',
  'Σ',
  'k',
  '\u212a',
  'ſ',
  's',
  'ß',
  '\u1e9e',
  'µ',
  '[σ]',
  '[k-m]',
  '[r-t]',
  '[^s]',
  '\\u03c3',
  '\\a',
  '\\k',
  '\\p',
];
const source: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...atoms),
    fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => a + b),
    fc.tuple(tie('expr'), fc.constantFrom('?', '*', '+', '{1,2}')).map(([a, q]) => `(?:${a})${q}`),
    fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `(${a}|${b})`),
  ),
})).expr;
const subject = fc.string({
  unit: fc.constantFrom(
    'a',
    'A',
    'b',
    'B',
    'c',
    'C',
    'é',
    'É',
    'x',
    'X',
    '1',
    '_',
    '-',
    '.',
    '\n',
    '\r',
    ' ',
    'z',
    'Z',
    'σ',
    'ς',
    'Σ',
    'k',
    'K',
    '\u212a',
    's',
    'S',
    'ſ',
    'ß',
    '\u1e9e',
    'µ',
    'μ',
    'Μ',
    'p',
    'P',
  ),
  maxLength: 8,
});

describe('patternOf', () => {
  it('matches, without flags, what the regex matches with them', () => {
    fc.assert(
      fc.property(
        source,
        fc.subarray(['i', 's', 'm', 'u']),
        fc.array(subject, { minLength: 1, maxLength: 12 }),
        (text, flags, subjects) => {
          let regex: RegExp;
          try {
            regex = new RegExp(text, flags.join(''));
          } catch {
            return; // not a pattern under these flags (`\\a` with u)
          }
          // Documented as not written: word boundaries under i with u (ſ and the Kelvin sign are word characters there).
          if (regex.flags.includes('i') && regex.unicode && /\\[bB]/.test(text)) return;
          const flagFree = new RegExp(patternOf(regex), flags.includes('u') ? 'u' : '');
          for (const s of subjects) expect(flagFree.test(s), `${regex} on ${JSON.stringify(s)}`).toBe(regex.test(s));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('leaves a pattern whose flags change nothing as it is', () => {
    for (const regex of [/^a.b$/, /^a.b$/gu, /x/y, /[a-z]/d]) expect(patternOf(regex)).toBe(regex.source);
  });

  it('writes each flag', () => {
    expect(patternOf(/^ab[c-d]\W$/i)).toBe('^[aA][bB][c-dC-D]\\W$');
    expect(patternOf(/a.b/s)).toBe('a[\\s\\S]b');
    expect(patternOf(/^x$/m)).toBe('(?:^|(?<=[\\n\\r\\u2028\\u2029]))x(?:$|(?=[\\n\\r\\u2028\\u2029]))');
    expect(patternOf(/(?<Tag>t)\k<Tag>/i)).toBe('(?<Tag>[tT])\\k<Tag>');
    expect(patternOf(/[^a]/i)).toBe('[^aA]');
    // The variants the engine matches, not one upper and one lower case.
    expect(patternOf(/σ/i)).toBe('[σ\\u03a3\\u03c2]');
    expect(patternOf(/k/i)).toBe('[kK]');
    expect(patternOf(/k/iu)).toBe('[kK\\u212a]');
    expect(patternOf(/ß/iu)).toBe('[ß\\u1e9e]');
    expect(patternOf(/\w/iu)).toBe('[\\w\\u017f\\u212a]');
    // A group's name is not matched text, whatever its letters; `\a` without u is the letter a.
    expect(patternOf(/^(?<é>[a-z]+)$/i)).toBe('^(?<é>[a-zA-Z]+)$');
    expect(patternOf(/\a/i)).toBe('[\\aA]');
  });
});

describe('tools/list: a regex keeps its flags', () => {
  const expected = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      code: { type: 'string', pattern: '^[aA][bB]-\\d+$' },
      text: { type: 'string', allOf: [{ pattern: '^[tT][\\s\\S]*' }, { pattern: '[xX]' }] },
    },
    required: ['code', 'text'],
  };

  it('Zod 4', () => {
    const input = z.object({ code: z.string().regex(/^ab-\d+$/i), text: z.string().regex(/^t.*/is).regex(/x/i) });
    expect(inputSchemaOf(input)).toStrictEqual(expected);
  });

  it('Zod 3', () => {
    const input = z3.object({ code: z3.string().regex(/^ab-\d+$/i), text: z3.string().regex(/^t.*/is).regex(/x/i) });
    expect(inputSchemaOf(input)).toStrictEqual(expected);
  });
});
