// The official SDK (McpServer + StdioServerTransport) serving the bench's echo tool, { x?: number }.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'bench-sdk', version: '1.0.0' });
server.registerTool(
  'echo',
  { description: 'Echoes its arguments.', inputSchema: { x: z.number().optional() } },
  (args) => ({ content: [{ type: 'text', text: `echo(${JSON.stringify(args)})` }] }),
);
await server.connect(new StdioServerTransport());
