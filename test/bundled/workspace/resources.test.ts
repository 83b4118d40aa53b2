// The workspace as resources (file:///{+path}): the same sandbox and escape cases as the tools.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpServer } from '../../../src/index.js';
import { workspaceResources } from '../../../src/workspace.js';
import { createTempWorkspace, writeTree, type TempWorkspace } from './helpers.js';

let workspace: TempWorkspace;
let server: McpServer;
let root: string;
let base: string;

beforeAll(async () => {
  workspace = await createTempWorkspace();
  ({ root, base } = workspace);
  await writeTree(base, { 'outside/secret.txt': 'outside secret\n', 'root-evil/secret.txt': 'evil secret\n' });
  await writeTree(root, {
    'README.md': '# hello\n',
    'src/index.ts': 'export const a = 1;\n',
    'src/lib/util.ts': 'export {};\n',
    'logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]),
    'big.txt': 'x'.repeat(300),
    'passwd-link': { link: '/etc/passwd' },
    chain: { link: '../outside' },
    'inner-link': { link: 'src' },
  });
  server = new McpServer({ name: 'ws', version: '1', resources: workspaceResources({ root, maxReadBytes: 256 }) });
});
afterAll(() => workspace.remove());

const read = (target: string) =>
  server.handle({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: `file:///${target}` } });
const refused = (data: string) => ({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid params', data } });

describe('workspace files as resources', () => {
  it('lists the template', async () => {
    expect(await server.handle({ jsonrpc: '2.0', id: 1, method: 'resources/templates/list' })).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        resourceTemplates: [
          {
            uriTemplate: 'file:///{+path}',
            name: 'workspace-file',
            title: 'Workspace file',
            description: 'A file of the workspace, by its path relative to the workspace root (file:///src/index.ts).',
          },
        ],
      },
    });
  });

  it('reads text with a type from its extension, bytes as a blob, and follows a link that stays inside', async () => {
    expect(await read('README.md')).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { contents: [{ uri: 'file:///README.md', mimeType: 'text/markdown', text: '# hello\n' }] },
    });
    expect(await read('logo.png')).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { contents: [{ uri: 'file:///logo.png', mimeType: 'image/png', blob: 'iVBORwAAAQ==' }] },
    });
    expect(await read('inner-link/lib/util.ts')).toMatchObject({ result: { contents: [{ text: 'export {};\n' }] } });
  });

  it('a missing file is "not found" with its URI; a directory and an oversized file are refused', async () => {
    expect(await read('nope.txt')).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32002, message: 'Resource not found', data: { uri: 'file:///nope.txt' } },
    });
    expect(await read('src')).toStrictEqual(refused('"src" is a directory, not a file'));
    expect(await read('big.txt')).toStrictEqual(refused('"big.txt" is 300 bytes, over the 256-byte read limit'));
  });

  const outside = (input: string) =>
    `refused: ${JSON.stringify(input)} is outside the workspace root (${root}); every path must stay inside it`;
  const throughLink = (input: string) =>
    `refused: ${JSON.stringify(input)} leads outside the workspace root through a symbolic link; links may not lead out of the root`;
  const escapes: [string, () => string, (input: string) => string][] = [
    ['../', () => '../outside/secret.txt', outside],
    ['.. after a directory', () => 'src/../../outside/secret.txt', outside],
    ['an absolute path elsewhere', () => path.join(base, 'outside/secret.txt'), outside],
    ['the root-evil sibling', () => `${root}-evil/secret.txt`, outside],
    ['a link to /etc/passwd', () => 'passwd-link', throughLink],
    ['a link chain out', () => 'chain/secret.txt', throughLink],
  ];
  it.each(escapes)("refuses %s, with the tools' words", async (_label, makePath, message) => {
    const target = makePath();
    expect(await read(target)).toStrictEqual(refused(message(target)));
  });

  it('refuses a NUL byte, sent pct-encoded', async () => {
    expect(await read('README.md%00.png')).toStrictEqual(refused('refused: the path contains a NUL byte'));
  });

  it('completes a path one level at a time, directories with a slash, nothing outside the root', async () => {
    const complete = (value: string) =>
      server.handle({
        jsonrpc: '2.0',
        id: 1,
        method: 'completion/complete',
        params: { ref: { type: 'ref/resource', uri: 'file:///{+path}' }, argument: { name: 'path', value } },
      });
    expect(await complete('src/')).toMatchObject({
      result: { completion: { values: ['src/index.ts', 'src/lib/'], total: 2, hasMore: false } },
    });
    expect(await complete('R')).toMatchObject({ result: { completion: { values: ['README.md'] } } });
    expect(await complete('../outside/')).toMatchObject({ result: { completion: { values: [], total: 0 } } });
    expect(await complete('chain/')).toMatchObject({ result: { completion: { values: [] } } });
  });
});
