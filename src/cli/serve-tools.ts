// Which tools `serve` serves and how: `--toolsets` (else ZOD_MCP_TOOLSETS) and `--discovery`, each
// checked against the server before it serves (a wrong name is a usage error, naming what it knows).
import type { McpServer } from '../server.js';
import { parseSelection } from '../core/toolsets.js';
import type { ServeArgs } from './serve-args.js';
import { UsageError } from './usage-error.js';

/**
 * `--toolsets`, else ZOD_MCP_TOOLSETS, checked against what the server declares (a usage error naming the known ones).
 */
export function servedToolsets(options: ServeArgs, server: McpServer): string[] | undefined {
  const env = process.env.ZOD_MCP_TOOLSETS;
  const toolsets = options.toolsets ?? (env === undefined || env.trim() === '' ? undefined : parseSelection(env));
  if (toolsets === undefined) return undefined;
  const given = options.toolsets === undefined ? 'ZOD_MCP_TOOLSETS' : '--toolsets';
  if (toolsets.length === 0) throw new UsageError(`serve: ${given} names no toolset`);
  try {
    server.checkToolsets(toolsets);
  } catch (error) {
    throw new UsageError(`serve: ${given}: ${String((error as { data?: unknown }).data)}`);
  }
  return toolsets;
}

/** `--discovery`, readied on the server (a tool that takes a meta-tool's name is a usage error). */
export function servedDiscovery(options: ServeArgs, server: McpServer): { discovery?: 'list' | 'search' } {
  if (options.discovery === undefined) return {};
  try {
    server.serveDiscovery(options.discovery);
  } catch (error) {
    throw new UsageError(`serve: --discovery: ${(error as Error).message}`);
  }
  return { discovery: options.discovery };
}
