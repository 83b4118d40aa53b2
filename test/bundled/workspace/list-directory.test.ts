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

beforeAll(async () => {
  workspace = await createTempWorkspace();
  await writeTree(workspace.root, {
    'b.txt': 'bb\n',
    'B.txt': 'B\n',
    'a/x.txt': 'x\n',
    'a/deeper/y.txt': 'yy\n',
    'a-b': '',
    '.env': 'KEY=1\n',
    '.git/HEAD': 'ref: refs/heads/main\n',
    'node_modules/zod/package.json': '{}\n',
    'link-to-a': { link: 'a' },
    'link-to-b': { link: 'b.txt' },
    dangling: { link: 'missing.txt' },
  });
  server = createServer({ root: workspace.root });
});

afterAll(() => workspace.remove());

describe('list_directory', () => {
  it('lists the root one level deep, sorted by code unit', async () => {
    expect(await callTool(server, 'list_directory', {})).toEqual(
      structuredFrame({
        path: '.',
        entries: [
          { path: '.env', kind: 'file', size: 6 },
          { path: '.git', kind: 'directory' },
          { path: 'B.txt', kind: 'file', size: 2 },
          { path: 'a', kind: 'directory' },
          { path: 'a-b', kind: 'file', size: 0 },
          { path: 'b.txt', kind: 'file', size: 3 },
          { path: 'dangling', kind: 'symlink' },
          { path: 'link-to-a', kind: 'symlink', target: 'a' },
          { path: 'link-to-b', kind: 'symlink', target: 'b.txt' },
          { path: 'node_modules', kind: 'directory' },
        ],
        truncated: false,
      }),
    );
  });

  it('puts each directory right before its contents, without entering .git, node_modules or links', async () => {
    expect(await callTool(server, 'list_directory', { path: '.', depth: 3 })).toEqual(
      structuredFrame({
        path: '.',
        entries: [
          { path: '.env', kind: 'file', size: 6 },
          { path: '.git', kind: 'directory' },
          { path: 'B.txt', kind: 'file', size: 2 },
          { path: 'a', kind: 'directory' },
          { path: 'a/deeper', kind: 'directory' },
          { path: 'a/deeper/y.txt', kind: 'file', size: 3 },
          { path: 'a/x.txt', kind: 'file', size: 2 },
          { path: 'a-b', kind: 'file', size: 0 },
          { path: 'b.txt', kind: 'file', size: 3 },
          { path: 'dangling', kind: 'symlink' },
          { path: 'link-to-a', kind: 'symlink', target: 'a' },
          { path: 'link-to-b', kind: 'symlink', target: 'b.txt' },
          { path: 'node_modules', kind: 'directory' },
        ],
        truncated: false,
      }),
    );
  });

  it('stops at the depth asked for', async () => {
    expect(await callTool(server, 'list_directory', { path: 'a' })).toEqual(
      structuredFrame({
        path: 'a',
        entries: [
          { path: 'a/deeper', kind: 'directory' },
          { path: 'a/x.txt', kind: 'file', size: 2 },
        ],
        truncated: false,
      }),
    );
  });

  it('lists inside node_modules when asked by path', async () => {
    expect(await callTool(server, 'list_directory', { path: 'node_modules', depth: 2 })).toEqual(
      structuredFrame({
        path: 'node_modules',
        entries: [
          { path: 'node_modules/zod', kind: 'directory' },
          { path: 'node_modules/zod/package.json', kind: 'file', size: 3 },
        ],
        truncated: false,
      }),
    );
  });

  it('lists a directory through a link inside the root, under its real path', async () => {
    expect(await callTool(server, 'list_directory', { path: 'link-to-a' })).toEqual(
      structuredFrame({
        path: 'a',
        entries: [
          { path: 'a/deeper', kind: 'directory' },
          { path: 'a/x.txt', kind: 'file', size: 2 },
        ],
        truncated: false,
      }),
    );
  });

  it('returns at most maxResults entries and says it cut', async () => {
    const bounded = createServer({ root: workspace.root, maxResults: 3 });
    expect(await callTool(bounded, 'list_directory', { depth: 3 })).toEqual(
      structuredFrame({
        path: '.',
        entries: [
          { path: '.env', kind: 'file', size: 6 },
          { path: '.git', kind: 'directory' },
          { path: 'B.txt', kind: 'file', size: 2 },
        ],
        truncated: true,
      }),
    );
  });

  it('is not truncated when the entries fill maxResults exactly', async () => {
    const bounded = createServer({ root: workspace.root, maxResults: 2 });
    expect(await callTool(bounded, 'list_directory', { path: 'a' })).toEqual(
      structuredFrame({
        path: 'a',
        entries: [
          { path: 'a/deeper', kind: 'directory' },
          { path: 'a/x.txt', kind: 'file', size: 2 },
        ],
        truncated: false,
      }),
    );
  });

  const errors: [string, Record<string, unknown>, string][] = [
    ['a file', { path: 'b.txt' }, '"b.txt" is not a directory; use read_file to read a file'],
    ['a missing directory', { path: 'nope' }, '"nope" does not exist'],
    ['a dangling link', { path: 'dangling' }, '"missing.txt" does not exist'],
  ];
  it.each(errors)('refuses %s', async (_label, args, text) => {
    expect(await callTool(server, 'list_directory', args)).toEqual(errorFrame(text));
  });
});
