// File-system errors reach the model as sentences about the path it gave, never with the root's absolute path.
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBytes, toReadableError } from '../../src/bundled/workspace/files.js';
import { createTempWorkspace, type TempWorkspace } from './helpers.js';

let workspace: TempWorkspace;
let socket: Server;

beforeAll(async () => {
  workspace = await createTempWorkspace();
  socket = createServer();
  await new Promise<void>((resolve) => socket.listen(path.join(workspace.root, 'sock'), resolve));
});

afterAll(async () => {
  await new Promise((resolve) => socket.close(resolve));
  await workspace.remove();
});

describe('toReadableError', () => {
  it('puts the quoted relative path where Node names the absolute one', async () => {
    // A socket cannot be opened as a file: ENXIO, a code with no sentence of its own.
    const error = await readBytes(path.join(workspace.root, 'sock'), 'sock').catch((caught: unknown) => caught);
    expect(error).toStrictEqual(new Error('ENXIO: no such device or address, open "sock"'));
  });

  it('leaves an error of its own as it is', () => {
    const own = new Error('"a.txt" is a binary file');
    expect(toReadableError(own, 'a.txt')).toBe(own);
  });
});
