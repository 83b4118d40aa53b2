import { describe, expect, it } from 'vitest';
import { compileGlob } from '../../../src/bundled/workspace/glob-pattern.js';

// [pattern, path, matches]
const cases: [string, string, boolean][] = [
  // * stays within one name
  ['*.ts', 'a.ts', true],
  ['*.ts', '.ts', true],
  ['*.ts', 'src/a.ts', false],
  ['*.ts', 'a.tsx', false],
  ['*', '.env', true],
  ['src/*', 'src/a.ts', true],
  ['src/*', 'src/lib/a.ts', false],
  ['a*b', 'ab', true],
  ['a*b', 'a/b', false],
  ['x**y', 'xzzy', true],
  ['x**y', 'x/y', false],
  // ** spans directories only as a whole segment
  ['**/*.ts', 'a.ts', true],
  ['**/*.ts', 'src/a.ts', true],
  ['**/*.ts', 'src/lib/deep/a.ts', true],
  ['**/*.ts', 'src/a.js', false],
  ['**', 'a', true],
  ['**', 'a/b/c', true],
  ['src/**', 'src/a', true],
  ['src/**', 'src/a/b', true],
  ['src/**', 'srcs/a', false],
  ['src/**/test.ts', 'src/test.ts', true],
  ['src/**/test.ts', 'src/a/b/test.ts', true],
  ['src/**/test.ts', 'src/a/b/test.tsx', false],
  ['a/***/b', 'a/x/y/b', true],
  ['**/.git/**', '.git/HEAD', true],
  // ?
  ['?.md', 'a.md', true],
  ['?.md', 'ab.md', false],
  ['a?b', 'a/b', false],
  // classes
  ['[abc].ts', 'b.ts', true],
  ['[abc].ts', 'd.ts', false],
  ['[a-c]x', 'bx', true],
  ['[a-c]x', 'dx', false],
  ['[!a-c]x', 'dx', true],
  ['[!a-c]x', 'ax', false],
  ['[^a]x', 'bx', true],
  ['a[!x]b', 'a/b', false],
  ['a[/]b', 'a/b', false],
  ['[]]', ']', true],
  ['[a-]', '-', true],
  ['[\\]]', ']', true],
  ['[abc', '[abc', true],
  ['[abc', 'a', false],
  ['[--z]', 'a', true],
  ['[a\\-z]', 'b', false],
  ['[a\\-z]', '-', true],
  ['[!-a]x', '-x', false],
  ['[!-a]x', 'bx', true],
  ['[[[[', '[[[[', true],
  // a character is a code point
  ['?', '😀', true],
  ['[😀]', '😀', true],
  // braces
  ['*.{ts,js}', 'a.ts', true],
  ['*.{ts,js}', 'a.js', true],
  ['*.{ts,js}', 'a.md', false],
  ['{src,test}/**/*.ts', 'test/a/b.ts', true],
  ['{src,test}/**/*.ts', 'lib/a.ts', false],
  ['a{b,{c,d}e}', 'ace', true],
  ['a{b,{c,d}e}', 'ab', true],
  ['a{b,{c,d}e}', 'ac', false],
  ['{,x}y', 'y', true],
  ['{,x}y', 'xy', true],
  ['{a}', '{a}', true],
  ['{a}', 'a', false],
  ['{a,b', '{a,b', true],
  ['a}b', 'a}b', true],
  ['a,b', 'a,b', true],
  // a brace with no comma of its own is literal, and its `}` closes the next one out
  ['{x,{a}', 'x', true],
  ['{x,{a}', '{a', true],
  ['{x,{a}}', '{a}', true],
  ['{{a}}', '{{a}}', true],
  ['{a,{b,c', '{a,{b,c', true],
  ['{a,{b,c}', '{a,c', true],
  ['{a,{b,c}', 'a', false],
  ['{**,x}', 'a/b', true],
  ['a/{**/,}b', 'a/b', true],
  ['a/{**/,}b', 'a/x/y/b', true],
  ['{a/,b}**', 'a/x', true],
  ['{a/,b}**', 'a/x/y', false],
  // escapes and regex characters are literal
  ['a\\*b', 'a*b', true],
  ['a\\*b', 'axb', false],
  ['a.b', 'axb', false],
  ['(a)+$', '(a)+$', true],
  ['^a|b', '^a|b', true],
  ['trailing\\', 'trailing\\', true],
];

describe('compileGlob', () => {
  it.each(cases)('%s on %s: %s', (pattern, path, expected) => {
    expect(compileGlob(pattern).test(path)).toBe(expected);
  });
});
