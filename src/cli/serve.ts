// `zod-mcp serve [--demo]`: MCP over stdio with the shipped tools.
import { parseArgs } from 'node:util';
import { McpServer } from '../mcp.js';
import { serveStdio } from '../transports/stdio.js';
import { selectTools } from '../tools/tool-sets.js';
import { VERSION } from '../version.js';
import { UsageError } from './mcp-server.js';

export async function runServeCommand(args: string[]): Promise<void> {
  let values: { demo?: boolean };
  try {
    ({ values } = parseArgs({ args, options: { demo: { type: 'boolean' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const server = new McpServer({
    name: 'zod-mcp',
    version: VERSION,
    tools: selectTools(values.demo ? 'demo' : 'server'),
  });
  const stdio = serveStdio(server);
  await stdio.closed;
  process.exit(0);
}
