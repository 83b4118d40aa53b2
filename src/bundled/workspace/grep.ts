import { stat } from 'node:fs/promises';
import { z } from 'zod/v4';
import { defineTool, type Tool } from '../../features/tools/define.js';
import { MAX_TEXT_FILE_BYTES, toReadableError } from './files.js';
import { MAX_GLOB_CHARS, compileGlob } from './glob-pattern.js';
import { MAX_LINE_CHARS, MAX_MATCH_CHARS } from './grep-format.js';
import { runSearch } from './grep-pool.js';
import { printPath } from './path-escape.js';
import { READ_ONLY_ANNOTATIONS, describePath, type Workspace } from './workspace.js';

const GrepInput = z.object({
  pattern: z.string().min(1).describe('A JavaScript regular expression, e.g. "function\\s+\\w+" or "TODO|FIXME".'),
  path: z.string().default('.').describe(describePath('The file or directory to search (default: the root itself)')),
  glob: z
    .string()
    .max(MAX_GLOB_CHARS)
    .optional()
    .describe(
      'Only search files matching this glob, e.g. "*.ts" (without "/": matched against file names at any depth) or ' +
        '"src/**/*.ts" (matched against paths relative to path).',
    ),
  ignoreCase: z.boolean().default(false).describe('Match letters regardless of case. Default: false.'),
  contextLines: z
    .number()
    .int()
    .min(0)
    .max(10)
    .default(0)
    .describe('Lines to show before and after each match. Default: 0.'),
});

/** grep: regex search through the text files under a path, as `file:line: text` lines. */
export function createGrep(workspace: Workspace): Tool {
  const { sandbox, maxResults } = workspace;
  return defineTool({
    name: 'grep',
    title: 'Search file contents',
    description:
      'Searches the text files under path (default: the workspace root) for lines matching a regular expression ' +
      '(JavaScript syntax). Each matching line comes back as "file:line: text", with the file relative to the ' +
      'workspace root; with contextLines, surrounding lines come as "file-line- text" and groups are separated ' +
      'by "--". A file whose path holds a space, a colon, a quote, a backslash or a control character is shown in ' +
      'double quotes, as a JSON string. Files are searched in name order, lines in order. .git, node_modules, ' +
      'binary files, symlinks and ' +
      `files over ${MAX_TEXT_FILE_BYTES / 1024 / 1024} MiB are skipped; pass a path inside .git or node_modules to ` +
      `search there. At most ${maxResults} matching lines are returned, and a note says when results were cut. ` +
      `Lines longer than ${MAX_LINE_CHARS} characters are cut in the results, and matched in their first ` +
      `${MAX_MATCH_CHARS} characters.`,
    input: GrepInput,
    annotations: { title: 'Search file contents', ...READ_ONLY_ANNOTATIONS },
    handler: async ({ pattern, path, glob, ignoreCase, contextLines }, { signal }) => {
      const regex = compileRegex(pattern, ignoreCase);
      if (glob !== undefined) compileGlob(glob); // a bad glob is refused before any search starts
      const base = await sandbox.resolve(path);
      const quoted = JSON.stringify(base.rel);
      if (!base.exists) throw new Error(`${quoted} does not exist`);
      const info = await stat(base.abs).catch((error: unknown) => {
        throw toReadableError(error, base.rel);
      });
      if (info.isFile() && info.size > MAX_TEXT_FILE_BYTES)
        throw new Error(`${quoted} is over the ${MAX_TEXT_FILE_BYTES}-byte limit grep searches`);
      if (!info.isFile() && !info.isDirectory()) throw new Error(`${quoted} is neither a file nor a directory`);
      const { lines, cut } = await runSearch(
        {
          abs: base.abs,
          rel: base.rel,
          shown: printPath(base.rel),
          isFile: info.isFile(),
          pattern,
          flags: regex.flags,
          glob,
          contextLines,
          maxResults,
        },
        signal,
      );
      if (lines.length === 0) {
        const among = glob === undefined ? '' : ` among files matching ${JSON.stringify(glob)}`;
        return `no matches for ${JSON.stringify(pattern)} in ${quoted}${among}`;
      }
      if (cut)
        lines.push(
          '',
          `(results cut at ${maxResults} matching lines: narrow the pattern, path or glob to see the rest)`,
        );
      return lines.join('\n');
    },
  });
}

/** Unicode mode first (for \p{...} and whole code points); patterns only legacy mode accepts still work. */
function compileRegex(pattern: string, ignoreCase: boolean): RegExp {
  const flags = ignoreCase ? 'i' : '';
  try {
    return new RegExp(pattern, `${flags}u`);
  } catch {
    try {
      return new RegExp(pattern, flags);
    } catch (error) {
      throw new Error(`invalid regular expression ${JSON.stringify(pattern)}: ${(error as Error).message}`);
    }
  }
}
