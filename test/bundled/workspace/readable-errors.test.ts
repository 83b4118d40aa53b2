// File-system errors reach the model as sentences about the path it gave, never with the root's absolute path.
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBytes, toReadableError } from '../../../src/bundled/workspace/files.js';
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
  it('says what is wrong with the path the model gave, never naming the absolute one', async () => {
    // A socket cannot be opened as a file (ENXIO).
    const error = await readBytes(path.join(workspace.root, 'sock'), 'sock', 1024).catch((caught: unknown) => caught);
    expect(error).toStrictEqual(new Error('"sock" is not a regular file'));
    const tooMany = Object.assign(new Error(`EMFILE: too many open files, scandir '${workspace.root}/src'`), {
      code: 'EMFILE',
      syscall: 'scandir',
      path: `${workspace.root}/src`,
    });
    expect(toReadableError(tooMany, 'src')).toStrictEqual(
      new Error('"src" could not be opened: too many files are open at once; try again'),
    );
  });

  it('leaves an error of its own as it is', () => {
    const own = new Error('"a.txt" is a binary file');
    expect(toReadableError(own, 'a.txt')).toBe(own);
  });
});
