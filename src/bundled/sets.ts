// What the CLI and process mode serve: `echo`, or the demo set, and the server that serves it.
import type { ToolSet } from '../../schemas/case.js';
import type { Extension } from '../features/feature.js';
import type { Prompt } from '../features/prompts/define.js';
import type { Resource, ResourceTemplate } from '../features/resources/define.js';
import type { Tool } from '../features/tools/define.js';
import { McpServer, type McpServerOptions } from '../server.js';
import { VERSION } from '../version.js';
import { serverTools } from './echo.js';

/** Tools, and resources and prompts when the set has any (their features are served only then). */
export interface Served {
  tools: Tool[];
  resources?: (Resource | ResourceTemplate)[];
  prompts?: Prompt[];
  extensions?: Extension[];
}

/**
 * `echo` alone, or with the demo tools, resources and prompt; those load only when asked for, since start-up is every
 * client's wait.
 */
export async function selectSet(set: ToolSet): Promise<Served> {
  if (set === 'server') return { tools: [...serverTools] };
  const { demoPrompts, demoResources, demoTools } = await import('./demo.js');
  return { tools: [...serverTools, ...demoTools], resources: [...demoResources], prompts: [...demoPrompts] };
}

/** The server the CLI and process mode run: what it serves never changes (`listChanged: false`). */
export function bundledServer(
  served: Served,
  shared: Pick<McpServerOptions, 'events' | 'tasks' | 'rateLimit' | 'rateLimitStore'> = {},
): McpServer {
  return new McpServer({ name: 'zod-mcp', version: VERSION, ...served, ...shared, listChanged: false });
}
