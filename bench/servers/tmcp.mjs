// tmcp (+ @tmcp/adapter-zod, @tmcp/transport-stdio) serving the bench's echo tool, { x?: number }.
import { ZodJsonSchemaAdapter } from '@tmcp/adapter-zod';
import { StdioTransport } from '@tmcp/transport-stdio';
import { McpServer } from 'tmcp';
import { z } from 'zod';

const server = new McpServer(
  { name: 'bench-tmcp', version: '1.0.0', description: 'bench' },
  { adapter: new ZodJsonSchemaAdapter(), capabilities: { tools: { listChanged: false } } },
);
server.tool(
  { name: 'echo', description: 'Echoes its arguments.', schema: z.object({ x: z.number().optional() }) },
  (args) => ({ content: [{ type: 'text', text: `echo(${JSON.stringify(args)})` }] }),
);
new StdioTransport(server).listen();
