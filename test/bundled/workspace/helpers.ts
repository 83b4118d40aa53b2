// Temporary workspaces and exact tools/call frames for the workspace tool tests.
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { McpServer } from '../../../src/index.js';
import { workspaceTools, type WorkspaceOptions } from '../../../src/workspace.js';

/** A fresh directory holding `root/` and whatever a test puts beside it; `remove` deletes it all. */
export interface TempWorkspace {
  readonly base: string;
  readonly root: string;
  remove(): Promise<void>;
}

export async function createTempWorkspace(): Promise<TempWorkspace> {
  const base = await realpath(await mkdtemp(path.join(tmpdir(), 'zod-mcp-workspace-')));
  const root = path.join(base, 'root');
  await mkdir(root);
  return { base, root, remove: () => rm(base, { recursive: true, force: true }) };
}

/** Files (string or bytes) and symlinks (`{ link: target }`), by path relative to `dir`. */
export type Tree = Record<string, string | Uint8Array | { link: string }>;

export async function writeTree(dir: string, tree: Tree): Promise<void> {
  for (const [name, value] of Object.entries(tree)) {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    if (typeof value === 'object' && 'link' in value) await symlink(value.link, file);
    else await writeFile(file, value);
  }
}

export function createServer(options: WorkspaceOptions): McpServer {
  return new McpServer({ name: 'workspace-test', version: '1.0.0', tools: workspaceTools(options) });
}

/** Sends one tools/call (id 1) through `handle` and returns the whole response frame. */
export function callTool(server: McpServer, name: string, args: Record<string, unknown>): Promise<unknown> {
  return server.handle({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
}

export function textFrame(text: string, isError = false) {
  return { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text }], isError } };
}

export function errorFrame(text: string) {
  return textFrame(text, true);
}

export function structuredFrame(value: Record<string, unknown>) {
  return {
    jsonrpc: '2.0',
    id: 1,
    result: { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value, isError: false },
  };
}
