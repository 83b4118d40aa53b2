// grep's search, run in a worker thread (grep-worker.ts): the walk, the reads, the matching and the
// output lines. Nothing here may depend on the main thread; the request carries all it needs.
import { MAX_TEXT_FILE_BYTES, decodeText, isBinary, readBytes, toReadableError } from './files.js';
import { compileGlob } from './glob-pattern.js';
import { findMatches, formatMatches } from './grep-format.js';
import { walkTree } from './walk.js';

export interface SearchRequest {
  /** The real path to search (resolved by the sandbox), relative to the root, and as printed. */
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

/** How many files are read ahead of the matching, so that the file system's latency overlaps the work. */
const READ_AHEAD = 4;

interface Candidate {
  /** Undefined for a file that is skipped: too large, or unreadable (permissions, removed meanwhile). */
  readonly bytes: Buffer | undefined;
  readonly shown: string;
}

/** Searches the files in walk order until maxResults matching lines are found. */
export async function searchFiles(request: SearchRequest): Promise<SearchReply> {
  const regex = new RegExp(request.pattern, request.flags);
  const fileFilter = request.glob === undefined ? undefined : compileFileFilter(request.glob);
  const output: string[] = [];
  let remaining = request.maxResults;
  let cut = false;
  const scan = (bytes: Buffer, shown: string) => {
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
    const bytes = await readBytes(request.abs, request.rel, MAX_TEXT_FILE_BYTES);
    if (isBinary(bytes))
      throw new Error(`${JSON.stringify(request.rel)} is a binary file; grep searches text files only`);
    scan(bytes, request.shown);
    return { lines: output, cut };
  }
  const ahead: Promise<Candidate>[] = [];
  const scanNext = async () => {
    const { bytes, shown } = await ahead.shift()!;
    if (bytes !== undefined && !isBinary(bytes)) scan(bytes, shown);
  };
  try {
    for await (const entry of walkTree(request.abs, { relStart: request.rel })) {
      if (entry.kind !== 'file') continue;
      if (fileFilter !== undefined && !fileFilter(entry.relToStart, entry.name)) continue;
      ahead.push(readCandidate(entry.abs, entry.shown));
      if (ahead.length === READ_AHEAD) await scanNext();
      if (cut) break;
    }
    while (ahead.length > 0 && !cut) await scanNext();
  } catch (error) {
    throw toReadableError(error, request.rel);
  }
  return { lines: output, cut };
}

/** A file's bytes, or none when it cannot be read or is over the limit (by what was opened and read: it is skipped). */
async function readCandidate(abs: Buffer, shown: string): Promise<Candidate> {
  return { bytes: await readBytes(abs, shown, MAX_TEXT_FILE_BYTES).catch(() => undefined), shown };
}

/** A glob without `/` picks files by name at any depth; one with `/` matches the path below the search path. */
function compileFileFilter(glob: string): (relToStart: string, name: string) => boolean {
  const matcher = compileGlob(glob.replace(/^(\.\/)+/, ''));
  return glob.includes('/') ? (rel) => matcher.test(rel) : (_rel, name) => matcher.test(name);
}
