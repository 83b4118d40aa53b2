import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePrintedPath, printPath, printPathBytes } from '../../../src/bundled/workspace/path-escape.js';

// [name's bytes, as printed]
const printed: [number[] | string, string][] = [
  ['src/index.ts', 'src/index.ts'],
  ['é✓😀-1-x.ts', 'é✓😀-1-x.ts'],
  ['a b.txt', '"a b.txt"'],
  ['a:b.txt', '"a:b.txt"'],
  ["it's", '"it\'s"'],
  ['say "hi"', '"say \\"hi\\""'],
  ['back\\slash', '"back\\\\slash"'],
  ['new\nline\rreturn\ttab', '"new\\nline\\rreturn\\ttab"'],
  ['\u0000\u0001\u001b\u007f\u0085\u009f', '"\\u0000\\u0001\\u001b\\u007f\\u0085\\u009f"'],
  ['line\u2028separator\u2029', '"line\\u2028separator\\u2029"'],
  ['no\u00a0break\u3000wide', '"no\\u00a0break\\u3000wide"'],
  ['rtl\u202eexe.txt\u200b', '"rtl\\u202eexe.txt\\u200b"'], // format characters: a bidi override, a zero-width space
  ['tag\u{e0041}', '"tag\\udb40\\udc41"'], // a format character outside the BMP, as JSON escapes it
  [[0x61, 0x80], '"a\\x80"'],
  [[0x61, 0x81], '"a\\x81"'],
  [[0xc3, 0xa9, 0xff, 0x0a], '"é\\xff\\n"'],
  [[0xe2, 0x82], '"\\xe2\\x82"'], // cut short
  [[0xe2, 0x82, 0xac], '€'],
  [[0xc0, 0xaf], '"\\xc0\\xaf"'], // an overlong `/`
  [[0xed, 0xa0, 0x80], '"\\xed\\xa0\\x80"'], // a surrogate
  [[0xf4, 0x90, 0x80, 0x80], '"\\xf4\\x90\\x80\\x80"'], // past U+10FFFF
  [[0xf0, 0x9f, 0x98, 0x80, 0x80], '"😀\\x80"'],
  [[0x5c, 0x78, 0x38, 0x30], '"\\\\x80"'], // the text `\x80` is not the byte
  [[0xef, 0xbb, 0xbf, 0x61], '"\\ufeffa"'], // a byte-order mark is part of the name
  [[0xef, 0xbb, 0xbf, 0x80], '"\\ufeff\\x80"'],
];

describe('printPathBytes', () => {
  it.each(printed)('%j prints as %s', (name, shown) => {
    expect(printPathBytes(Buffer.from(typeof name === 'string' ? Buffer.from(name) : name))).toBe(shown);
    if (typeof name === 'string') expect(printPath(name)).toBe(shown);
  });

  it('escapes a lone surrogate, which no encoding could carry', () => {
    expect(printPath('\ud800x\udc00')).toBe('"\\ud800x\\udc00"');
  });

  it('prints a quoted path as a JSON string when it has no \\x escape', () => {
    for (const [name, shown] of printed) {
      if (typeof name === 'string' && shown.startsWith('"')) expect(JSON.parse(shown)).toBe(name);
    }
  });

  it('prints no control character, bare paths hold no `:`, space, quote or backslash, and two names never print alike', () => {
    const tricky = [
      0x5c, 0x78, 0x75, 0x30, 0x38, 0x6e, 0x0a, 0x22, 0x3a, 0x20, 0x2d, 0x80, 0xc3, 0xa9, 0xe2, 0x82, 0xef, 0xbb, 0xbf,
      0x61,
    ];
    const seen = new Map<string, string>();
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...tricky), { minLength: 1, maxLength: 8 }), (bytes) => {
        const shown = printPathBytes(Buffer.from(bytes));
        expect(shown).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
        if (!shown.startsWith('"')) expect(shown).not.toMatch(/[\\"': ]/);
        const hex = Buffer.from(bytes).toString('hex');
        expect(seen.get(shown) ?? hex).toBe(hex);
        seen.set(shown, hex);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('parsePrintedPath', () => {
  it.each(printed.filter(([name]) => typeof name === 'string'))('reads %j back from %s', (name, shown) => {
    expect(parsePrintedPath(shown)).toBe(name);
  });

  const given: [string, string][] = [
    ['new\\nline.txt', 'new\\nline.txt'], // not quoted: taken as it is
    ['a\\x80.txt', 'a\\x80.txt'],
    ['"', '"'],
    ['"a"b"', '"a"b"'], // not one quoted string
    ['"a\\q"', '"a\\q"'], // no such escape
    ['"trailing\\"', '"trailing\\"'],
    ['"\\u12"', '"\\u12"'],
    ['"\\xc3\\xa9t\\xc3\\xa9"', 'été'],
    ['"\\x41\\/\\b\\f"', 'A/\b\f'], // every JSON escape
    ['"\\xef\\xbb\\xbfa"', '\ufeffa'],
    ['"\\ud800x"', '\ud800x'], // a lone surrogate, left for the sandbox to refuse
    ['"\\ud800\\x41"', '\ud800A'],
    ['""', ''],
  ];
  it.each(given)('reads %s as %j', (shown, name) => {
    expect(parsePrintedPath(shown)).toBe(name);
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(() => parsePrintedPath('"a\\x80.txt"')).toThrow(
      'refused: "\\"a\\\\x80.txt\\"" names bytes that are not UTF-8; the workspace tools show such names but cannot open them',
    );
  });
});
