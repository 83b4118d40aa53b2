// The official SDK v2 (@modelcontextprotocol/server 2.4.0, McpServer + StdioServerTransport) serving the bench's echo tool, { x?: number }.
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const server = new McpServer({ name: 'bench-sdk-v2', version: '1.0.0' });
server.registerTool(
  'echo',
  { description: 'Echoes its arguments.', inputSchema: z.object({ x: z.number().optional() }) },
  (args) => ({
    content: [{ type: 'text', text: `echo(${JSON.stringify(args)})` }],
  }),
);
await server.connect(new StdioServerTransport());
