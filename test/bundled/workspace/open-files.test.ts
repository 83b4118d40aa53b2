// Opening files for reading: what is checked is what was opened (a FIFO swapped in after a look
// must not block the open), reads stop when the call is aborted, and file-system errors never
// carry the root's absolute path.
import { execFileSync } from 'node:child_process';
import { constants } from 'node:fs';
import { appendFile, open, readlink, writeFile } from 'node:fs/promises';
import { createServer as createSocketServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FileTooLarge,
  openFile,
  readBytes,
  readOpened,
  toReadableError,
} from '../../../src/bundled/workspace/files.js';
import { createReadFile } from '../../../src/bundled/workspace/read-file.js';
import { createWorkspace } from '../../../src/bundled/workspace/workspace.js';
import type { ToolContext } from '../../../src/features/tools/define.js';
import { McpServer } from '../../../src/index.js';
import { workspaceResources } from '../../../src/workspace.js';
import { callTool, createServer, createTempWorkspace, errorFrame, writeTree, type TempWorkspace } from './helpers.js';

let workspace: TempWorkspace;
let socket: Server;
const inRoot = (name: string) => path.join(workspace.root, name);

beforeAll(async () => {
  workspace = await createTempWorkspace();
  await writeTree(workspace.root, { 'a.txt': 'a\n' });
  execFileSync('mkfifo', [inRoot('pipe')]);
  socket = createSocketServer();
  await new Promise<void>((resolve) => socket.listen(inRoot('sock'), resolve));
});

afterAll(async () => {
  // Releases a reader that an open without O_NONBLOCK would have left waiting for a writer.
  await open(inRoot('pipe'), constants.O_WRONLY | constants.O_NONBLOCK).then(
    (handle) => handle.close(),
    () => undefined,
  );
  await new Promise((resolve) => socket.close(resolve));
  await workspace.remove();
});

describe('reading under a size limit', () => {
  it('holds the limit for what is read, not for an earlier look: a file that grows after it was opened is refused', async () => {
    const abs = inRoot('growing.txt');
    await writeFile(abs, 'small');
    const { handle, size } = await openFile({ abs, rel: 'growing.txt' });
    try {
      await appendFile(abs, 'x'.repeat(4096));
      await expect(readOpened(handle, size, 1024, 'growing.txt')).rejects.toThrow(
        new FileTooLarge('"growing.txt" is over the 1024-byte limit'),
      );
    } finally {
      await handle.close();
    }
    await expect(readBytes(abs, 'growing.txt', 1024)).rejects.toThrow(
      new FileTooLarge('"growing.txt" is over the 1024-byte limit'),
    );
    expect((await readBytes(abs, 'growing.txt', 8192)).length).toBe(5 + 4096);
  });
});

describe('opening what is not a regular file', () => {
  it('refuses a FIFO at once, without waiting for a writer', { timeout: 5000 }, async () => {
    // The shared open is called as after a look that saw a file: the FIFO is what it finds.
    await expect(readBytes(inRoot('pipe'), 'pipe', 1024)).rejects.toThrow(new Error('"pipe" is not a regular file'));
    await expect(openFile({ abs: inRoot('pipe'), rel: 'pipe' })).rejects.toThrow(
      new Error('"pipe" is not a regular file'),
    );
  });

  it('refuses a socket, naming only the path the model gave', async () => {
    await expect(readBytes(inRoot('sock'), 'sock', 1024)).rejects.toThrow(new Error('"sock" is not a regular file'));
  });

  const tools: [string, Record<string, unknown>][] = [
    ['read_file', {}],
    ['edit_file', { old_string: 'a', new_string: 'b' }],
    ['write_file', { content: 'x' }],
  ];
  it.each(tools)('%s refuses a FIFO and a socket, and still answers afterwards', async (tool, args) => {
    const server = createServer({ root: workspace.root });
    for (const name of ['pipe', 'sock']) {
      expect(await callTool(server, tool, { path: name, ...args })).toEqual(
        errorFrame(`"${name}" is not a regular file`),
      );
    }
    expect(await callTool(server, 'read_file', { path: 'a.txt' })).toMatchObject({ result: { isError: false } });
  });

  it('a resource read refuses a FIFO', async () => {
    const server = new McpServer({ name: 'ws', version: '1', resources: workspaceResources({ root: workspace.root }) });
    expect(
      await server.handle({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'file:///pipe' } }),
    ).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32602, message: 'Invalid params', data: '"pipe" is not a regular file' },
    });
  });
});

describe('a read stops when its call is aborted', () => {
  it('read_file with an offset far into a huge sparse file', { timeout: 5000 }, async () => {
    const handle = await open(inRoot('sparse.txt'), 'w');
    await handle.write(`first\n${'x'.repeat(8000)}`);
    // 1 TiB of hole after the text: one line that a read without a stop would scan for minutes.
    await handle.truncate(2 ** 40);
    await handle.close();
    const readFile = createReadFile(createWorkspace({ root: workspace.root }));
    const controller = new AbortController();
    const context = { signal: controller.signal } as ToolContext;
    const reading = readFile.handler({ path: 'sparse.txt', offset: 3 }, context);
    setTimeout(() => controller.abort('cancelled'), 50);
    await expect(reading).rejects.toBe('cancelled');
  });
});

describe('file-system errors name the path the model gave', () => {
  it('an error of a kind with no sentence of its own', async () => {
    // readlink of a file that is no link: EINVAL, and Node's message holds the absolute path.
    const error = await readlink(inRoot('a.txt')).catch((caught: unknown) => caught);
    expect((error as Error).message).toContain(workspace.root);
    expect(toReadableError(error, 'a.txt')).toStrictEqual(
      new Error('"a.txt" could not be accessed: the file system answered EINVAL'),
    );
  });

  it("the tools' own errors pass as they are", () => {
    const own = new Error('"a.txt" is a binary file');
    expect(toReadableError(own, 'a.txt')).toBe(own);
  });
});
