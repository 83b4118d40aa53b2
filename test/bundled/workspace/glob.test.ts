import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpServer } from '../../../src/index.js';
import {
  callTool,
  createServer,
  createTempWorkspace,
  errorFrame,
  structuredFrame,
  writeTree,
  type TempWorkspace,
} from './helpers.js';

let workspace: TempWorkspace;
let server: McpServer;

// Modification times in seconds since the epoch; larger is newer.
const mtimes: Record<string, number> = {
  'README.md': 1_000,
  'src/index.ts': 5_000,
  'src/util.ts': 3_000,
  'src/lib/deep.ts': 4_000,
  'src/lib/same-a.ts': 2_000,
  'src/lib/same-b.ts': 2_000,
  'test/index.test.ts': 6_000,
  '.eslintrc.json': 1_500,
  'package.json': 1_200,
  '.git/config.ts': 9_000,
  'node_modules/zod/index.ts': 9_000,
};

beforeAll(async () => {
  workspace = await createTempWorkspace();
  await writeTree(workspace.root, Object.fromEntries(Object.keys(mtimes).map((file) => [file, `// ${file}\n`])));
  for (const [file, seconds] of Object.entries(mtimes)) await utimes(path.join(workspace.root, file), seconds, seconds);
  await writeTree(workspace.root, { 'linked-util.ts': { link: 'src/util.ts' }, 'linked-src': { link: 'src' } });
  server = createServer({ root: workspace.root });
});

afterAll(() => workspace.remove());

describe('glob', () => {
  const cases: [string, Record<string, unknown>, string[]][] = [
    [
      'every .ts file, newest first, ties by path, links to files inside included',
      { pattern: '**/*.ts' },
      [
        'test/index.test.ts',
        'src/index.ts',
        'src/lib/deep.ts',
        'linked-util.ts',
        'src/util.ts',
        'src/lib/same-a.ts',
        'src/lib/same-b.ts',
      ],
    ],
    ['one level only', { pattern: '*.ts' }, ['linked-util.ts']],
    [
      'a pattern relative to path, results relative to the root',
      { pattern: '*.ts', path: 'src' },
      ['src/index.ts', 'src/util.ts'],
    ],
    ['a leading ./', { pattern: './src/*.ts' }, ['src/index.ts', 'src/util.ts']],
    ['dotfiles match', { pattern: '*.json' }, ['.eslintrc.json', 'package.json']],
    [
      'braces and classes',
      { pattern: '{src,test}/**/[is]*.ts' },
      ['test/index.test.ts', 'src/index.ts', 'src/lib/same-a.ts', 'src/lib/same-b.ts'],
    ],
    ['directories never match', { pattern: 'src/*' }, ['src/index.ts', 'src/util.ts']],
    [
      'node_modules searched when path is inside it',
      { pattern: '**/*.ts', path: 'node_modules' },
      ['node_modules/zod/index.ts'],
    ],
    [
      'a path through a link inside the root',
      { pattern: 'lib/*', path: 'linked-src' },
      ['src/lib/deep.ts', 'src/lib/same-a.ts', 'src/lib/same-b.ts'],
    ],
    ['no match', { pattern: '**/*.rs' }, []],
  ];
  it.each(cases)('%s', async (_label, args, paths) => {
    expect(await callTool(server, 'glob', args)).toEqual(structuredFrame({ paths, truncated: false }));
  });

  it('keeps the newest maxResults and says it cut', async () => {
    const bounded = createServer({ root: workspace.root, maxResults: 2 });
    expect(await callTool(bounded, 'glob', { pattern: '**/*.ts' })).toEqual(
      structuredFrame({ paths: ['test/index.test.ts', 'src/index.ts'], truncated: true }),
    );
    expect(await callTool(bounded, 'glob', { pattern: '*.ts', path: 'src' })).toEqual(
      structuredFrame({ paths: ['src/index.ts', 'src/util.ts'], truncated: false }),
    );
  });

  const refusal =
    'refused: glob patterns are relative to path and may not start with "/" or contain ".."; choose the directory with path instead';
  const errors: [string, Record<string, unknown>, string][] = [
    ['a pattern climbing out', { pattern: '../*' }, refusal],
    ['.. inside a pattern', { pattern: 'src/../../*' }, refusal],
    ['an absolute pattern', { pattern: '/etc/*' }, refusal],
    ['a pattern with NUL', { pattern: '*\0' }, 'refused: the pattern contains a NUL byte'],
    [
      'a file as path',
      { pattern: '*', path: 'README.md' },
      '"README.md" is not a directory; glob searches a directory',
    ],
    ['a missing path', { pattern: '*', path: 'nope' }, '"nope" does not exist'],
    [
      'a pattern over 1000 characters',
      { pattern: 'a'.repeat(1001) },
      'Invalid arguments for tool glob: pattern: Too big: expected string to have <=1000 characters',
    ],
    ['a range out of order', { pattern: '[z-a]' }, 'invalid glob pattern: the range z-a is out of order'],
  ];
  it.each(errors)('refuses %s', async (_label, args, text) => {
    expect(await callTool(server, 'glob', args)).toEqual(errorFrame(text));
  });
});
