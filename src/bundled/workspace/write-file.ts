import { z } from 'zod/v4';
import { defineTool, type Tool } from '../../features/tools/define.js';
import { confirmWrite } from './confirm.js';
import {
  FileTooLarge,
  MAX_TEXT_FILE_BYTES,
  decodeText,
  digestBytes,
  digestHandle,
  isBinary,
  openFile,
  readOpened,
  toReadableError,
  type FileDigest,
} from './files.js';
import { parsePrintedPath, printPath } from './path-escape.js';
import type { ResolvedPath } from './sandbox.js';
import { writeFileAtomic } from './write-atomic.js';
import { describePath, type Workspace } from './workspace.js';

const WriteFileInput = z.object({
  path: z.string().describe(describePath('The file to write')),
  content: z.string().describe('The complete new content of the file.'),
});

const WriteFileOutput = z.object({ path: z.string(), bytes: z.number(), created: z.boolean() });
type WriteFileOutput = z.infer<typeof WriteFileOutput>;

/**
 * What the file holds now, for the approval question: its text, a note for bytes, or nothing when
 * it is new; and its digest, so that the write replaces only what the user saw.
 */
async function readCurrent(
  file: ResolvedPath,
  signal: AbortSignal,
): Promise<{ shown: string | undefined; digest?: FileDigest }> {
  if (!file.exists) return { shown: undefined };
  const { handle, size } = await openFile(file);
  try {
    // A file over the limit (as opened, or grown past it while read) is described, never shown, but
    // its digest is part of the question: an approval never carries over to other bytes of the same size.
    const bytes = await readOpened(handle, size, MAX_TEXT_FILE_BYTES, file.rel, signal).catch((error: unknown) => {
      if (!(error instanceof FileTooLarge)) throw error;
      return undefined;
    });
    if (bytes === undefined) {
      const digest = await digestHandle(handle, signal);
      return { shown: `(a file of ${digest.size} bytes, sha256 ${digest.sha256})`, digest };
    }
    const digest = digestBytes(bytes);
    return {
      shown: isBinary(bytes) ? `(a binary file of ${digest.size} bytes, sha256 ${digest.sha256})` : decodeText(bytes),
      digest,
    };
  } catch (error) {
    throw toReadableError(error, file.rel);
  } finally {
    await handle.close();
  }
}

/**
 * `new.txt/` and `sub/.` name directories; resolved, they lose the tail and would be written as the
 * file `new.txt` or `sub`. The file system would refuse them, so the tool does too.
 */
function refuseDirectoryPath(path: string): void {
  const tail = (process.platform === 'win32' ? /[\\/]\.{0,2}$/ : /\/\.{0,2}$/).exec(path)?.[0];
  if (tail !== undefined) {
    throw new Error(
      `refused: ${JSON.stringify(path)} ends in ${JSON.stringify(tail)}, so it names a directory, not a file; ` +
        'nothing was written',
    );
  }
}

/** write_file: creates or replaces a whole file, atomically. */
export function createWriteFile(workspace: Workspace): Tool {
  const { sandbox } = workspace;
  return defineTool({
    name: 'write_file',
    title: 'Write file',
    description:
      'Writes a text file in the workspace, replacing all of its content, or creating it (and any missing ' +
      'parent directories) when it does not exist. The write is atomic: the file holds either its old content ' +
      'or the new, never part of it. To change part of an existing file, prefer edit_file. Returns the path ' +
      'relative to the workspace root, the number of bytes written (UTF-8) and whether the file was created.',
    input: WriteFileInput,
    output: WriteFileOutput,
    annotations: {
      title: 'Write file',
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    },
    handler: async ({ path, content }, ctx): Promise<WriteFileOutput> => {
      refuseDirectoryPath(parsePrintedPath(path));
      const file = await sandbox.resolve(path);
      let expected: FileDigest | undefined;
      if (workspace.confirmWrites) {
        const current = await readCurrent(file, ctx.signal);
        await confirmWrite(ctx, true, 'write_file', file.rel, current.shown, content);
        expected = current.digest;
      }
      await writeFileAtomic(file, content, { expected, signal: ctx.signal });
      return { path: printPath(file.rel), bytes: Buffer.byteLength(content, 'utf8'), created: !file.exists };
    },
  });
}
