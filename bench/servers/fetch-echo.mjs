// The bench's echo tool behind a fetch handler, zod-mcp's or the official SDK v2's (createMcpHandler):
// `fetchHandler(impl)` gives `(request) => Promise<Response>`, served alike on every runtime; 'floor'
// is no library at all, what a cold start costs before any.
export async function fetchHandler(impl) {
  const { z } = await import('zod');
  if (impl === 'zod-mcp') {
    const { McpServer, defineTool, toFetchHandler } = await import('zod-mcp');
    const echo = defineTool({
      name: 'echo',
      description: 'Echoes its arguments.',
      input: z.object({ x: z.number().optional() }),
      handler: (args) => `echo(${JSON.stringify(args)})`,
    });
    return toFetchHandler(new McpServer({ name: 'bench', version: '1.0.0', tools: [echo] }), {
      allowedHosts: ['127.0.0.1', 'localhost'],
    });
  }
  if (impl === 'floor') {
    // What every library's cold start pays: zod, the tool's schema, a Request read and a Response made.
    const input = z.object({ x: z.number().optional() });
    return async (request) => {
      const { id, params } = await request.json();
      const text = `echo(${JSON.stringify(input.parse(params.arguments))})`;
      return Response.json({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }], isError: false } });
    };
  }
  const { McpServer, createMcpHandler } = await import('@modelcontextprotocol/server');
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: 'bench', version: '1.0.0' });
    server.registerTool(
      'echo',
      { description: 'Echoes its arguments.', inputSchema: z.object({ x: z.number().optional() }) },
      (args) => ({
        content: [{ type: 'text', text: `echo(${JSON.stringify(args)})` }],
      }),
    );
    return server;
  });
  return (request) => handler.fetch(request);
}
