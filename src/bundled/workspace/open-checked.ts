// Opening what a resolved path names, and checking that what was opened is what the path named: a
// local process may swap a directory on the path for a link between the sandbox's check and the open.
import { constants, existsSync, type Dir, type Stats } from 'node:fs';
import { lstat, open, opendir, readlink, realpath, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { getErrorCode } from './sandbox.js';

// On Linux, /proc/self/fd/N names the object descriptor N holds, and a path through it resolves
// from that object: a held directory's children are reached without resolving its path again.
const HELD = existsSync('/proc/self/fd') ? '/proc/self/fd' : undefined;

/**
 * O_NOFOLLOW: the path was resolved already, so a link found at its end now was swapped in since.
 * O_NONBLOCK: opening a FIFO (or a device) must not wait for a writer, holding one of libuv's threads.
 */
export const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const DIRECTORY_FLAGS = READ_FLAGS | (constants.O_DIRECTORY ?? 0);

/** The error for an opened object that is not at the path it was opened by; it carries no path. */
function changedError(): Error {
  return Object.assign(new Error('the object opened is not at the path it was opened by'), { code: 'ECHANGED', syscall: 'open' });
}

/**
 * Opens `openPath` (by default `abs`, a real path inside the root) and checks that the descriptor
 * holds what is at `abs`: a directory on the way that was swapped for a link, or moved, fails.
 */
export async function openChecked(abs: string, flags: number, openPath = abs): Promise<FileHandle> {
  const handle = await open(openPath, flags);
  try {
    if (!(await isAt(handle, abs))) throw changedError();
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function isAt(handle: FileHandle, abs: string): Promise<boolean> {
  if (HELD !== undefined) return (await readlink(`${HELD}/${handle.fd}`)) === abs;
  // Without /proc: the path, resolved again, must be real and lead to the object opened. This
  // narrows the window to the time between the open and these checks; it does not close it.
  const [opened, now, real] = await Promise.all([handle.stat(), stat(abs).catch(() => undefined), realpath(abs).catch(() => undefined)]);
  return real === abs && now !== undefined && now.dev === opened.dev && now.ino === opened.ino;
}

/** A directory held open, checked to be at its path when it was opened. */
export interface HeldDirectory {
  /** A path to a child (one name) of the held directory that resolves from the directory itself, wherever it is now. */
  child(name: string): string;
  close(): Promise<void>;
}

/** Opens the directory at `abs` (reached by `openPath`, by default `abs`), checked; the end of the path is not followed. */
export async function openDirectory(abs: string, openPath = abs): Promise<HeldDirectory> {
  if (HELD === undefined) return checkDirectoryPath(abs, openPath);
  const handle = await openChecked(abs, DIRECTORY_FLAGS, openPath).catch(async (error: unknown) => {
    throw getErrorCode(error) === 'ENOTDIR' && !(await isInTheWay(openPath)) ? changedError() : error;
  });
  const base = `${HELD}/${handle.fd}`;
  return { child: (name) => path.join(base, name), close: () => handle.close() };
}

/**
 * Without /proc, a held descriptor gains nothing (its children are reached by path again, and
 * Windows opens no directory as a file): the path is checked by resolving it again, and used as it is.
 */
async function checkDirectoryPath(abs: string, openPath: string): Promise<HeldDirectory> {
  const info = await lstat(openPath);
  if (info.isSymbolicLink() || (await realpath(openPath)) !== abs) throw changedError();
  if (!info.isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR', syscall: 'open' });
  return { child: (name) => path.join(abs, name), close: async () => undefined };
}

/**
 * After ENOTDIR: O_DIRECTORY with O_NOFOLLOW fails so on a link too. Unless something other than a
 * directory stands there still (or on the way), a link or nothing was there for a moment.
 */
async function isInTheWay(openPath: string): Promise<boolean> {
  try {
    const now = await lstat(openPath);
    return !now.isDirectory() && !now.isSymbolicLink();
  } catch (error) {
    return getErrorCode(error) !== 'ENOENT';
  }
}

/** The entries of the directory at `abs`, read from the directory that was checked. */
export async function openDirectoryEntries(abs: string): Promise<Dir> {
  const directory = await openDirectory(abs);
  try {
    // The Dir opens the held directory again, through its descriptor: it lists that very directory.
    return await opendir(directory.child('.'));
  } finally {
    await directory.close();
  }
}

/** lstat of `abs`, reached from its checked parent directory, so a swapped parent is never described. */
export async function lstatChecked(abs: string): Promise<Stats> {
  const directory = await openDirectory(path.dirname(abs));
  try {
    return await lstat(directory.child(path.basename(abs)));
  } finally {
    await directory.close();
  }
}
