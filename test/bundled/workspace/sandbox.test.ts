import { access, readFile, readdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpServer } from '../../../src/index.js';
import { isInside } from '../../../src/bundled/workspace/sandbox.js';
import {
  callTool,
  createServer,
  createTempWorkspace,
  errorFrame,
  structuredFrame,
  textFrame,
  writeTree,
  type TempWorkspace,
} from './helpers.js';

let workspace: TempWorkspace;
let server: McpServer;
let root: string;
let base: string;

beforeAll(async () => {
  workspace = await createTempWorkspace();
  ({ root, base } = workspace);
  // A stand-in for a system folder (/etc), outside the root but inside the temporary folder: were a
  // check broken, a write meant for /etc would land here, and fail the test without touching the machine.
  await writeTree(base, {
    'system/passwd': 'root:x:0:0:secret\n',
    'outside/secret.txt': 'outside secret\n',
    'root-evil/secret.txt': 'evil secret\n',
    'outside/loop-a': { link: 'loop-b' },
    'outside/loop-b': { link: 'loop-a' },
  });
  await writeTree(root, {
    'inside.txt': 'inside\n',
    '..foo': 'dots in a name\n',
    'dir/x.txt': 'x\n',
    'etc-link': { link: path.join(base, 'system') },
    'passwd-link': { link: path.join(base, 'system/passwd') },
    chain1: { link: 'chain2' },
    chain2: { link: '../outside' },
    'evil-link': { link: '../root-evil' },
    'dangling-out': { link: '../outside/new.txt' },
    'inner-link': { link: 'dir' },
    loop1: { link: 'loop2' },
    loop2: { link: 'loop1' },
  });
  server = createServer({ root });
});

afterAll(() => workspace.remove());

const outsideText = (input: string) =>
  `refused: ${JSON.stringify(input)} is outside the workspace root (${root}); every path must stay inside it`;
const linkText = (input: string) =>
  `refused: ${JSON.stringify(input)} leads outside the workspace root through a symbolic link; links may not lead out of the root`;
const nulText = 'refused: the path contains a NUL byte';

/** Each escape, with the rule its refusal names. Paths are built lazily: the temp dir exists only once the suite runs. */
const escapes: [string, () => string, (input: string) => string][] = [
  ['../', () => '../outside/secret.txt', outsideText],
  ['.. after a directory', () => 'dir/../../outside/secret.txt', outsideText],
  ['absolute path elsewhere', () => path.join(base, 'outside/secret.txt'), outsideText],
  ['an absolute path to a system file', () => path.join(base, 'system/passwd'), outsideText],
  [
    'a missing file elsewhere, refused like an existing one',
    () => path.join(base, 'outside/missing/file.txt'),
    outsideText,
  ],
  ['a link loop elsewhere, refused like any path', () => '../outside/loop-a/x', outsideText],
  ['root-evil sibling, relative', () => '../root-evil/secret.txt', outsideText],
  ['root-evil sibling, absolute', () => `${root}-evil/secret.txt`, outsideText],
  ['symlink to a system file', () => 'passwd-link', linkText],
  ['through a symlink to a system folder', () => 'etc-link/passwd', linkText],
  ['symlink chain leading out', () => 'chain1/secret.txt', linkText],
  ['symlink to the root-evil sibling', () => 'evil-link/secret.txt', linkText],
  ['NUL byte', () => 'inside.txt\0.png', () => nulText],
];

/** How each tool is called with a path under attack. */
const tools: [string, (target: string) => Record<string, unknown>][] = [
  ['read_file', (target) => ({ path: target })],
  ['list_directory', (target) => ({ path: target })],
  ['glob', (target) => ({ pattern: '*', path: target })],
  ['grep', (target) => ({ pattern: 'secret', path: target })],
  ['write_file', (target) => ({ path: target, content: 'pwned\n' })],
  ['edit_file', (target) => ({ path: target, old_string: 'secret', new_string: 'pwned' })],
];

describe('every tool refuses every escape', () => {
  for (const [tool, makeArgs] of tools) {
    for (const [label, makePath, message] of escapes) {
      it(`${tool}: ${label}`, async () => {
        const target = makePath();
        expect(await callTool(server, tool, makeArgs(target))).toEqual(errorFrame(message(target)));
      });
    }
  }

  it('left everything outside the root as it was', async () => {
    expect(await readFile(path.join(base, 'outside/secret.txt'), 'utf8')).toBe('outside secret\n');
    expect(await readFile(path.join(base, 'root-evil/secret.txt'), 'utf8')).toBe('evil secret\n');
    expect(await readFile(path.join(base, 'system/passwd'), 'utf8')).toBe('root:x:0:0:secret\n');
    expect((await readdir(base)).sort()).toEqual(['outside', 'root', 'root-evil', 'system']);
    expect(await readdir(path.join(base, 'system'))).toEqual(['passwd']);
    expect((await readdir(path.join(base, 'outside'))).sort()).toEqual(['loop-a', 'loop-b', 'secret.txt']);
  });
});

