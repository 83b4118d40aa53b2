// File reading shared by the workspace tools: opening checked, binary detection, readable errors.
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { READ_FLAGS, openChecked } from './open-checked.js';
import { getErrorCode } from './sandbox.js';

/** How much of a file's start is checked for a NUL byte, as git does. */
export const BINARY_SNIFF_BYTES = 8000;

/** Files larger than this are not loaded whole: grep skips them and edit_file refuses them. */
export const MAX_TEXT_FILE_BYTES = 16 * 1024 * 1024;

/** What a file held when it was read: a write that depends on it checks it again before it replaces the file. */
export interface FileDigest {
  readonly size: number;
  readonly sha256: string;
}

/** A file to open: its real path, and the path the model sees for messages. */
export interface FileRef {
  /** As bytes when a walk found it (a name need not be UTF-8). */
  readonly abs: string | Buffer;
  readonly rel: string;
  readonly exists?: boolean;
}

/** Text files hold no NUL bytes; nearly every binary format does within its first few kilobytes. */
export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

const decoder = new TextDecoder('utf-8');

export function decodeText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/**
 * Opens a regular file for reading. What is checked is what was opened (the descriptor's own
 * type and place), so a FIFO, a directory or a link swapped in after any earlier look is refused,
 * and opening never waits.
 */
export async function openFile(file: FileRef): Promise<{ handle: FileHandle; size: number }> {
  const quoted = JSON.stringify(file.rel);
  if (file.exists === false) throw new Error(`${quoted} does not exist`);
  const handle = await openChecked(file.abs, READ_FLAGS).catch((error: unknown) => {
    throw toReadableError(error, file.rel);
  });
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw new Error(`${quoted} is a directory, not a file`);
    if (!info.isFile()) throw new Error(`${quoted} is not a regular file`);
    return { handle, size: info.size };
  } catch (error) {
    await handle.close();
    throw toReadableError(error, file.rel);
  }
}

/** A file over the limit it is read under: by what was opened, or grown past it while being read. */
export class FileTooLarge extends Error {}

/**
 * Reads a whole regular file of at most `maxBytes` (a walk's entries name theirs as bytes). The
 * limit holds for what is read, not for an earlier look: a file swapped in or growing meanwhile
 * is refused with FileTooLarge, having cost at most `maxBytes` of memory.
 */
export async function readBytes(
  abs: string | Buffer,
  rel: string,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<Buffer> {
  const { handle, size } = await openFile({ abs, rel });
  try {
    return await readOpened(handle, size, maxBytes, rel, signal);
  } catch (error) {
    throw error instanceof FileTooLarge ? error : toReadableError(error, rel);
  } finally {
    await handle.close();
  }
}

/**
 * A whole file of at most `maxBytes` (its size taken from what was opened), refused in the model's
 * words otherwise: `limit` names the limit, e.g. "read limit" or "limit edit_file works on".
 */
export async function readWithin(file: FileRef, maxBytes: number, limit: string, signal: AbortSignal): Promise<Buffer> {
  const { handle, size } = await openFile(file);
  const quoted = JSON.stringify(file.rel);
  try {
    if (size > maxBytes) throw new Error(`${quoted} is ${size} bytes, over the ${maxBytes}-byte ${limit}`);
    return await readOpened(handle, size, maxBytes, file.rel, signal).catch((error: unknown) => {
      throw error instanceof FileTooLarge
        ? new Error(`${quoted} grew past the ${maxBytes}-byte ${limit} while it was read`)
        : toReadableError(error, file.rel);
    });
  } finally {
    await handle.close();
  }
}

/**
 * An opened file's content, `size` (its fstat size) first looked for; more than `maxBytes` throws
 * FileTooLarge without reading further. A cancelled or timed-out call stops between reads.
 */
export async function readOpened(
  handle: FileHandle,
  size: number,
  maxBytes: number,
  rel: string,
  signal?: AbortSignal,
): Promise<Buffer> {
  const tooLarge = () => new FileTooLarge(`${JSON.stringify(rel)} is over the ${maxBytes}-byte limit`);
  if (size > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let total = 0;
  for (let want = size + 1; ; want = Math.min(1024 * 1024, maxBytes + 1 - total)) {
    signal?.throwIfAborted();
    const chunk = Buffer.allocUnsafe(want);
    const { bytesRead } = await handle.read(chunk, 0, want, total);
    if (bytesRead === 0) return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
    chunks.push(chunk.subarray(0, bytesRead));
    total += bytesRead;
    if (total > maxBytes) throw tooLarge();
  }
}

export function digestBytes(bytes: Uint8Array): FileDigest {
  return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The digest of an open file's content, read in chunks; a cancelled or timed-out call stops reading. */
export async function digestHandle(handle: FileHandle, signal?: AbortSignal): Promise<FileDigest> {
  const hash = createHash('sha256');
  const chunk = Buffer.alloc(1024 * 1024);
  let size = 0;
  for (;;) {
    signal?.throwIfAborted();
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, size);
    if (bytesRead === 0) return { size, sha256: hash.digest('hex') };
    hash.update(chunk.subarray(0, bytesRead));
    size += bytesRead;
  }
}

/**
 * The path was resolved to a real path first: a link on it now, or an object opened elsewhere, was swapped in since.
 */
export function movedError(rel: string): Error {
  return new Error(`${JSON.stringify(rel)} was moved or replaced while it was being opened; try again`);
}

/**
 * A Node file-system error as a sentence about the path the model gave. Node's own message holds
 * the absolute path, so it is never passed on; other errors (the tools' own, an abort's reason) pass as they are.
 */
export function toReadableError(error: unknown, rel: string): unknown {
  const quoted = JSON.stringify(rel);
  const code = getErrorCode(error);
  switch (code) {
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
    case 'ECHANGED':
      return movedError(rel);
    case 'ENXIO':
      return new Error(`${quoted} is not a regular file`);
    case 'ENOSPC':
      return new Error(`no space left on the device to write ${quoted}`);
    case 'EROFS':
      return new Error(`${quoted} is on a read-only file system`);
    case 'ENAMETOOLONG':
      return new Error(`${quoted} has a name longer than the file system allows`);
    case 'EMFILE':
    case 'ENFILE':
      return new Error(`${quoted} could not be opened: too many files are open at once; try again`);
  }
  if (code !== undefined && typeof error === 'object' && error !== null && 'syscall' in error) {
    return new Error(`${quoted} could not be accessed: the file system answered ${code}`);
  }
  return error;
}
