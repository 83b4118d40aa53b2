// The one way the workspace tools write a file: through a temporary file renamed over the target,
// inside a directory held open and checked, so that a directory swapped for a link cannot redirect it.
import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { access, lstat, mkdir, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { digestHandle, movedError, toReadableError, type FileDigest } from './files.js';
import { READ_FLAGS, openDirectory, type HeldDirectory, type PathLike } from './open-checked.js';
import { getErrorCode, type ResolvedPath } from './sandbox.js';

export interface WriteOptions {
  /** What the file held when it was read: if it holds something else just before the rename, nothing is written. */
  expected?: FileDigest;
  signal?: AbortSignal;
}

/**
 * Writes through a temporary file in the same directory, then renames it over the target: rename
 * is atomic within one file system, so a reader sees the old content or the new, never half of it.
 * A replaced file keeps its owner (where the process may set it) and its permission bits, but not
 * setuid, setgid or sticky; a file without write permission is not replaced.
 */
export async function writeFileAtomic(file: ResolvedPath, content: string, options: WriteOptions = {}): Promise<void> {
  const quoted = JSON.stringify(file.rel);
  const directory = await openParent(file.abs).catch((error: unknown) => {
    const code = getErrorCode(error);
    if (code === 'EEXIST' || code === 'ENOTDIR')
      throw new Error(`cannot create ${quoted}: a file stands where its path needs a directory`);
    throw toReadableError(error, file.rel);
  });
  try {
    const target = directory.child(path.basename(file.abs));
    const existing = await lstat(target).catch((error: unknown) => {
      if (getErrorCode(error) === 'ENOENT') return undefined;
      throw toReadableError(error, file.rel);
    });
    if (existing !== undefined) await checkReplaceable(existing, target, file.rel);
    else if (options.expected !== undefined) throw changedSinceRead(quoted);
    // A short name of its own: the target's name plus a suffix could pass the 255-byte name limit.
    const temp = directory.child(`.zod-mcp-${randomBytes(6).toString('hex')}.tmp`);
    try {
      // wx: never open something already there, a planted link included. A replacement starts
      // 0600 and takes the old owner, group and bits before any content is written, so the content
      // is never open to more than the old file was (a group of this process's own included).
      const handle = await open(temp, 'wx', existing === undefined ? 0o666 : 0o600);
      try {
        if (existing !== undefined) await keepOwnerAndMode(handle, existing);
        await handle.writeFile(content, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      if (options.expected !== undefined) await checkUnchanged(target, options.expected, quoted, options.signal);
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw toReadableError(error, file.rel);
    }
  } finally {
    await directory.close();
  }
}

/**
 * Opens the directory the file goes in. Missing directories are made one at a time, each in the
 * last directory checked and then opened from it, so none can be made through a swapped-in link.
 */
async function openParent(abs: string): Promise<HeldDirectory> {
  const missing: string[] = [];
  let current = path.dirname(abs);
  let directory: HeldDirectory | undefined;
  while (directory === undefined) {
    try {
      directory = await openDirectory(current);
    } catch (error) {
      const parent = path.dirname(current);
      if (getErrorCode(error) !== 'ENOENT' || parent === current) throw error;
      missing.unshift(path.basename(current));
      current = parent;
    }
  }
  for (const name of missing) {
    const parent: HeldDirectory = directory;
    try {
      await mkdir(parent.child(name)).catch((error: unknown) => {
        if (getErrorCode(error) !== 'EEXIST') throw error;
      });
      current = path.join(current, name);
      directory = await openDirectory(current, parent.child(name));
    } finally {
      await parent.close();
    }
  }
  return directory;
}

/** A regular file the process may write; what it is now, at the name in the held directory. */
async function checkReplaceable(existing: Stats, target: PathLike, rel: string): Promise<void> {
  const quoted = JSON.stringify(rel);
  if (existing.isDirectory()) throw new Error(`${quoted} is a directory, not a file`);
  if (existing.isSymbolicLink()) throw movedError(rel);
  if (!existing.isFile()) throw new Error(`${quoted} is not a regular file`);
  // The rename would replace a file its permissions protect; root passes access(), so the bits count too.
  const writable =
    (existing.mode & 0o222) !== 0 &&
    (await access(target, constants.W_OK).then(
      () => true,
      (error: unknown) => {
        if (getErrorCode(error) === 'EACCES') return false;
        throw toReadableError(error, rel);
      },
    ));
  if (!writable) throw new Error(`${quoted} is read-only (it has no write permission); nothing was written`);
}

/** The owner first (chown may clear mode bits), then exactly the old permission bits, past the umask. */
async function keepOwnerAndMode(handle: FileHandle, existing: Stats): Promise<void> {
  // Only root may give a file away; anyone may set a group they belong to.
  await handle
    .chown(existing.uid, existing.gid)
    .catch(() => handle.chown(-1, existing.gid))
    .catch(() => undefined);
  await handle.chmod(existing.mode & 0o777);
}

/** Reads the target again from the held directory: its size and digest must be what was read. */
async function checkUnchanged(
  target: PathLike,
  expected: FileDigest,
  quoted: string,
  signal: AbortSignal | undefined,
): Promise<void> {
  const handle = await open(target, READ_FLAGS).catch(() => undefined);
  if (handle === undefined) throw changedSinceRead(quoted);
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size !== expected.size) throw changedSinceRead(quoted);
    const now = await digestHandle(handle, signal);
    if (now.size !== expected.size || now.sha256 !== expected.sha256) throw changedSinceRead(quoted);
  } finally {
    await handle.close();
  }
}

function changedSinceRead(quoted: string): Error {
  return new Error(`${quoted} changed since it was read; nothing was written (read it again)`);
}
