import { stat } from 'node:fs/promises';
import { z } from 'zod/v4';
import { defineTool, type Tool } from '../../features/tools/define.js';
import { toReadableError } from './files.js';
import { MAX_GLOB_CHARS, compileGlob } from './glob-pattern.js';
import { findLinkTarget } from './link-target.js';
import { lstatChecked } from './open-checked.js';
import type { Sandbox } from './sandbox.js';
import { walkTree, type WalkEntry } from './walk.js';
import { READ_ONLY_ANNOTATIONS, describePath, type Workspace } from './workspace.js';

const GlobInput = z.object({
  pattern: z
    .string()
    .min(1)
    .max(MAX_GLOB_CHARS)
    .describe(
      'A glob matched against file paths relative to path, e.g. "**/*.ts", "src/*.{js,json}", "test/**/[a-c]*.ts".',
    ),
  path: z.string().default('.').describe(describePath('The directory to search (default: the root itself)')),
});

const GlobOutput = z.object({ paths: z.array(z.string()), truncated: z.boolean() });
type GlobOutput = z.infer<typeof GlobOutput>;

/** How long matching runs before the event loop turns (entries of one directory come without a pause). */
const SLICE_MS = 20;

/** glob: files whose path matches a pattern, newest first, bounded. */
export function createGlob(workspace: Workspace): Tool {
  const { sandbox, maxResults } = workspace;
  return defineTool({
    name: 'glob',
    title: 'Find files by name',
    description:
      'Finds files in the workspace whose path, relative to path (default: the workspace root), matches a glob ' +
      'pattern: ** matches any number of directories, * any characters but /, ? one character, [abc] one of ' +
      'the characters, {a,b} either alternative. Names starting with a dot match like any other. Returns ' +
      `paths relative to the workspace root, most recently modified first, at most ${maxResults}; truncated is ` +
      'true when more matched (narrow the pattern or the path). Only files are returned, never directories; ' +
      '.git and node_modules are not searched unless path is inside them, and symlinks to directories are not entered.',
    input: GlobInput,
    output: GlobOutput,
    annotations: { title: 'Find files by name', ...READ_ONLY_ANNOTATIONS },
    handler: async ({ pattern, path }, { signal }): Promise<GlobOutput> => {
      const matcher = compileGlob(checkPattern(pattern));
      const base = await sandbox.resolve(path);
      const quoted = JSON.stringify(base.rel);
      if (!base.exists) throw new Error(`${quoted} does not exist`);
      const info = await stat(base.abs).catch((error: unknown) => {
        throw toReadableError(error, base.rel);
      });
      if (!info.isDirectory()) throw new Error(`${quoted} is not a directory; glob searches a directory`);
      const found: { path: string; key: string; mtimeMs: number }[] = [];
      try {
        let sliceStart = performance.now();
        for await (const entry of walkTree(base.abs, { signal, relStart: base.rel })) {
          if (performance.now() - sliceStart > SLICE_MS) {
            await new Promise((resolve) => setImmediate(resolve));
            signal.throwIfAborted();
            sliceStart = performance.now();
          }
          if (!matcher.test(entry.relToStart)) continue;
          const mtimeMs = await fileMtime(sandbox, entry);
          if (mtimeMs !== undefined) found.push({ path: entry.shown, key: entry.relToStart, mtimeMs });
        }
      } catch (error) {
        throw toReadableError(error, base.rel);
      }
      // Ties by the path itself, not as printed (quotes would sort first); the sort is stable, so
      // names that decode alike keep the walk's order.
      found.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      return { paths: found.slice(0, maxResults).map((match) => match.path), truncated: found.length > maxResults };
    },
  });
}

/** Patterns are relative to `path`; one that climbs out or starts at `/` could never match, so it is refused. */
function checkPattern(pattern: string): string {
  if (pattern.includes('\0')) throw new Error('refused: the pattern contains a NUL byte');
  const relative = pattern.replace(/^(\.\/)+/, '');
  if (relative.startsWith('/') || relative.split('/').includes('..')) {
    throw new Error(
      'refused: glob patterns are relative to path and may not start with "/" or contain ".."; choose the ' +
        'directory with path instead',
    );
  }
  return relative;
}

/** A regular file's modification time; a symlink counts when it leads to a file inside the root. */
async function fileMtime(sandbox: Sandbox, entry: WalkEntry): Promise<number | undefined> {
  // From the checked parent: a parent swapped for a link since the walk orders nothing by outside times.
  if (entry.kind === 'file') return (await lstatChecked(entry.abs).catch(() => undefined))?.mtimeMs;
  if (entry.kind !== 'symlink') return undefined;
  const target = await findLinkTarget(sandbox, entry.abs);
  if (target === undefined) return undefined;
  const info = await stat(target.abs).catch(() => undefined);
  return info?.isFile() ? info.mtimeMs : undefined;
}
