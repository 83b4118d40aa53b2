import type { ToolSet } from '../../schemas/case.js';
import type { Tool } from '../features/tools/define.js';
import { McpServer } from '../server.js';
import { VERSION } from '../version.js';
import { serverTools } from './echo.js';

/** `echo` alone, or with the demo tools; those load only when asked for, since start-up is every client's wait. */
export async function selectTools(set: ToolSet): Promise<Tool[]> {
  if (set === 'server') return [...serverTools];
  const { demoTools } = await import('./demo.js');
  return [...serverTools, ...demoTools];
}

/** The server the CLI and process mode run: these tools, a list that never changes (`listChanged: false`). */
export function bundledServer(tools: readonly Tool[]): McpServer {
  return new McpServer({ name: 'zod-mcp', version: VERSION, tools, listChanged: false });
}
