// `zod-mcp serve [--demo] [--root DIR [--read-only]]`: MCP over stdio with the shipped tools.
import { parseArgs } from 'node:util';
import { McpServer } from '../mcp.js';
import type { Tool } from '../tool.js';
import { selectTools } from '../tools/tool-sets.js';
import { workspaceTools } from '../tools/workspace/index.js';
import { serveStdio } from '../transports/stdio.js';
import { VERSION } from '../version.js';
import { UsageError } from './mcp-server.js';

const options = {
  demo: { type: 'boolean' },
  root: { type: 'string' },
  'read-only': { type: 'boolean' },
} as const;

export async function runServeCommand(args: string[]): Promise<void> {
  const server = new McpServer({ name: 'zod-mcp', version: VERSION, tools: chooseTools(args) });
  const stdio = serveStdio(server);
  await stdio.closed;
  process.exit(0);
}

/** `echo`, plus the demo tools with --demo, plus the workspace tools of --root. Bad flags are usage errors. */
function chooseTools(args: string[]): Tool[] {
  let values: { demo?: boolean; root?: string; 'read-only'?: boolean };
  try {
    ({ values } = parseArgs({ args, options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values['read-only'] && values.root === undefined) throw new UsageError('--read-only needs --root DIR');
  const tools = selectTools(values.demo ? 'demo' : 'server');
  if (values.root === undefined) return tools;
  try {
    return [...tools, ...workspaceTools({ root: values.root, readOnly: values['read-only'] ?? false })];
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
