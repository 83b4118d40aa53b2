import { z } from 'zod/v4';
import { defineTool, type Tool } from '../../features/tools/define.js';
import { BINARY_SNIFF_BYTES, decodeText, isBinary, openFile, toReadableError } from './files.js';
import { readLines } from './line-reader.js';
import { READ_ONLY_ANNOTATIONS, describePath, type Workspace } from './workspace.js';

const ReadFileInput = z.object({
  path: z.string().describe(describePath('The file to read')),
  offset: z.number().int().min(1).optional().describe('The first line to show, counting from 1. Default: 1.'),
  limit: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('How many lines to show from offset. Default: to the end of the file.'),
});

/** read_file: a text file with line numbers, whole or a window of lines; binary and oversized files are refused. */
export function createReadFile(workspace: Workspace): Tool {
  const { sandbox, maxReadBytes } = workspace;
  return defineTool({
    name: 'read_file',
    title: 'Read file',
    description:
      'Reads a text file from the workspace and returns its lines, each prefixed with its line number and a tab ' +
      '(the number and the tab are not part of the file; leave them out when quoting text to edit_file). ' +
      `A file over ${maxReadBytes} bytes must be read in parts: pass offset (the first line, from 1) and limit ` +
      '(how many lines); a note at the end says where to continue when lines were left out. ' +
      'Binary files are refused. Use list_directory, glob or grep to find files first.',
    input: ReadFileInput,
    annotations: { title: 'Read file', ...READ_ONLY_ANNOTATIONS },
    handler: async ({ path, offset, limit }, { signal }) => {
      const file = await sandbox.resolve(path);
      const quoted = JSON.stringify(file.rel);
      // The size and type are those of what was opened, not of what a look before the open saw.
      const { handle, size } = await openFile(file);
      try {
        if (offset === undefined && limit === undefined && size > maxReadBytes) {
          throw new Error(
            `${quoted} is ${size} bytes, over the ${maxReadBytes}-byte read limit; ` +
              'read it in parts with offset and limit (for example offset: 1, limit: 500)',
          );
        }
        const sniffed = Buffer.alloc(Math.min(size, BINARY_SNIFF_BYTES));
        const { bytesRead } = await handle.read(sniffed, 0, sniffed.length, 0).catch((error: unknown) => {
          throw toReadableError(error, file.rel);
        });
        // What was read: a file that shrank since it was opened leaves the rest of the buffer zero.
        const head = sniffed.subarray(0, bytesRead);
        if (isBinary(head))
          throw new Error(`${quoted} is a binary file (${size} bytes); read_file shows text files only`);
        return await renderWindow(
          readLines(handle, maxReadBytes, signal),
          quoted,
          offset ?? 1,
          limit,
          maxReadBytes,
        ).catch((error: unknown) => {
          throw toReadableError(error, file.rel);
        });
      } finally {
        await handle.close();
      }
    },
  });
}

/**
 * Numbers the lines from `first` on. The byte budget counts the file's own bytes, so a file within
 * the limit always comes back whole; a window that reaches the budget ends with a note saying where
 * to continue, and a single line longer than the budget is shown cut.
 */
async function renderWindow(
  lines: AsyncIterable<{ bytes: Buffer; length: number }>,
  quoted: string,
  first: number,
  limit: number | undefined,
  maxBytes: number,
): Promise<string> {
  const last = limit === undefined ? Infinity : first + limit - 1;
  const shown: string[] = [];
  const notes: string[] = [];
  let lineNumber = 0;
  let used = 0;
  for await (const line of lines) {
    lineNumber += 1;
    if (lineNumber < first) continue;
    if (lineNumber > last) {
      notes.push(`(more lines follow: continue with offset: ${lineNumber})`);
      break;
    }
    if (used + line.length + 1 > maxBytes && shown.length > 0) {
      notes.push(`(output cut at the ${maxBytes}-byte read limit: continue with offset: ${lineNumber})`);
      break;
    }
    let text = decodeText(line.bytes);
    if (line.length > line.bytes.length) {
      // A line longer than the whole budget: its start is better than nothing.
      text = text.replace(/\uFFFD$/, '');
      notes.push(
        `(line ${lineNumber} is ${line.length} bytes, over the read limit: only its first ${maxBytes} bytes are shown)`,
      );
    }
    shown.push(`${lineNumber}\t${text.replace(/\r$/, '')}`);
    used += line.length + 1;
  }
  if (lineNumber < first) {
    if (lineNumber === 0 && first === 1) return `(${quoted} is empty)`;
    throw new Error(`offset ${first} is past the end of ${quoted}, which has ${lineNumber} lines`);
  }
  return notes.length === 0 ? shown.join('\n') : `${shown.join('\n')}\n\n${notes.join('\n')}`;
}
