// What a replacing write keeps and refuses: a read-only file is not replaced, setuid and setgid
// never come back on new content, the owner stays where the process may set it, and a change made
// since the file was read (another writer's append) is not overwritten.
import { appendFile, chmod, chown, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEditFile } from '../../../src/bundled/workspace/edit-file.js';
import { createWorkspace } from '../../../src/bundled/workspace/workspace.js';
import { createWriteFile } from '../../../src/bundled/workspace/write-file.js';
import type { ToolContext } from '../../../src/features/tools/define.js';
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
const file = (name: string) => path.join(workspace.root, name);
const isRoot = process.getuid?.() === 0;

beforeEach(async () => {
  workspace = await createTempWorkspace();
  await writeTree(workspace.root, { 'notes.txt': 'one\ntwo\n' });
});
afterEach(() => workspace.remove());

const writes: [string, Record<string, unknown>, Record<string, unknown>][] = [
  ['write_file', { path: 'notes.txt', content: 'new\n' }, { path: 'notes.txt', bytes: 4, created: false }],
  ['edit_file', { path: 'notes.txt', old_string: 'two', new_string: 'TWO' }, { path: 'notes.txt', replacements: 1 }],
];

describe.each(writes)('%s', (tool, args, done) => {
  it('refuses a file without write permission, even to root, and leaves it as it was', async () => {
    await chmod(file('notes.txt'), 0o444);
    expect(await callTool(createServer({ root: workspace.root }), tool, args)).toEqual(
      errorFrame('"notes.txt" is read-only (it has no write permission); nothing was written'),
    );
    expect(await readFile(file('notes.txt'), 'utf8')).toBe('one\ntwo\n');
    expect((await stat(file('notes.txt'))).mode & 0o7777).toBe(0o444);
  });

  it('keeps the permission bits but never setuid or setgid', async () => {
    await chmod(file('notes.txt'), 0o6754);
    expect(await callTool(createServer({ root: workspace.root }), tool, args)).toEqual(structuredFrame(done));
    expect((await stat(file('notes.txt'))).mode & 0o7777).toBe(0o754);
  });

  it.skipIf(!isRoot)('keeps the owner and group (a process that may set them)', async () => {
    await chown(file('notes.txt'), 1234, 5678);
    expect(await callTool(createServer({ root: workspace.root }), tool, args)).toEqual(structuredFrame(done));
    const after = await stat(file('notes.txt'));
    expect([after.uid, after.gid]).toStrictEqual([1234, 5678]);
  });

  it('writes nothing when the file changed after it was read, and says so', async () => {
    // While the user is asked to approve, another writer appends to the file.
    const context = {
      signal: new AbortController().signal,
      canAsk: () => true,
      ask: async (requests: Record<string, unknown>) => {
        await appendFile(file('notes.txt'), 'appended\n');
        return Object.fromEntries(
          Object.keys(requests).map((key) => [key, { action: 'accept', content: { approve: true } }]),
        );
      },
    } as unknown as ToolContext;
    const target = createWorkspace({ root: workspace.root, confirmWrites: true });
    const handler = tool === 'write_file' ? createWriteFile(target).handler : createEditFile(target).handler;
    await expect(handler({ replace_all: false, ...args }, context)).rejects.toThrow(
      new Error('"notes.txt" changed since it was read; nothing was written (read it again)'),
    );
    expect(await readFile(file('notes.txt'), 'utf8')).toBe('one\ntwo\nappended\n');
  });
});
