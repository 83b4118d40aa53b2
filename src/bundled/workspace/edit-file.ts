import { z } from 'zod/v4';
import { defineTool, type Tool } from '../../features/tools/define.js';
import { decodeText, digestBytes, isBinary, MAX_TEXT_FILE_BYTES, readWithin } from './files.js';
import { printPath } from './path-escape.js';
import { confirmWrite } from './confirm.js';
import { writeFileAtomic } from './write-atomic.js';
import { describePath, type Workspace } from './workspace.js';

const EditFileInput = z.object({
  path: z.string().describe(describePath('The file to edit')),
  old_string: z
    .string()
    .min(1)
    .describe("The exact text to replace, as it is in the file (without read_file's line numbers)."),
  new_string: z.string().describe('The text to put in its place.'),
  replace_all: z
    .boolean()
    .default(false)
    .describe('Replace every occurrence instead of requiring exactly one. Default: false.'),
});

const EditFileOutput = z.object({ path: z.string(), replacements: z.number() });
type EditFileOutput = z.infer<typeof EditFileOutput>;

/** edit_file: exact-string replacement that refuses a missing or ambiguous old_string. */
export function createEditFile(workspace: Workspace): Tool {
  const { sandbox } = workspace;
  return defineTool({
    name: 'edit_file',
    title: 'Edit file',
    description:
      'Replaces exact text in an existing text file of the workspace. old_string must occur in the file exactly ' +
      '(same whitespace and indentation, without the line numbers read_file shows) and, unless replace_all is ' +
      'true, exactly once: include enough surrounding lines to make it unique. The edit fails, changing nothing, ' +
      'when old_string is missing or occurs more than once, and says which. The write is atomic. Returns the path ' +
      'and the number of replacements made.',
    input: EditFileInput,
    output: EditFileOutput,
    annotations: {
      title: 'Edit file',
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: false,
    },
    handler: async ({ path, old_string, new_string, replace_all }, ctx): Promise<EditFileOutput> => {
      const file = await sandbox.resolve(path);
      const quoted = JSON.stringify(file.rel);
      const bytes = await readWithin(file, MAX_TEXT_FILE_BYTES, 'limit edit_file works on', ctx.signal);
      if (isBinary(bytes)) throw new Error(`${quoted} is a binary file; edit_file edits text files only`);
      const text = decodeText(bytes);
      // Decoding replaces invalid bytes; writing that back would silently change the rest of the file.
      if (!Buffer.from(text, 'utf8').equals(bytes))
        throw new Error(`${quoted} is not valid UTF-8; edit_file edits UTF-8 text only`);
      if (old_string === new_string)
        throw new Error('old_string and new_string are identical; there is nothing to change');

      let [search, replacement] = [old_string, new_string];
      let count = countOccurrences(text, search);
      // A file with CRLF line ends: the model quotes lines with \n, as read_file shows them.
      if (count === 0 && text.includes('\r\n') && search.includes('\n')) {
        [search, replacement] = [toCrlf(old_string), toCrlf(new_string)];
        count = countOccurrences(text, search);
      }
      if (count === 0) {
        throw new Error(
          `old_string was not found in ${quoted}; it must match the file exactly, including whitespace and ` +
            'indentation ' +
            '(read the file again and copy the text)',
        );
      }
      if (count > 1 && !replace_all) {
        throw new Error(
          `old_string occurs ${count} times in ${quoted}; include more surrounding lines to make it unique, ` +
            'or set replace_all to true to replace every occurrence',
        );
      }
      // split/join and slices, not String.replace: `$&` and `$1` in new_string stay literal.
      const index = text.indexOf(search);
      const edited = replace_all
        ? text.split(search).join(replacement)
        : text.slice(0, index) + replacement + text.slice(index + search.length);
      await confirmWrite(ctx, workspace.confirmWrites, 'edit_file', file.rel, text, edited);
      // A change made since the read (another writer's append) is not overwritten: the write checks first.
      await writeFileAtomic(file, edited, { expected: digestBytes(bytes), signal: ctx.signal });
      return { path: printPath(file.rel), replacements: count };
    },
  });
}

/** Non-overlapping occurrences, the ones a replacement would touch. */
function countOccurrences(text: string, search: string): number {
  let count = 0;
  for (let index = text.indexOf(search); index !== -1; index = text.indexOf(search, index + search.length)) count += 1;
  return count;
}

function toCrlf(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}
