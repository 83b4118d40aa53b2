// A serverless cold start, the official SDK v2: the same tool and call through createMcpHandler's
// fetch face, as its documentation mounts it on a web runtime; measured as cold-fetch-zod-mcp.mjs is.
const began = performance.now();
const { z } = await import('zod');
const { McpServer, createMcpHandler } = await import('@modelcontextprotocol/server');
const { coldCall, report } = await import('./cold-fetch-common.mjs');

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: 'cold', version: '1.0.0' });
  server.registerTool('echo', { description: 'Echoes its arguments.', inputSchema: z.object({ x: z.number().optional() }) }, (args) => ({
    content: [{ type: 'text', text: `echo(${JSON.stringify(args)})` }],
  }));
  return server;
});
report(began, await coldCall((request) => handler.fetch(request)));
