// Where /proc/self/fd is absent (macOS, BSD, Windows), what was opened is checked by resolving its
// path again: the tools work as usual, and an object that is not at its path is refused.
import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { READ_FLAGS, openChecked, openDirectory } from '../../../src/bundled/workspace/open-checked.js';
import {
  callTool,
  createServer,
  createTempWorkspace,
  structuredFrame,
  textFrame,
  writeTree,
  type TempWorkspace,
} from './helpers.js';

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return { ...actual, existsSync: (file: string) => file !== '/proc/self/fd' && actual.existsSync(file) };
});

let workspace: TempWorkspace;
const inRoot = (name: string) => path.join(workspace.root, name);

beforeAll(async () => {
  workspace = await createTempWorkspace();
  await writeTree(workspace.root, { 'a/x.txt': 'x\n', 'b/x.txt': 'other\n' });
  await symlink(inRoot('b'), inRoot('link'));
});
afterAll(() => workspace.remove());

describe('without /proc/self/fd', () => {
  it("reaches a directory's children by path", async () => {
    const directory = await openDirectory(inRoot('a'));
    expect(directory.child('x.txt')).toBe(inRoot('a/x.txt'));
    await directory.close();
  });

  it('the tools read, list, write and edit as usual', async () => {
    const server = createServer({ root: workspace.root });
    expect(await callTool(server, 'read_file', { path: 'a/x.txt' })).toEqual(textFrame('1\tx'));
    expect(await callTool(server, 'write_file', { path: 'new/deep/n.txt', content: 'n\n' })).toEqual(
      structuredFrame({ path: 'new/deep/n.txt', bytes: 2, created: true }),
    );
    expect(await callTool(server, 'edit_file', { path: 'new/deep/n.txt', old_string: 'n', new_string: 'm' })).toEqual(
      structuredFrame({ path: 'new/deep/n.txt', replacements: 1 }),
    );
    expect(await callTool(server, 'list_directory', { path: 'new', depth: 2 })).toEqual(
      structuredFrame({
        path: 'new',
        entries: [
          { path: 'new/deep', kind: 'directory' },
          { path: 'new/deep/n.txt', kind: 'file', size: 2 },
        ],
        truncated: false,
      }),
    );
  });

  it('refuses a file opened by one path that is not at the path it was checked by', async () => {
    await expect(openChecked(inRoot('a/x.txt'), READ_FLAGS, inRoot('b/x.txt'))).rejects.toMatchObject({
      code: 'ECHANGED',
    });
  });

  it('refuses a directory reached through a link', async () => {
    await expect(openDirectory(inRoot('b'), inRoot('link'))).rejects.toMatchObject({ code: 'ECHANGED' });
    await expect(openDirectory(inRoot('b/x.txt'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });
});
