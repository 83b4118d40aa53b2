// `zod-mcp serve [--demo]`: MCP over stdio with the shipped tools.
import { parseArgs } from 'node:util';
import { McpServer } from '../mcp.js';
import { serveStdio } from '../transports/stdio.js';
import { serverTools } from '../tools/echo.js';
import { VERSION } from '../version.js';
import { UsageError } from './usage-error.js';

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
    // The demo tools are loaded only when asked for: start-up time is part of every client's wait.
    tools: values.demo ? [...serverTools, ...(await import('../tools/demo.js')).demoTools] : serverTools,
  });
  const stdio = serveStdio(server);
  await stdio.closed;
  process.exit(0);
}
