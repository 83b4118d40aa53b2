import { chmod, lstat, readFile, readdir, readlink, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
const read = (file: string) => readFile(path.join(workspace.root, file), 'utf8');

beforeEach(async () => {
  workspace = await createTempWorkspace();
  await writeTree(workspace.root, {
    'app.ts': 'const greeting = "hello";\nconsole.log(greeting);\n',
    'repeat.txt': 'foo bar\nfoo baz\nfoo qux\n',
    'crlf.txt': 'first\r\nsecond\r\nthird\r\n',
    'image.bin': new Uint8Array([1, 2, 0, 3]),
    'latin1.txt': new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]),
    'dir/keep.txt': 'keep\n',
    'link-to-app': { link: 'app.ts' },
    'dangling-in': { link: 'made-by-link.txt' },
  });
  server = createServer({ root: workspace.root });
});

afterEach(() => workspace.remove());

describe('write_file', () => {
  it('creates a file and its missing parent directories', async () => {
    expect(await callTool(server, 'write_file', { path: 'new/deep/file.txt', content: 'héllo\n' })).toEqual(
      structuredFrame({ path: 'new/deep/file.txt', bytes: 7, created: true }),
    );
    expect(await read('new/deep/file.txt')).toBe('héllo\n');
  });

  it('replaces a file through a temporary file and rename, keeping its mode and leaving no temporary file', async () => {
    const file = path.join(workspace.root, 'app.ts');
    await chmod(file, 0o640);
    const before = await stat(file);
    expect(await callTool(server, 'write_file', { path: 'app.ts', content: 'export {};\n' })).toEqual(
      structuredFrame({ path: 'app.ts', bytes: 11, created: false }),
    );
    const after = await stat(file);
    expect(await read('app.ts')).toBe('export {};\n');
    expect(after.ino).not.toBe(before.ino);
    expect(after.mode & 0o777).toBe(0o640);
    expect((await readdir(workspace.root)).sort()).toEqual([
      'app.ts',
      'crlf.txt',
      'dangling-in',
      'dir',
      'image.bin',
      'latin1.txt',
      'link-to-app',
      'repeat.txt',
    ]);
  });

  it('writes an empty file', async () => {
    expect(await callTool(server, 'write_file', { path: 'empty.txt', content: '' })).toEqual(
      structuredFrame({ path: 'empty.txt', bytes: 0, created: true }),
    );
    expect(await read('empty.txt')).toBe('');
  });

  it('writes through a link inside the root to its target, keeping the link', async () => {
    expect(await callTool(server, 'write_file', { path: 'link-to-app', content: 'linked\n' })).toEqual(
      structuredFrame({ path: 'app.ts', bytes: 7, created: false }),
    );
    expect(await read('app.ts')).toBe('linked\n');
    expect(await readlink(path.join(workspace.root, 'link-to-app'))).toBe('app.ts');
  });

  it('creates the target of a dangling link inside the root', async () => {
    expect(await callTool(server, 'write_file', { path: 'dangling-in', content: 'made\n' })).toEqual(
      structuredFrame({ path: 'made-by-link.txt', bytes: 5, created: true }),
    );
    expect(await read('dangling-in')).toBe('made\n');
    expect((await lstat(path.join(workspace.root, 'dangling-in'))).isSymbolicLink()).toBe(true);
  });

  const errors: [string, Record<string, unknown>, string][] = [
    ['a directory', { path: 'dir', content: 'x' }, '"dir" is a directory, not a file'],
    ['the root', { path: '.', content: 'x' }, '"." is a directory, not a file'],
    [
      'a path under a file',
      { path: 'app.ts/child.txt', content: 'x' },
      'cannot create "app.ts/child.txt": a file stands where its path needs a directory',
    ],
  ];
  it.each(errors)('refuses %s', async (_label, args, text) => {
    expect(await callTool(server, 'write_file', args)).toEqual(errorFrame(text));
  });
});

