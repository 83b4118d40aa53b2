// zod-mcp/workspace: file tools sandboxed to one folder (read_file, list_directory, glob, grep,
// write_file, edit_file) and that folder's files as resources.
export { workspaceResources, workspaceTools, type WorkspaceOptions } from './bundled/workspace/index.js';
