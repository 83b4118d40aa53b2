// A folder set up as a project that installed this checkout: `npx zod-mcp` runs dist/program.js,
// and `zod-mcp`, `zod` and `tsx` resolve, without npm or the network. For commands and examples the
// docs and `--help` show, run as a user would type them.
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './run.js';

/** The folder, holding `files` (name -> text). */
export async function linkedProject(files: Readonly<Record<string, string>> = {}): Promise<string> {
  const project = await mkdtemp(join(tmpdir(), 'zod-mcp-project-'));
  await mkdir(join(project, 'node_modules', '.bin'), { recursive: true });
  await symlink(root, join(project, 'node_modules', 'zod-mcp'), 'dir');
  for (const peer of ['zod', 'tsx'])
    await symlink(join(root, 'node_modules', peer), join(project, 'node_modules', peer), 'dir');
  await symlink(join(root, 'dist', 'program.js'), join(project, 'node_modules', '.bin', 'zod-mcp'));
  await writeFile(join(project, 'package.json'), '{ "private": true, "type": "module" }\n');
  for (const [name, text] of Object.entries(files)) await writeFile(join(project, name), text);
  return project;
}
