// zod-mcp, built (dist/), serving the bench's echo tool, { x?: number }, through serveStdio.
// `node dist/program.js serve` serves its own echo (any object); the bench measures both.
import { z } from 'zod';
import { McpServer, defineTool } from 'zod-mcp';
import { serveStdio } from 'zod-mcp/node';

const echo = defineTool({
  name: 'echo',
  description: 'Echoes its arguments.',
  input: z.object({ x: z.number().optional() }),
  handler: (args) => `echo(${JSON.stringify(args)})`,
});
await serveStdio(new McpServer({ name: 'bench-zod-mcp', version: '1.0.0', tools: [echo] })).closed;
process.exit(0);
