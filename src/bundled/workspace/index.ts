// workspaceTools: file tools for a coding agent, sandboxed to one directory.
import type { Tool } from '../../features/tools/define.js';
import { createEditFile } from './edit-file.js';
import { createGlob } from './glob.js';
import { createGrep } from './grep.js';
import { createListDirectory } from './list-directory.js';
import { createReadFile } from './read-file.js';
import { createWriteFile } from './write-file.js';
import { createWorkspace, type WorkspaceOptions } from './workspace.js';

/**
 * read_file, list_directory, glob and grep, plus write_file and edit_file unless `readOnly`. Every
 * path must stay inside `root` after symbolic links are followed; anything else is refused with an
 * `isError` result naming the rule. Throws now when the root does not exist or an option is invalid.
 */
export function workspaceTools(options: WorkspaceOptions): Tool[] {
  const workspace = createWorkspace(options);
  const readers = [createReadFile, createListDirectory, createGlob, createGrep].map((create) => create(workspace));
  if (workspace.readOnly) return readers;
  return [...readers, createWriteFile(workspace), createEditFile(workspace)];
}

export type { WorkspaceOptions } from './workspace.js';
export { workspaceResources, WORKSPACE_TEMPLATE } from './resources.js';
