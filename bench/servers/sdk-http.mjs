// The official SDK v2 (@modelcontextprotocol/server 2.4.0 + @modelcontextprotocol/node) serving the
// bench's echo tool over HTTP, 2026-07-28 (stateless), as its documentation mounts it on node:http.
import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { z } from 'zod';

const port = Number(process.argv[2] ?? 0);
const factory = () => {
  const server = new McpServer({ name: 'bench-sdk-v2', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes its arguments.', inputSchema: z.object({ x: z.number().optional() }) },
    (args) => ({
      content: [{ type: 'text', text: `echo(${JSON.stringify(args)})` }],
    }),
  );
  return server;
};
const handler = toNodeHandler(createMcpHandler(factory));
const http = createServer((req, res) => void handler(req, res));
http.listen(port, '127.0.0.1', () =>
  process.stderr.write(`serving MCP over HTTP at http://127.0.0.1:${http.address().port}/mcp\n`),
);
process.on('SIGTERM', () => http.close(() => process.exit(0)));
