// File reading and writing shared by the workspace tools: binary detection, atomic writes, readable errors.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { getErrorCode, type ResolvedPath } from './sandbox.js';

/** How much of a file's start is checked for a NUL byte, as git does. */
export const BINARY_SNIFF_BYTES = 8000;

/** Files larger than this are not loaded whole: grep skips them and edit_file refuses them. */
export const MAX_TEXT_FILE_BYTES = 16 * 1024 * 1024;

// O_NOFOLLOW: the path was resolved already, so a link found here now was swapped in since.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

/** Text files hold no NUL bytes; nearly every binary format does within its first few kilobytes. */
export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

const decoder = new TextDecoder('utf-8');

export function decodeText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** Checks that the path is an existing regular file and returns its size. */
export async function statFile(file: ResolvedPath): Promise<number> {
  if (!file.exists) throw new Error(`${JSON.stringify(file.rel)} does not exist`);
  const info = await stat(file.abs).catch((error: unknown) => {
    throw toReadableError(error, file.rel);
  });
  if (info.isDirectory()) throw new Error(`${JSON.stringify(file.rel)} is a directory, not a file`);
  if (!info.isFile()) throw new Error(`${JSON.stringify(file.rel)} is not a regular file`);
  return info.size;
}

/** Reads a whole regular file (a walk's entries name theirs as bytes); for files the caller has checked against its size limit. */
export async function readBytes(abs: string | Buffer, rel: string): Promise<Buffer> {
  try {
    const handle = await open(abs, READ_FLAGS);
    try {
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw toReadableError(error, rel);
  }
}

/** Opens a regular file for streaming reads, refusing a link swapped in after resolution. */
export async function openForRead(abs: string, rel: string) {
  return open(abs, READ_FLAGS).catch((error: unknown) => {
    throw toReadableError(error, rel);
  });
}

/**
 * Writes through a temporary file in the same directory, then renames it over the target: rename
 * is atomic within one file system, so a reader sees the old content or the new, never half of it.
 * An existing file keeps its permission bits.
 */
export async function writeFileAtomic(file: ResolvedPath, content: string): Promise<void> {
  const directory = path.dirname(file.abs);
  let mode = 0o666;
  if (file.exists) {
    const info = await stat(file.abs);
    if (info.isDirectory()) throw new Error(`${JSON.stringify(file.rel)} is a directory, not a file`);
    mode = info.mode & 0o7777;
  } else {
    await mkdir(directory, { recursive: true }).catch((error: unknown) => {
      const code = getErrorCode(error);
      if (code === 'EEXIST' || code === 'ENOTDIR') {
        throw new Error(`cannot create ${JSON.stringify(file.rel)}: a file stands where its path needs a directory`);
      }
      throw toReadableError(error, file.rel);
    });
  }
  // A short name of its own: the target's name plus a suffix could pass the 255-byte name limit.
  const temp = path.join(directory, `.zod-mcp-${randomBytes(6).toString('hex')}.tmp`);
  try {
    // wx: never open something already there, a planted link included.
    const handle = await open(temp, 'wx', mode);
    try {
      await handle.writeFile(content, 'utf8');
      // open's mode passes through the umask; a replaced file keeps exactly the bits it had.
      if (file.exists) await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file.abs);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw toReadableError(error, file.rel);
  }
}

/** A Node file-system error as a sentence about the path the model gave, without the absolute path. */
export function toReadableError(error: unknown, rel: string): Error {
  const quoted = JSON.stringify(rel);
  switch (getErrorCode(error)) {
    case 'ENOENT':
      return new Error(`${quoted} does not exist`);
    case 'ENOTDIR':
      return new Error(`${quoted} cannot be reached: a file stands where its path needs a directory`);
    case 'EISDIR':
      return new Error(`${quoted} is a directory, not a file`);
    case 'EACCES':
    case 'EPERM':
      return new Error(`permission denied: ${quoted}`);
    case 'ELOOP':
      return new Error(`${quoted} is a symbolic link that changed while it was being read; try again`);
    case 'ENOSPC':
      return new Error(`no space left on the device to write ${quoted}`);
    case 'EROFS':
      return new Error(`${quoted} is on a read-only file system`);
    case 'ENAMETOOLONG':
      return new Error(`${quoted} has a name longer than the file system allows`);
    default:
      return withoutAbsolutePaths(error, quoted);
  }
}

/** Node's message names the absolute path (`EMFILE: too many open files, scandir '/srv/repo/src'`): the model gets the quoted path it gave. */
function withoutAbsolutePaths(error: unknown, quoted: string): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  const named = [(error as { path?: unknown }).path, (error as { dest?: unknown }).dest].filter((abs) => typeof abs === 'string' || Buffer.isBuffer(abs));
  if (named.length === 0) return error;
  return new Error(named.reduce<string>((message, abs) => message.replaceAll(`'${String(abs)}'`, quoted), error.message));
}
