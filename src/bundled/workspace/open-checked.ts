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
  return Object.assign(new Error('the object opened is not at the path it was opened by'), {
    code: 'ECHANGED',
    syscall: 'open',
  });
}

/**
 * Opens `openPath` (by default `abs`, a real path inside the root) and checks that the descriptor
 * holds what is at `abs`: a directory on the way that was swapped for a link, or moved, fails.
 */
export async function openChecked(abs: PathLike, flags: number, openPath: PathLike = abs): Promise<FileHandle> {
  const handle = await open(openPath, flags);
  try {
    if (!(await isAt(handle, abs))) throw changedError();
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function isAt(handle: FileHandle, abs: PathLike): Promise<boolean> {
  // Compared as bytes: a walk names what it found by the bytes of its names, which need not be UTF-8.
  if (HELD !== undefined) return (await readlink(`${HELD}/${handle.fd}`, { encoding: 'buffer' })).equals(bytesOf(abs));
  // Without /proc: the path, resolved again, must be real and lead to the object opened. This
  // narrows the window to the time between the open and these checks; it does not close it.
  const [opened, now, real] = await Promise.all([
    handle.stat(),
    stat(abs).catch(() => undefined),
    realpath(abs, { encoding: 'buffer' }).catch(() => undefined),
  ]);
  return real?.equals(bytesOf(abs)) === true && now?.dev === opened.dev && now.ino === opened.ino;
}

/** A directory held open, checked to be at its path when it was opened. */
export interface HeldDirectory {
  /** A path to a child (one name) of the held directory that resolves from the directory itself, wherever it is now. */
  child(name: PathLike): PathLike;
  close(): Promise<void>;
}

/**
 * Opens the directory at `abs` (reached by `openPath`, by default `abs`), checked; the end of the path is not followed.
 */
export async function openDirectory(abs: PathLike, openPath: PathLike = abs): Promise<HeldDirectory> {
  if (HELD === undefined) return checkDirectoryPath(abs, openPath);
  const handle = await openChecked(abs, DIRECTORY_FLAGS, openPath).catch(async (error: unknown) => {
    throw getErrorCode(error) === 'ENOTDIR' && !(await isInTheWay(openPath)) ? changedError() : error;
  });
  const base = `${HELD}/${handle.fd}`;
  return { child: (name) => join(base, name), close: () => handle.close() };
}

/**
 * Without /proc, a held descriptor gains nothing (its children are reached by path again, and
 * Windows opens no directory as a file): the path is checked by resolving it again, and used as it is.
 */
async function checkDirectoryPath(abs: PathLike, openPath: PathLike): Promise<HeldDirectory> {
  const info = await lstat(openPath);
  if (info.isSymbolicLink() || !(await realpath(openPath, { encoding: 'buffer' })).equals(bytesOf(abs)))
    throw changedError();
  if (!info.isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR', syscall: 'open' });
  return { child: (name) => join(abs, name), close: async () => undefined };
}

/**
 * After ENOTDIR: O_DIRECTORY with O_NOFOLLOW fails so on a link too. Unless something other than a
 * directory stands there still (or on the way), a link or nothing was there for a moment.
 */
async function isInTheWay(openPath: PathLike): Promise<boolean> {
  try {
    const now = await lstat(openPath);
    return !now.isDirectory() && !now.isSymbolicLink();
  } catch (error) {
    return getErrorCode(error) !== 'ENOENT';
  }
}

/** The entries of the directory at `abs`, read from the directory that was checked. */
export async function openDirectoryEntries(abs: PathLike): Promise<Dir> {
  const directory = await openDirectory(abs);
  try {
    // The Dir opens the held directory again, through its descriptor: it lists that very directory.
    // Its names come as bytes (`Dirent<Buffer>`), as a walk keeps them.
    return await opendir(directory.child('.') as string, { encoding: 'buffer' as BufferEncoding });
  } finally {
    await directory.close();
  }
}

/** lstat of `abs`, reached from its checked parent directory, so a swapped parent is never described. */
export async function lstatChecked(abs: PathLike): Promise<Stats> {
  const [parent, name] = splitLast(abs);
  const directory = await openDirectory(parent);
  try {
    return await lstat(directory.child(name));
  } finally {
    await directory.close();
  }
}

/** A path as a string, or as the bytes a walk read it in. */
export type PathLike = string | Buffer;

function bytesOf(abs: PathLike): Buffer {
  return typeof abs === 'string' ? Buffer.from(abs) : abs;
}

/** `parent/name` joined, in the parent's form (bytes stay bytes). */
function join(parent: PathLike, name: PathLike): PathLike {
  if (typeof parent === 'string' && typeof name === 'string') return path.join(parent, name);
  return Buffer.concat([bytesOf(parent), Buffer.from(path.sep), bytesOf(name)]);
}

/** `[dirname, basename]` of a path, either form. */
function splitLast(abs: PathLike): [PathLike, PathLike] {
  if (typeof abs === 'string') return [path.dirname(abs), path.basename(abs)];
  const cut = abs.lastIndexOf(path.sep);
  return cut <= 0 ? [Buffer.from(path.sep), abs.subarray(cut + 1)] : [abs.subarray(0, cut), abs.subarray(cut + 1)];
}
