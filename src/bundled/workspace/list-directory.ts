import { stat } from 'node:fs/promises';
import { z } from 'zod/v4';
import { defineTool, type Tool } from '../../features/tools/define.js';
import { toReadableError } from './files.js';
import { findLinkTarget } from './link-target.js';
import { lstatChecked } from './open-checked.js';
import { printPath } from './path-escape.js';
import type { Sandbox } from './sandbox.js';
import { walkTree, type WalkEntry } from './walk.js';
import { READ_ONLY_ANNOTATIONS, describePath, type Workspace } from './workspace.js';

const ListDirectoryInput = z.object({
  path: z.string().default('.').describe(describePath('The directory to list (default: the root itself)')),
  depth: z
    .number()
    .int()
    .min(1)
    .max(20)
    .default(1)
    .describe(
      "How many levels to list: 1 lists the directory's own entries, 2 also the entries of its subdirectories, and " +
        'so on. Default: 1.',
    ),
});

const Entry = z.object({
  path: z.string(),
  kind: z.enum(['file', 'directory', 'symlink', 'other']),
  size: z.number().optional(),
  target: z.string().optional(),
});

const ListDirectoryOutput = z.object({
  path: z.string(),
  entries: z.array(Entry),
  truncated: z.boolean(),
});
type ListDirectoryOutput = z.infer<typeof ListDirectoryOutput>;

/** list_directory: a directory's entries (and deeper levels on request) with kind and size, sorted, bounded. */
export function createListDirectory(workspace: Workspace): Tool {
  const { sandbox, maxResults } = workspace;
  return defineTool({
    name: 'list_directory',
    title: 'List directory',
    description:
      'Lists the entries of a directory in the workspace: each with its path relative to the workspace root, ' +
      'its kind (file, directory, symlink or other) and, for files, its size in bytes; a symlink whose target ' +
      'is inside the workspace also shows that target. Entries are sorted by name, each directory followed by ' +
      'its contents when depth is more than 1. Symlinks are never followed, and .git and node_modules are ' +
      `listed but not entered (list them by path to see inside). At most ${maxResults} entries are returned; ` +
      'truncated is true when more were left out (list a subdirectory, or use a smaller depth).',
    input: ListDirectoryInput,
    output: ListDirectoryOutput,
    annotations: { title: 'List directory', ...READ_ONLY_ANNOTATIONS },
    handler: async ({ path, depth }, { signal }): Promise<ListDirectoryOutput> => {
      const directory = await sandbox.resolve(path);
      await checkDirectory(directory.abs, directory.rel, directory.exists);
      const entries: ListDirectoryOutput['entries'] = [];
      let truncated = false;
      try {
        for await (const entry of walkTree(directory.abs, { maxDepth: depth, signal, relStart: directory.rel })) {
          if (entries.length === maxResults) {
            truncated = true;
            break;
          }
          entries.push(await describeEntry(sandbox, entry));
        }
      } catch (error) {
        throw toReadableError(error, directory.rel);
      }
      return { path: printPath(directory.rel), entries, truncated };
    },
  });
}

async function checkDirectory(abs: string, rel: string, exists: boolean): Promise<void> {
  const quoted = JSON.stringify(rel);
  if (!exists) throw new Error(`${quoted} does not exist`);
  const info = await stat(abs).catch((error: unknown) => {
    throw toReadableError(error, rel);
  });
  if (!info.isDirectory()) throw new Error(`${quoted} is not a directory; use read_file to read a file`);
}

async function describeEntry(sandbox: Sandbox, entry: WalkEntry): Promise<ListDirectoryOutput['entries'][number]> {
  const path = entry.shown;
  if (entry.kind === 'file') {
    // From the checked parent: a parent swapped for a link since the listing describes nothing outside.
    const info = await lstatChecked(entry.abs).catch(() => undefined);
    return info === undefined ? { path, kind: 'file' } : { path, kind: 'file', size: info.size };
  }
  if (entry.kind === 'symlink') {
    // The target is named only when it is inside the root: nothing outside is ever described.
    const target = await findLinkTarget(sandbox, entry.abs);
    return target === undefined ? { path, kind: 'symlink' } : { path, kind: 'symlink', target: target.shown };
  }
  return { path, kind: entry.kind };
}
