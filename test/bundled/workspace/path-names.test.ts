// Names no terminal shows as they are: a newline (which would forge a line of grep's output), a
// backslash, bytes that are not UTF-8 (two such files would print as one). Every tool prints them
// quoted and escaped the same way, keeps them apart, and takes a printed path back.
import { readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpServer } from '../../../src/index.js';
import { workspaceResources } from '../../../src/workspace.js';
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

// [name's bytes, as printed]
const names: [Buffer, string][] = [
  [Buffer.from([0x61, 0x80, 0x2e, 0x74, 0x78, 0x74]), '"a\\x80.txt"'],
  [Buffer.from([0x61, 0x81, 0x2e, 0x74, 0x78, 0x74]), '"a\\x81.txt"'],
  [Buffer.from('back\\slash.txt'), '"back\\\\slash.txt"'],
  [Buffer.from('new\nline.txt'), '"new\\nline.txt"'],
];

beforeAll(async () => {
  workspace = await createTempWorkspace();
  await writeTree(workspace.root, { 'dir/plain.txt': 'TODO plain\n', 'dir/link-a.txt': { link: '../new\nline.txt' } });
  for (const [index, [name]] of names.entries()) {
    const file = Buffer.concat([Buffer.from(`${workspace.root}${path.sep}`), name]);
    await writeFile(file, `TODO ${index}\n`);
    await utimes(file, 1000, 1000);
  }
  await utimes(path.join(workspace.root, 'dir/plain.txt'), 1000, 1000);
  server = createServer({ root: workspace.root });
});

afterAll(() => workspace.remove());

describe('names that need escaping', () => {
  it('list_directory prints each apart, links to them too', async () => {
    expect(await callTool(server, 'list_directory', { depth: 2 })).toEqual(
      structuredFrame({
        path: '.',
        entries: [
          { path: '"a\\x80.txt"', kind: 'file', size: 7 },
          { path: '"a\\x81.txt"', kind: 'file', size: 7 },
          { path: '"back\\\\slash.txt"', kind: 'file', size: 7 },
          { path: 'dir', kind: 'directory' },
          { path: 'dir/link-a.txt', kind: 'symlink', target: '"new\\nline.txt"' },
          { path: 'dir/plain.txt', kind: 'file', size: 11 },
          { path: '"new\\nline.txt"', kind: 'file', size: 7 },
        ],
        truncated: false,
      }),
    );
  });

  it('glob prints each apart, and matches the name itself', async () => {
    expect(await callTool(server, 'glob', { pattern: '*' })).toEqual(
      structuredFrame({
        paths: ['"a\\x80.txt"', '"a\\x81.txt"', '"back\\\\slash.txt"', '"new\\nline.txt"'],
        truncated: false,
      }),
    );
    expect(await callTool(server, 'glob', { pattern: 'new?line.txt' })).toEqual(
      structuredFrame({ paths: ['"new\\nline.txt"'], truncated: false }),
    );
  });

  it('grep searches every file and prints one line per match', async () => {
    expect(await callTool(server, 'grep', { pattern: 'TODO' })).toEqual(
      textFrame(
        [
          '"a\\x80.txt":1: TODO 0',
          '"a\\x81.txt":1: TODO 1',
          '"back\\\\slash.txt":1: TODO 2',
          'dir/plain.txt:1: TODO plain',
          '"new\\nline.txt":1: TODO 3',
        ].join('\n'),
      ),
    );
    expect(await callTool(server, 'grep', { pattern: 'TODO', path: '"new\\nline.txt"' })).toEqual(
      textFrame('"new\\nline.txt":1: TODO 3'),
    );
  });

  it('completes resource paths as they print', async () => {
    const resources = new McpServer({
      name: 'ws',
      version: '1',
      resources: workspaceResources({ root: workspace.root }),
    });
    const complete = (value: string) =>
      resources.handle({
        jsonrpc: '2.0',
        id: 1,
        method: 'completion/complete',
        params: { ref: { type: 'ref/resource', uri: 'file:///{+path}' }, argument: { name: 'path', value } },
      });
    expect(await complete('a')).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { completion: { values: ['"a\\x80.txt"', '"a\\x81.txt"'], total: 2, hasMore: false } },
    });
    // What is typed may be a printed path, its closing quote not typed yet, or a plain one.
    for (const typed of ['"new\\n', '"new\\nline.txt"', 'new\n']) {
      expect(await complete(typed)).toStrictEqual({
        jsonrpc: '2.0',
        id: 1,
        result: { completion: { values: ['"new\\nline.txt"'], total: 1, hasMore: false } },
      });
    }
    expect(await complete('"dir/l')).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { completion: { values: ['dir/link-a.txt'], total: 1, hasMore: false } },
    });
  });

  it('takes a printed path back, and writers print theirs the same way', async () => {
    expect(await callTool(server, 'read_file', { path: '"new\\nline.txt"' })).toEqual(textFrame('1\tTODO 3'));
    expect(await callTool(server, 'read_file', { path: '"back\\\\slash.txt"' })).toEqual(textFrame('1\tTODO 2'));
    // A path not in quotes is taken as it is: the name with its backslash, never an escape.
    expect(await callTool(server, 'read_file', { path: 'back\\slash.txt' })).toEqual(textFrame('1\tTODO 2'));
    expect(await callTool(server, 'read_file', { path: 'new\\nline.txt' })).toEqual(
      errorFrame('"new\\\\nline.txt" does not exist'),
    );
    expect(await callTool(server, 'write_file', { path: '"dir/tab\\there.txt"', content: 'x' })).toEqual(
      structuredFrame({ path: '"dir/tab\\there.txt"', bytes: 1, created: true }),
    );
    expect(await readFile(path.join(workspace.root, 'dir/tab\there.txt'), 'utf8')).toBe('x');
    expect(
      await callTool(server, 'edit_file', { path: '"dir/tab\\there.txt"', old_string: 'x', new_string: 'y' }),
    ).toEqual(structuredFrame({ path: '"dir/tab\\there.txt"', replacements: 1 }));
    expect(await callTool(server, 'read_file', { path: '"a\\x80.txt"' })).toEqual(
      errorFrame(
        'refused: "\\"a\\\\x80.txt\\"" names bytes that are not UTF-8; the workspace tools show such names but cannot open them',
      ),
    );
  });
});
