// The options of workspaceTools and what every workspace tool shares.
import { z } from 'zod/v4';
import { describeIssues } from '../../schema/issues.js';
import { parsePrintedPath } from './path-escape.js';
import { createSandbox, type Sandbox } from './sandbox.js';
import { refuseUnknownOptions } from '../../core/options.js';

export const WorkspaceOptions = z.object({
  /** The directory the tools may see and change; fixed at its real path when the tools are made. */
  root: z.string().min(1),
  /** Leaves out write_file and edit_file. */
  readOnly: z.boolean().default(false),
  /** write_file and edit_file ask the user to approve each change (elicitation) when the client can be asked. */
  confirmWrites: z.boolean().default(false),
  /** The most file content read_file returns in one call, in bytes. */
  maxReadBytes: z
    .number()
    .int()
    .positive()
    .default(256 * 1024),
  /** The most entries, paths or matching lines list_directory, glob and grep return in one call. */
  maxResults: z.number().int().positive().default(200),
});
export type WorkspaceOptions = z.input<typeof WorkspaceOptions>;

export interface Workspace {
  readonly sandbox: Sandbox;
  readonly readOnly: boolean;
  readonly confirmWrites: boolean;
  readonly maxReadBytes: number;
  readonly maxResults: number;
}

/** Checks the options and fixes the root; a bad option or root throws now, at start-up. */
export function createWorkspace(options: WorkspaceOptions): Workspace {
  refuseUnknownOptions('workspaceTools', options, Object.keys(WorkspaceOptions.shape));
  const parsed = WorkspaceOptions.safeParse(options);
  if (!parsed.success) throw new TypeError(`workspaceTools: ${describeIssues(parsed.error.issues)}`);
  const { root, readOnly, confirmWrites, maxReadBytes, maxResults } = parsed.data;
  return { sandbox: acceptPrintedPaths(createSandbox(root)), readOnly, confirmWrites, maxReadBytes, maxResults };
}

/** Every tool takes a path back as the tools print it (path-escape.ts): a quoted one is read as printed. */
function acceptPrintedPaths(sandbox: Sandbox): Sandbox {
  return { ...sandbox, resolve: async (input) => sandbox.resolve(parsePrintedPath(input)) };
}

/** The annotations of a tool that only looks. */
export const READ_ONLY_ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

/** Describes the `path` argument the same way in every tool. */
export function describePath(what: string): string {
  return (
    `${what}, relative to the workspace root (an absolute path inside the root also works; a path shown in ` +
    'double quotes is given as shown, quotes included).'
  );
}
