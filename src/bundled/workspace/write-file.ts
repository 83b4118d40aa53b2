import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { defineTool, type Tool } from '../../features/tools/define.js';
import { confirmWrite } from './confirm.js';
import { MAX_TEXT_FILE_BYTES, decodeText, isBinary, readBytes, statFile, writeFileAtomic } from './files.js';
import { escapePath } from './path-escape.js';
import type { ResolvedPath } from './sandbox.js';
import { describePath, type Workspace } from './workspace.js';

const WriteFileInput = z.object({
  path: z.string().describe(describePath('The file to write')),
  content: z.string().describe('The complete new content of the file.'),
});

const WriteFileOutput = z.object({ path: z.string(), bytes: z.number(), created: z.boolean() });
type WriteFileOutput = z.infer<typeof WriteFileOutput>;

/** What the file holds now, for the approval question: its text, a note for bytes, or nothing when it is new. */
async function currentText(file: ResolvedPath): Promise<string | undefined> {
  if (!file.exists) return undefined;
  const size = await statFile(file);
  // Bytes are described, never shown, but their digest is part of the question: an approval never
  // carries over to other bytes of the same size.
  if (size > MAX_TEXT_FILE_BYTES) return `(a file of ${size} bytes, sha256 ${await digestFile(file.abs)})`;
  const bytes = await readBytes(file.abs, file.rel);
  return isBinary(bytes) ? `(a binary file of ${size} bytes, sha256 ${createHash('sha256').update(bytes).digest('hex')})` : decodeText(bytes);
}

async function digestFile(abs: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(abs)) hash.update(chunk as Buffer);
  return hash.digest('hex');
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
    annotations: { title: 'Write file', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    handler: async ({ path, content }, ctx): Promise<WriteFileOutput> => {
      const file = await sandbox.resolve(path);
      if (workspace.confirmWrites) await confirmWrite(ctx, true, 'write_file', file.rel, await currentText(file), content);
      await writeFileAtomic(file, content);
      return { path: escapePath(file.rel), bytes: Buffer.byteLength(content, 'utf8'), created: !file.exists };
    },
  });
}
