// The workspace's files as resources: one template, `file:///{+path}`, read through the same sandbox
// and limits as read_file, with path completion.
import type { Dirent } from 'node:fs';
import { z } from 'zod/v4';
import { defineResourceTemplate, type ResourceTemplate } from '../../features/resources/define.js';
import { ErrorCode, ProtocolError } from '../../jsonrpc/errors.js';
import { mimeTypeOf } from '../mime.js';
import { isBinary, readWithin } from './files.js';
import { openDirectoryEntries } from './open-checked.js';
import { escapeBytes, escapeText, quoteEscaped } from './path-escape.js';
import { createWorkspace, type Workspace, type WorkspaceOptions } from './workspace.js';

/** The URI of a workspace file: its path relative to the root, under `file:///`. */
export const WORKSPACE_TEMPLATE = 'file:///{+path}';

/** The most completions one request lists. */
const MAX_COMPLETIONS = 100;

/**
 * `file:///{+path}`: any file under the root, by its path relative to the root. Text comes back as
 * text, binary files as a blob; a file over `maxReadBytes` is refused (read_file reads it in parts).
 * The path completes one directory level at a time, directories with a trailing `/`.
 */
export function workspaceResources(options: WorkspaceOptions | Workspace): ResourceTemplate[] {
  const workspace = 'sandbox' in options ? options : createWorkspace(options);
  const { sandbox, maxReadBytes } = workspace;
  const template = defineResourceTemplate({
    uriTemplate: WORKSPACE_TEMPLATE,
    name: 'workspace-file',
    title: 'Workspace file',
    description: 'A file of the workspace, by its path relative to the workspace root (file:///src/index.ts).',
    variables: z.object({ path: z.string().min(1).describe('the path relative to the workspace root') }),
    complete: { path: (typed) => completePath(workspace, typed) },
    read: async ({ path: wanted }, { uri, signal }) => {
      const file = await sandbox.resolve(wanted).catch((error: unknown) => {
        throw new ProtocolError(ErrorCode.InvalidParams, (error as Error).message);
      });
      if (!file.exists) throw new ProtocolError(ErrorCode.ResourceNotFound, { uri });
      const bytes = await readWithin(file, maxReadBytes, 'read limit', signal).catch((error: unknown) => {
        throw signal.aborted ? error : new ProtocolError(ErrorCode.InvalidParams, (error as Error).message);
      });
      const mimeType = mimeTypeOf(file.rel);
      if (isBinary(bytes))
        return [{ uri, mimeType: mimeType ?? 'application/octet-stream', blob: bytes.toString('base64') }];
      return [{ uri, mimeType: mimeType ?? 'text/plain', text: bytes.toString('utf8') }];
    },
  });
  return [template];
}

/**
 * The entries of the typed path's directory that start with its last part; nothing outside the root.
 * Values print as the tools print paths; what is typed may be such a path (quoted, its closing quote
 * not typed yet) or a plain one. Both are compared as the text between the quotes.
 */
async function completePath(
  { sandbox }: Workspace,
  typed: string,
): Promise<{ values: string[]; total: number; hasMore: boolean }> {
  const escaped = typed.startsWith('"') ? typed.slice(1).replace(/(?<!\\)"$/, '') : escapeText(typed);
  const cut = escaped.lastIndexOf('/');
  const directory = cut === -1 ? '.' : escaped.slice(0, cut) || '.';
  const prefix = escaped.slice(cut + 1);
  const resolved = await sandbox.resolve(`"${directory}"`).catch(() => undefined);
  if (resolved === undefined || !resolved.exists) return { values: [], total: 0, hasMore: false };
  const entries = await readEntries(resolved.abs).catch((): Dirent<Buffer>[] => []);
  const lead = cut === -1 ? '' : `${escaped.slice(0, cut)}/`;
  // Names complete as the tools print them, so two names never complete alike.
  const found = entries
    .map((entry) => ({ name: escapeBytes(entry.name), directory: entry.isDirectory() }))
    .filter((entry) => entry.name.startsWith(prefix))
    .map((entry) => `${lead}${entry.name}${entry.directory ? '/' : ''}`)
    .sort()
    .map(quoteEscaped);
  return { values: found.slice(0, MAX_COMPLETIONS), total: found.length, hasMore: found.length > MAX_COMPLETIONS };
}

/**
 * Read from the directory that was checked (names as bytes): a directory swapped for a link meanwhile lists nothing.
 */
async function readEntries(abs: string): Promise<Dirent<Buffer>[]> {
  const entries: Dirent<Buffer>[] = [];
  for await (const entry of await openDirectoryEntries(abs)) entries.push(entry as unknown as Dirent<Buffer>);
  return entries;
}
