// The directory walk under list_directory, glob and grep.
import type { Dirent } from 'node:fs';
import path from 'node:path';
import { openDirectoryEntries } from './open-checked.js';

export type EntryKind = 'file' | 'directory' | 'symlink' | 'other';

export interface WalkEntry {
  /** Absolute path: the start's real path plus names, so inside the root by construction. */
  readonly abs: string;
  /** Relative to the walk's start, `/`-separated. */
  readonly relToStart: string;
  readonly name: string;
  readonly kind: EntryKind;
}

/** Directories a walk lists but never enters: version-control internals and installed packages. */
export const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set(['.git', 'node_modules']);

export interface WalkOptions {
  /** How many levels below the start to list; 1 lists the start's children only. */
  maxDepth?: number;
  signal?: AbortSignal;
}

/**
 * Yields a directory's entries depth-first, each directory's entries sorted by name (code-unit
 * order, so the same on every machine), a directory right before its contents. It never follows a
 * symbolic link: a link is yielded as kind `symlink` and not entered, so the walk cannot leave the
 * root (`start` must be a real path inside it). Subdirectories that cannot be read are skipped.
 */
export async function* walkTree(start: string, options: WalkOptions = {}): AsyncGenerator<WalkEntry> {
  const { maxDepth = Infinity, signal } = options;
  yield* walkDirectory(start, '', 1, maxDepth, signal, true);
}

async function* walkDirectory(
  abs: string,
  rel: string,
  depth: number,
  maxDepth: number,
  signal: AbortSignal | undefined,
  isStart: boolean,
): AsyncGenerator<WalkEntry> {
  signal?.throwIfAborted();
  let dirents: Dirent[];
  try {
    dirents = await readEntries(abs);
  } catch (error) {
    if (isStart) throw error;
    return;
  }
  dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const dirent of dirents) {
    const entry: WalkEntry = {
      abs: path.join(abs, dirent.name),
      relToStart: rel === '' ? dirent.name : `${rel}/${dirent.name}`,
      name: dirent.name,
      kind: classifyEntry(dirent),
    };
    yield entry;
    if (entry.kind === 'directory' && depth < maxDepth && !SKIPPED_DIRECTORIES.has(dirent.name)) {
      yield* walkDirectory(entry.abs, entry.relToStart, depth + 1, maxDepth, signal, false);
    }
  }
}

async function readEntries(abs: string): Promise<Dirent[]> {
  const dirents: Dirent[] = [];
  // What is listed is the directory found at `abs`, checked after opening: never one a swapped-in link leads to.
  const directory = await openDirectoryEntries(abs);
  for await (const dirent of directory) dirents.push(dirent);
  return dirents;
}

/** The entry itself, not what a link points to (Dirent comes from readdir, which does not follow). */
export function classifyEntry(dirent: Dirent): EntryKind {
  if (dirent.isSymbolicLink()) return 'symlink';
  if (dirent.isDirectory()) return 'directory';
  if (dirent.isFile()) return 'file';
  return 'other';
}
