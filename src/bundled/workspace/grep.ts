import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { defineTool, type Tool } from '../../features/tools/define.js';
import { MAX_TEXT_FILE_BYTES, decodeText, isBinary, readBytes, toReadableError } from './files.js';
import { MAX_GLOB_CHARS, compileGlob } from './glob-pattern.js';
import { MAX_LINE_CHARS, MAX_MATCH_CHARS, findMatches, formatMatches } from './grep-format.js';
import { escapePath } from './path-escape.js';
import { walkTree } from './walk.js';
import { READ_ONLY_ANNOTATIONS, describePath, type Workspace } from './workspace.js';

const GrepInput = z.object({
  pattern: z.string().min(1).describe('A JavaScript regular expression, e.g. "function\\s+\\w+" or "TODO|FIXME".'),
  path: z.string().default('.').describe(describePath('The file or directory to search (default: the root itself)')),
  glob: z
    .string()
    .max(MAX_GLOB_CHARS)
    .optional()
    .describe('Only search files matching this glob, e.g. "*.ts" (without "/": matched against file names at any depth) or "src/**/*.ts" (matched against paths relative to path).'),
  ignoreCase: z.boolean().default(false).describe('Match letters regardless of case. Default: false.'),
  contextLines: z.number().int().min(0).max(10).default(0).describe('Lines to show before and after each match. Default: 0.'),
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
      'by "--". Files are searched in name order, lines in order. .git, node_modules, binary files, symlinks and ' +
      `files over ${MAX_TEXT_FILE_BYTES / 1024 / 1024} MiB are skipped; pass a path inside .git or node_modules to ` +
      `search there. At most ${maxResults} matching lines are returned, and a note says when results were cut. ` +
      `Lines longer than ${MAX_LINE_CHARS} characters are cut in the results, and matched in their first ${MAX_MATCH_CHARS} characters.`,
    input: GrepInput,
    annotations: { title: 'Search file contents', ...READ_ONLY_ANNOTATIONS },
    handler: async ({ pattern, path, glob, ignoreCase, contextLines }, { signal }) => {
      const regex = compileRegex(pattern, ignoreCase);
      const fileFilter = glob === undefined ? undefined : compileFileFilter(glob);
      const base = await sandbox.resolve(path);
      const quoted = JSON.stringify(base.rel);
      if (!base.exists) throw new Error(`${quoted} does not exist`);
      const info = await stat(base.abs);
      const output: string[] = [];
      let remaining = maxResults;
      let cut = false;
      const searchFile = async (abs: string | Buffer, rel: string, shown: string, explicit: boolean) => {
        const bytes = await readBytes(abs, rel);
        if (isBinary(bytes)) {
          if (explicit) throw new Error(`${JSON.stringify(rel)} is a binary file; grep searches text files only`);
          return;
        }
        const lines = decodeText(bytes).split(/\r?\n/);
        if (lines.at(-1) === '') lines.pop();
        const matches = await findMatches(lines, regex, remaining + 1, signal);
        if (matches.length > remaining) {
          matches.length = remaining;
          cut = true;
        }
        remaining -= matches.length;
        output.push(...formatMatches(shown, lines, matches, regex, contextLines, output.length > 0));
      };

      if (info.isFile()) {
        if (info.size > MAX_TEXT_FILE_BYTES) throw new Error(`${quoted} is over the ${MAX_TEXT_FILE_BYTES}-byte limit grep searches`);
        await searchFile(base.abs, base.rel, escapePath(base.rel), true);
      } else if (info.isDirectory()) {
        try {
          for await (const entry of walkTree(base.abs, { signal, shownStart: escapePath(base.rel) })) {
            if (entry.kind !== 'file') continue;
            if (fileFilter !== undefined && !fileFilter(entry.relToStart, entry.name)) continue;
            const size = (await stat(entry.abs).catch(() => undefined))?.size;
            if (size === undefined || size > MAX_TEXT_FILE_BYTES) continue;
            // A file that cannot be read (permissions, removed meanwhile) is skipped like a binary one.
            await searchFile(entry.abs, entry.shown, entry.shown, false).catch(() => undefined);
            if (cut) break;
          }
        } catch (error) {
          throw toReadableError(error, base.rel);
        }
      } else {
        throw new Error(`${quoted} is neither a file nor a directory`);
      }
      if (output.length === 0) {
        const among = glob === undefined ? '' : ` among files matching ${JSON.stringify(glob)}`;
        return `no matches for ${JSON.stringify(pattern)} in ${quoted}${among}`;
      }
      if (cut) output.push('', `(results cut at ${maxResults} matching lines: narrow the pattern, path or glob to see the rest)`);
      return output.join('\n');
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

/** A glob without `/` picks files by name at any depth; one with `/` matches the path below the search path. */
function compileFileFilter(glob: string): (relToStart: string, name: string) => boolean {
  const matcher = compileGlob(glob.replace(/^(\.\/)+/, ''));
  return glob.includes('/') ? (rel) => matcher.test(rel) : (_rel, name) => matcher.test(name);
}
