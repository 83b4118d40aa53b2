// The official SDK client over stdio against `node dist/program.js serve --root DIR`: every tool on a real tree.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programJs } from '../../helpers/stdio-peer.js';
import { createTempWorkspace, writeTree, type TempWorkspace } from './helpers.js';

let workspace: TempWorkspace;
let client: Client;

const text = (value: string, isError = false) => ({ content: [{ type: 'text', text: value }], isError });

beforeAll(async () => {
  workspace = await createTempWorkspace();
  await writeTree(workspace.root, {
    'README.md': '# demo\nTODO: write docs\n',
    'src/main.ts': 'export function main() {\n  return 42; // TODO tidy\n}\n',
    'src/util/strings.ts': "export const hello = 'hello';\n",
    escape: { link: '/etc' },
  });
  await writeTree(workspace.base, { 'root-evil/secret.txt': 'secret\n' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [programJs, 'serve', '--root', workspace.root],
    stderr: 'pipe',
  });
  client = new Client({ name: 'workspace-e2e', version: '1.0.0' });
  await client.connect(transport);
});

afterAll(async () => {
  await client.close();
  await workspace.remove();
});

describe('workspace tools over stdio with the official SDK client', () => {
  it('lists the six workspace tools, without echo', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toStrictEqual([
      'read_file',
      'list_directory',
      'glob',
      'grep',
      'write_file',
      'edit_file',
    ]);
  });

  it('reads, lists, globs and greps', async () => {
    expect(
      await client.callTool({ name: 'read_file', arguments: { path: 'src/main.ts', offset: 2, limit: 1 } }),
    ).toStrictEqual(text('2\t  return 42; // TODO tidy\n\n(more lines follow: continue with offset: 3)'));
    const listing = await client.callTool({ name: 'list_directory', arguments: { path: 'src' } });
    expect(listing.structuredContent).toStrictEqual({
      path: 'src',
      entries: [
        { path: 'src/main.ts', kind: 'file', size: 53 },
        { path: 'src/util', kind: 'directory' },
      ],
      truncated: false,
    });
    const globbed = await client.callTool({ name: 'glob', arguments: { pattern: '**/*.ts' } });
    expect((globbed.structuredContent as { paths: string[] }).paths.toSorted()).toStrictEqual([
      'src/main.ts',
      'src/util/strings.ts',
    ]);
    expect(await client.callTool({ name: 'grep', arguments: { pattern: 'TODO' } })).toStrictEqual(
      text('README.md:2: TODO: write docs\nsrc/main.ts:2:   return 42; // TODO tidy'),
    );
  });

  it('writes and edits files on disk', async () => {
    const written = await client.callTool({
      name: 'write_file',
      arguments: { path: 'notes/today.md', content: 'one\ntwo\n' },
    });
    expect(written.structuredContent).toStrictEqual({ path: 'notes/today.md', bytes: 8, created: true });
    const edited = await client.callTool({
      name: 'edit_file',
      arguments: { path: 'notes/today.md', old_string: 'two', new_string: 'three' },
    });
    expect(edited.structuredContent).toStrictEqual({ path: 'notes/today.md', replacements: 1 });
    expect(await readFile(path.join(workspace.root, 'notes/today.md'), 'utf8')).toBe('one\nthree\n');
  });

  it('refuses every way out of the root', async () => {
    for (const target of [
      '../root-evil/secret.txt',
      path.join(workspace.base, 'root-evil/secret.txt'),
      'escape/hostname',
      '/etc/hostname',
    ]) {
      const result = await client.callTool({ name: 'read_file', arguments: { path: target } });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).not.toContain('secret\\n');
    }
  });
});
