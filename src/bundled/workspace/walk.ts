// The directory walk under list_directory, glob and grep. Names are read as bytes, so a name that is
// not UTF-8 is still the file it names, and two such names stay two entries.
import type { Dirent } from 'node:fs';
import path from 'node:path';
import { openDirectoryEntries } from './open-checked.js';
import { printPathBytes } from './path-escape.js';

export type EntryKind = 'file' | 'directory' | 'symlink' | 'other';

export interface WalkEntry {
  /** Absolute path as bytes: the start's real path plus names, so inside the root by construction. */
  readonly abs: Buffer;
  /** Relative to the walk's start, `/`-separated, decoded as UTF-8 (other bytes as U+FFFD): what globs match. */
  readonly relToStart: string;
  /** The entry's own name, decoded the same way. */
  readonly name: string;
  /** The path relative to the root as the tools print it (see path-escape.ts). */
  readonly shown: string;
  readonly kind: EntryKind;
}

/** Directories a walk lists but never enters: version-control internals and installed packages. */
export const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set(['.git', 'node_modules']);

export interface WalkOptions {
  /** How many levels below the start to list; 1 lists the start's children only. */
  maxDepth?: number;
  signal?: AbortSignal;
  /** The start relative to the root, `/`-separated (default `.`): entries print as this plus their names. */
  relStart?: string;
}

const SEPARATOR = Buffer.from(path.sep);
const SLASH = Buffer.from('/');

/**
 * Yields a directory's entries depth-first, each directory's entries sorted by name (code-unit
 * order, so the same on every machine; names that decode alike by their bytes), a directory right
 * before its contents. It never follows a symbolic link: a link is yielded as kind `symlink` and
 * not entered, so the walk cannot leave the root (`start` must be a real path inside it).
 * Subdirectories that cannot be read are skipped.
 */
export async function* walkTree(start: string, options: WalkOptions = {}): AsyncGenerator<WalkEntry> {
  const { maxDepth = Infinity, signal, relStart = '.' } = options;
  const top = { abs: Buffer.from(start), rel: '', fromRoot: Buffer.from(relStart === '.' ? '' : `${relStart}/`) };
  yield* walkDirectory(top, 1, maxDepth, signal, true);
}

interface Directory {
  readonly abs: Buffer;
  readonly rel: string;
  /** The path relative to the root as bytes, with its final `/`, or empty for the root. */
  readonly fromRoot: Buffer;
}

async function* walkDirectory(
  directory: Directory,
  depth: number,
  maxDepth: number,
  signal: AbortSignal | undefined,
  isStart: boolean,
): AsyncGenerator<WalkEntry> {
  signal?.throwIfAborted();
  let dirents: Dirent<Buffer>[];
  try {
    dirents = await readEntries(directory.abs);
  } catch (error) {
    if (isStart) throw error;
    return;
  }
  const named = dirents.map((dirent) => ({ dirent, name: dirent.name.toString('utf8') }));
  named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : Buffer.compare(a.dirent.name, b.dirent.name)));
  for (const { dirent, name } of named) {
    const fromRoot = Buffer.concat([directory.fromRoot, dirent.name]);
    const entry: WalkEntry = {
      abs: Buffer.concat([directory.abs, SEPARATOR, dirent.name]),
      relToStart: directory.rel === '' ? name : `${directory.rel}/${name}`,
      name,
      // Printed whole: a path is quoted as one string, so it cannot be put together from printed names.
      shown: printPathBytes(fromRoot),
      kind: classifyEntry(dirent),
    };
    yield entry;
    if (entry.kind === 'directory' && depth < maxDepth && !SKIPPED_DIRECTORIES.has(name)) {
      const below = { abs: entry.abs, rel: entry.relToStart, fromRoot: Buffer.concat([fromRoot, SLASH]) };
      yield* walkDirectory(below, depth + 1, maxDepth, signal, false);
    }
  }
}

async function readEntries(abs: Buffer): Promise<Dirent<Buffer>[]> {
  const dirents: Dirent<Buffer>[] = [];
  // What is listed is the directory found at `abs`, checked after opening: never one a swapped-in link leads to.
  const directory = await openDirectoryEntries(abs);
  for await (const dirent of directory) dirents.push(dirent as unknown as Dirent<Buffer>);
  return dirents;
}

/** The entry itself, not what a link points to (Dirent comes from readdir, which does not follow). */
export function classifyEntry(dirent: Dirent<Buffer> | Dirent): EntryKind {
  if (dirent.isSymbolicLink()) return 'symlink';
  if (dirent.isDirectory()) return 'directory';
  if (dirent.isFile()) return 'file';
  return 'other';
}