describe('writes that would land outside the root', () => {
  it('refuses a new file under a symlink to a system folder', async () => {
    expect(await callTool(server, 'write_file', { path: 'etc-link/zod-mcp-test.txt', content: 'x' })).toEqual(
      errorFrame(linkText('etc-link/zod-mcp-test.txt')),
    );
    await expect(access(path.join(base, 'system/zod-mcp-test.txt'))).rejects.toThrow();
  });

  it('refuses a dangling symlink whose target is outside', async () => {
    expect(await callTool(server, 'write_file', { path: 'dangling-out', content: 'x' })).toEqual(
      errorFrame(linkText('dangling-out')),
    );
    await expect(access(path.join(base, 'outside/new.txt'))).rejects.toThrow();
  });

  it('refuses new directories created through a link chain', async () => {
    expect(await callTool(server, 'write_file', { path: 'chain1/deep/new.txt', content: 'x' })).toEqual(
      errorFrame(linkText('chain1/deep/new.txt')),
    );
    await expect(access(path.join(base, 'outside/deep'))).rejects.toThrow();
  });
});

describe('paths that stay inside are served', () => {
  it('an absolute path inside the root', async () => {
    expect(await callTool(server, 'read_file', { path: path.join(root, 'inside.txt') })).toEqual(
      textFrame('1\tinside'),
    );
  });

  it('a name starting with two dots', async () => {
    expect(await callTool(server, 'read_file', { path: '..foo' })).toEqual(textFrame('1\tdots in a name'));
  });

  it('a link loop inside the root is an error, not a hang', async () => {
    const loop = 'too many levels of symbolic links in "loop1/x.txt"';
    expect(await callTool(server, 'read_file', { path: 'loop1/x.txt' })).toEqual(errorFrame(loop));
    expect(await callTool(server, 'write_file', { path: 'loop1/x.txt', content: 'x' })).toEqual(errorFrame(loop));
  });

  it('a link out of the root tells nothing about what lies beyond it, a loop there included', async () => {
    const refusal = (target: string) =>
      `refused: ${JSON.stringify(target)} leads outside the workspace root through a symbolic link; links may not lead out of the root`;
    for (const target of ['chain1/loop-a', 'chain1/loop-a/deeper', 'chain1/nothing-here']) {
      expect(await callTool(server, 'read_file', { path: target })).toEqual(errorFrame(refusal(target)));
    }
  });

  it('a symlink to a directory inside the root', async () => {
    expect(await callTool(server, 'read_file', { path: 'inner-link/x.txt' })).toEqual(textFrame('1\tx'));
  });

  it('.. that climbs back into the root', async () => {
    expect(await callTool(server, 'read_file', { path: `dir/../../root/inside.txt` })).toEqual(textFrame('1\tinside'));
  });

  it('a root given through a symlink', async () => {
    const linkedRoot = path.join(base, 'root-link');
    await symlink(root, linkedRoot);
    const linked = createServer({ root: linkedRoot });
    expect(await callTool(linked, 'read_file', { path: path.join(linkedRoot, 'inside.txt') })).toEqual(
      textFrame('1\tinside'),
    );
    expect(await callTool(linked, 'write_file', { path: path.join(linkedRoot, 'dir/new.txt'), content: 'n' })).toEqual(
      structuredFrame({ path: 'dir/new.txt', bytes: 1, created: true }),
    );
    expect(await readFile(path.join(root, 'dir/new.txt'), 'utf8')).toBe('n');
    await rm(path.join(root, 'dir/new.txt'));
    expect(await callTool(linked, 'read_file', { path: '../outside/secret.txt' })).toEqual(
      errorFrame(outsideText('../outside/secret.txt')),
    );
  });
});

describe('the walkers never pass through a link that leaves the root', () => {
  it('list_directory shows such links without target and does not enter them', async () => {
    const result = await callTool(server, 'list_directory', { depth: 5 });
    expect(result).toEqual(
      structuredFrame({
        path: '.',
        entries: [
          { path: '..foo', kind: 'file', size: 15 },
          { path: 'chain1', kind: 'symlink' },
          { path: 'chain2', kind: 'symlink' },
          { path: 'dangling-out', kind: 'symlink' },
          { path: 'dir', kind: 'directory' },
          { path: 'dir/x.txt', kind: 'file', size: 2 },
          { path: 'etc-link', kind: 'symlink' },
          { path: 'evil-link', kind: 'symlink' },
          { path: 'inner-link', kind: 'symlink', target: 'dir' },
          { path: 'inside.txt', kind: 'file', size: 7 },
          { path: 'loop1', kind: 'symlink' },
          { path: 'loop2', kind: 'symlink' },
          { path: 'passwd-link', kind: 'symlink' },
        ],
        truncated: false,
      }),
    );
  });

  it('glob matches nothing behind them', async () => {
    expect(await callTool(server, 'glob', { pattern: '**/*secret*' })).toEqual(
      structuredFrame({ paths: [], truncated: false }),
    );
    expect(await callTool(server, 'glob', { pattern: '**/passwd*' })).toEqual(
      structuredFrame({ paths: [], truncated: false }),
    );
  });

  it('grep reads nothing behind them', async () => {
    expect(await callTool(server, 'grep', { pattern: 'secret|root' })).toEqual(
      textFrame('no matches for "secret|root" in "."'),
    );
  });
});

describe('isInside compares path components', () => {
  const cases: [string, string, boolean][] = [
    ['/r', '/r', true],
    ['/r', '/r/a', true],
    ['/r', '/r/a/b', true],
    ['/r', '/r/..foo', true],
    ['/r', '/r-evil', false],
    ['/r', '/r-evil/a', false],
    ['/r', '/rr', false],
    ['/r', '/', false],
    ['/r', '/other/r', false],
  ];
  it.each(cases)('%s contains %s: %s', (rootPath, candidate, expected) => {
    expect(isInside(rootPath, candidate)).toBe(expected);
  });
});
