// grep's search, run in a worker thread (grep-worker.ts): the walk, the reads, the matching and the
// output lines. Nothing here may depend on the main thread; the request carries all it needs.
import { stat } from 'node:fs/promises';
import { MAX_TEXT_FILE_BYTES, decodeText, isBinary, readBytes, toReadableError } from './files.js';
import { compileGlob } from './glob-pattern.js';
import { findMatches, formatMatches } from './grep-format.js';
import { walkTree } from './walk.js';

export interface SearchRequest {
  /** The real path to search (resolved by the sandbox), as quoted in errors and as printed. */
  readonly abs: string;
  readonly rel: string;
  readonly shown: string;
  /** A file given by path: a binary one is an error rather than skipped. */
  readonly isFile: boolean;
  readonly pattern: string;
  readonly flags: string;
  readonly glob: string | undefined;
  readonly contextLines: number;
  readonly maxResults: number;
}

export interface SearchReply {
  readonly lines: string[];
  /** More lines matched than maxResults. */
  readonly cut: boolean;
}

/** Searches the files in walk order until maxResults matching lines are found. */
export async function searchFiles(request: SearchRequest): Promise<SearchReply> {
  const regex = new RegExp(request.pattern, request.flags);
  const fileFilter = request.glob === undefined ? undefined : compileFileFilter(request.glob);
  const output: string[] = [];
  let remaining = request.maxResults;
  let cut = false;
  const searchFile = async (abs: string | Buffer, rel: string, shown: string, explicit: boolean) => {
    const bytes = await readBytes(abs, rel);
    if (isBinary(bytes)) {
      if (explicit) throw new Error(`${JSON.stringify(rel)} is a binary file; grep searches text files only`);
      return;
    }
    const lines = decodeText(bytes).split(/\r?\n/);
    if (lines.at(-1) === '') lines.pop();
    const matches = findMatches(lines, regex, remaining + 1);
    if (matches.length > remaining) {
      matches.length = remaining;
      cut = true;
    }
    remaining -= matches.length;
    output.push(...formatMatches(shown, lines, matches, regex, request.contextLines, output.length > 0));
  };

  if (request.isFile) {
    await searchFile(request.abs, request.rel, request.shown, true);
    return { lines: output, cut };
  }
  try {
    for await (const entry of walkTree(request.abs, { shownStart: request.shown })) {
      if (entry.kind !== 'file') continue;
      if (fileFilter !== undefined && !fileFilter(entry.relToStart, entry.name)) continue;
      const size = (await stat(entry.abs).catch(() => undefined))?.size;
      if (size === undefined || size > MAX_TEXT_FILE_BYTES) continue;
      // A file that cannot be read (permissions, removed meanwhile) is skipped like a binary one.
      await searchFile(entry.abs, entry.shown, entry.shown, false).catch(() => undefined);
      if (cut) break;
    }
  } catch (error) {
    throw toReadableError(error, request.rel);
  }
  return { lines: output, cut };
}

/** A glob without `/` picks files by name at any depth; one with `/` matches the path below the search path. */
function compileFileFilter(glob: string): (relToStart: string, name: string) => boolean {
  const matcher = compileGlob(glob.replace(/^(\.\/)+/, ''));
  return glob.includes('/') ? (rel) => matcher.test(rel) : (_rel, name) => matcher.test(name);
}
