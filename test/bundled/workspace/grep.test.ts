import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpServer } from '../../../src/index.js';
import {
  callTool,
  createServer,
  createTempWorkspace,
  errorFrame,
  textFrame,
  writeTree,
  type TempWorkspace,
} from './helpers.js';

let workspace: TempWorkspace;
let server: McpServer;

beforeAll(async () => {
  workspace = await createTempWorkspace();
  await writeTree(workspace.root, {
    'src/a.ts': 'import x from "x";\n// TODO: one\nexport const a = 1;\n// todo: two\n',
    'src/b.js': 'const b = 2; // TODO three\n',
    'src/lib/c.ts': 'line 1\nline 2\nTODO four\nline 4\nline 5\nline 6\nline 7\nTODO five\nline 9\n',
    'docs/notes.md': 'TODO: write docs\r\nmore\r\n',
    'long.txt': `TODO ${'y'.repeat(600)}\n`,
    'image.bin': new Uint8Array([0x54, 0x4f, 0x44, 0x4f, 0x00, 0x0a]),
    '.git/COMMIT_EDITMSG': 'TODO in git\n',
    'node_modules/pkg/index.js': '// TODO in a package\n',
    'link-a.ts': { link: 'src/a.ts' },
  });
  server = createServer({ root: workspace.root });
});

afterAll(() => workspace.remove());

describe('grep', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    [
      'every text file in name order, skipping binaries, links, .git and node_modules',
      { pattern: 'TODO' },
      [
        'docs/notes.md:1: TODO: write docs',
        `long.txt:1: TODO ${'y'.repeat(495)}…`,
        'src/a.ts:2: // TODO: one',
        'src/b.js:1: const b = 2; // TODO three',
        'src/lib/c.ts:3: TODO four',
        'src/lib/c.ts:8: TODO five',
      ].join('\n'),
    ],
    [
      'ignoreCase',
      { pattern: 'todo: \\w+', ignoreCase: true, path: 'src' },
      'src/a.ts:2: // TODO: one\nsrc/a.ts:4: // todo: two',
    ],
    [
      'a glob on names at any depth',
      { pattern: 'TODO', glob: '*.ts' },
      'src/a.ts:2: // TODO: one\nsrc/lib/c.ts:3: TODO four\nsrc/lib/c.ts:8: TODO five',
    ],
    [
      'a glob on paths below path',
      { pattern: 'TODO', path: 'src', glob: 'lib/*.ts' },
      'src/lib/c.ts:3: TODO four\nsrc/lib/c.ts:8: TODO five',
    ],
    ['one file', { pattern: 'const', path: 'src/a.ts' }, 'src/a.ts:3: export const a = 1;'],
    [
      'a file through a link inside the root',
      { pattern: 'const', path: 'link-a.ts' },
      'src/a.ts:3: export const a = 1;',
    ],
    [
      'inside node_modules when path is there',
      { pattern: 'TODO', path: 'node_modules' },
      'node_modules/pkg/index.js:1: // TODO in a package',
    ],
    [
      'Unicode property escapes',
      { pattern: '^\\p{Lu}{4}\\b', path: 'src/lib' },
      'src/lib/c.ts:3: TODO four\nsrc/lib/c.ts:8: TODO five',
    ],
    [
      'a pattern only legacy mode accepts',
      { pattern: '\\-\\-\\-|TODO four', path: 'src' },
      'src/lib/c.ts:3: TODO four',
    ],
    ['no match', { pattern: 'FIXME' }, 'no matches for "FIXME" in "."'],
    [
      'no match with a glob',
      { pattern: 'TODO', glob: '*.py' },
      'no matches for "TODO" in "." among files matching "*.py"',
    ],
  ];
  it.each(cases)('%s', async (_label, args, text) => {
    expect(await callTool(server, 'grep', args)).toEqual(textFrame(text));
  });

  it('shows context lines, merging close groups and separating groups and files with --', async () => {
    expect(await callTool(server, 'grep', { pattern: 'TODO', path: 'src', contextLines: 1 })).toEqual(
      textFrame(
        [
          'src/a.ts-1- import x from "x";',
          'src/a.ts:2: // TODO: one',
          'src/a.ts-3- export const a = 1;',
          '--',
          'src/b.js:1: const b = 2; // TODO three',
          '--',
          'src/lib/c.ts-2- line 2',
          'src/lib/c.ts:3: TODO four',
          'src/lib/c.ts-4- line 4',
          '--',
          'src/lib/c.ts-7- line 7',
          'src/lib/c.ts:8: TODO five',
          'src/lib/c.ts-9- line 9',
        ].join('\n'),
      ),
    );
    expect(await callTool(server, 'grep', { pattern: 'TODO', path: 'src/lib/c.ts', contextLines: 2 })).toEqual(
      textFrame(
        [
          'src/lib/c.ts-1- line 1',
          'src/lib/c.ts-2- line 2',
          'src/lib/c.ts:3: TODO four',
          'src/lib/c.ts-4- line 4',
          'src/lib/c.ts-5- line 5',
          'src/lib/c.ts-6- line 6',
          'src/lib/c.ts-7- line 7',
          'src/lib/c.ts:8: TODO five',
          'src/lib/c.ts-9- line 9',
        ].join('\n'),
      ),
    );
  });

  it('stops at maxResults matching lines and says so', async () => {
    const bounded = createServer({ root: workspace.root, maxResults: 3 });
    const note = '(results cut at 3 matching lines: narrow the pattern, path or glob to see the rest)';
    expect(await callTool(bounded, 'grep', { pattern: 'TODO', path: 'src' })).toEqual(
      textFrame(
        [
          'src/a.ts:2: // TODO: one',
          'src/b.js:1: const b = 2; // TODO three',
          'src/lib/c.ts:3: TODO four',
          '',
          note,
        ].join('\n'),
      ),
    );
    expect(await callTool(bounded, 'grep', { pattern: 'TODO', path: 'src/lib' })).toEqual(
      textFrame('src/lib/c.ts:3: TODO four\nsrc/lib/c.ts:8: TODO five'),
    );
  });

  const errors: [string, Record<string, unknown>, string][] = [
    [
      'an invalid regular expression',
      { pattern: '(' },
      'invalid regular expression "(": Invalid regular expression: /(/: Unterminated group',
    ],
    [
      'a binary file by path',
      { pattern: 'TODO', path: 'image.bin' },
      '"image.bin" is a binary file; grep searches text files only',
    ],
    ['a missing path', { pattern: 'TODO', path: 'nope' }, '"nope" does not exist'],
    [
      'a glob over 1000 characters',
      { pattern: 'TODO', glob: 'a'.repeat(1001) },
      'Invalid arguments for tool grep: glob: Too big: expected string to have <=1000 characters',
    ],
    [
      'a glob with a range out of order',
      { pattern: 'TODO', glob: '[z-a]' },
      'invalid glob pattern: the range z-a is out of order',
    ],
  ];
  it.each(errors)('refuses %s', async (_label, args, text) => {
    expect(await callTool(server, 'grep', args)).toEqual(errorFrame(text));
  });
});