describe('edit_file', () => {
  it('replaces the one occurrence', async () => {
    expect(
      await callTool(server, 'edit_file', { path: 'app.ts', old_string: '"hello"', new_string: '"bonjour"' }),
    ).toEqual(structuredFrame({ path: 'app.ts', replacements: 1 }));
    expect(await read('app.ts')).toBe('const greeting = "bonjour";\nconsole.log(greeting);\n');
  });

  it('replaces every occurrence with replace_all', async () => {
    expect(
      await callTool(server, 'edit_file', {
        path: 'repeat.txt',
        old_string: 'foo',
        new_string: 'FOO',
        replace_all: true,
      }),
    ).toEqual(structuredFrame({ path: 'repeat.txt', replacements: 3 }));
    expect(await read('repeat.txt')).toBe('FOO bar\nFOO baz\nFOO qux\n');
  });

  it('replace_all with a single occurrence', async () => {
    expect(
      await callTool(server, 'edit_file', {
        path: 'repeat.txt',
        old_string: 'baz',
        new_string: 'BAZ',
        replace_all: true,
      }),
    ).toEqual(structuredFrame({ path: 'repeat.txt', replacements: 1 }));
    expect(await read('repeat.txt')).toBe('foo bar\nfoo BAZ\nfoo qux\n');
  });

  it('keeps $ patterns in new_string literal', async () => {
    await callTool(server, 'edit_file', { path: 'app.ts', old_string: 'greeting)', new_string: "$&$1$$')" });
    expect(await read('app.ts')).toBe('const greeting = "hello";\nconsole.log($&$1$$\');\n');
  });

  it('deletes text with an empty new_string', async () => {
    await callTool(server, 'edit_file', { path: 'app.ts', old_string: 'console.log(greeting);\n', new_string: '' });
    expect(await read('app.ts')).toBe('const greeting = "hello";\n');
  });

  it('matches lines quoted with \\n in a CRLF file, and writes CRLF', async () => {
    expect(
      await callTool(server, 'edit_file', { path: 'crlf.txt', old_string: 'first\nsecond', new_string: 'one\ntwo' }),
    ).toEqual(structuredFrame({ path: 'crlf.txt', replacements: 1 }));
    expect(await read('crlf.txt')).toBe('one\r\ntwo\r\nthird\r\n');
  });

  const conflicts: [string, Record<string, unknown>, string][] = [
    [
      'old_string missing',
      { path: 'app.ts', old_string: 'goodbye', new_string: 'x' },
      'old_string was not found in "app.ts"; it must match the file exactly, including whitespace and indentation (read the file again and copy the text)',
    ],
    [
      'old_string not unique',
      { path: 'repeat.txt', old_string: 'foo', new_string: 'x' },
      'old_string occurs 3 times in "repeat.txt"; include more surrounding lines to make it unique, or set replace_all to true to replace every occurrence',
    ],
    [
      'old_string equal to new_string',
      { path: 'app.ts', old_string: 'hello', new_string: 'hello' },
      'old_string and new_string are identical; there is nothing to change',
    ],
    ['a missing file', { path: 'nope.txt', old_string: 'a', new_string: 'b' }, '"nope.txt" does not exist'],
    ['a directory', { path: 'dir', old_string: 'a', new_string: 'b' }, '"dir" is a directory, not a file'],
    [
      'a binary file',
      { path: 'image.bin', old_string: 'a', new_string: 'b' },
      '"image.bin" is a binary file; edit_file edits text files only',
    ],
    [
      'a file that is not UTF-8',
      { path: 'latin1.txt', old_string: 'caf', new_string: 'x' },
      '"latin1.txt" is not valid UTF-8; edit_file edits UTF-8 text only',
    ],
  ];
  it.each(conflicts)('refuses %s and changes nothing', async (_label, args, text) => {
    const before = await readdir(workspace.root);
    const contents = await Promise.all(['app.ts', 'repeat.txt'].map(read));
    expect(await callTool(server, 'edit_file', args)).toEqual(errorFrame(text));
    expect(await readdir(workspace.root)).toEqual(before);
    expect(await Promise.all(['app.ts', 'repeat.txt'].map(read))).toEqual(contents);
  });

  it('refuses an empty old_string through the input schema', async () => {
    expect(await callTool(server, 'edit_file', { path: 'app.ts', old_string: '', new_string: 'x' })).toEqual(
      errorFrame('Invalid arguments for tool edit_file: old_string: Too small: expected string to have >=1 characters'),
    );
    expect(await read('app.ts')).toBe('const greeting = "hello";\nconsole.log(greeting);\n');
  });

  it('edits a file written a moment before', async () => {
    await writeFile(path.join(workspace.root, 'fresh.txt'), 'a\n');
    expect(await callTool(server, 'edit_file', { path: 'fresh.txt', old_string: 'a', new_string: 'b' })).toEqual(
      structuredFrame({ path: 'fresh.txt', replacements: 1 }),
    );
  });
});

describe('long file names', () => {
  const long = `${'n'.repeat(244)}.txt`; // 248 bytes: a valid name, too long to carry a suffix as well

  it('writes and edits a file whose name is near the 255-byte limit', async () => {
    expect(await callTool(server, 'write_file', { path: long, content: 'one\n' })).toEqual(
      structuredFrame({ path: long, bytes: 4, created: true }),
    );
    expect(await callTool(server, 'edit_file', { path: long, old_string: 'one', new_string: 'two' })).toEqual(
      structuredFrame({ path: long, replacements: 1 }),
    );
    expect(await read(long)).toBe('two\n');
    expect((await readdir(workspace.root)).filter((name) => name.endsWith('.tmp'))).toStrictEqual([]);
  });

  it('says so, without the absolute path, when a name is longer than the file system allows', async () => {
    const tooLong = 'x'.repeat(300);
    expect(await callTool(server, 'write_file', { path: tooLong, content: '' })).toEqual(
      errorFrame(`${JSON.stringify(tooLong)} has a name longer than the file system allows`),
    );
  });
});
