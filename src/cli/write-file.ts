// A file the command line writes (a snapshot, a cassette's end): through a temporary file in the
// same folder renamed over it, so that a reader, or a run stopped half way, never sees half of it.
import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

export async function writeFileWhole(file: string, text: string): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, text, { flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
