// MCP on a node:http server of your own. With no framework to route, the handler is told its path
// (any other is 404). `serveHttp` does all of this and also sets the listener's clocks and a bound
// on connections per client; this is for a server you already have. Run it with
// `npx tsx examples/node-http.ts` (PORT picks the port; by default a free one).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { McpServer, defineTool } from 'zod-mcp';
import { toNodeHandler } from 'zod-mcp/node';

const add = defineTool({
  name: 'add',
  description: 'Adds two numbers.',
  input: z.object({ a: z.number(), b: z.number() }),
  handler: ({ a, b }) => String(a + b),
});

const mcp = toNodeHandler(new McpServer({ name: 'node-http-example', version: '1.0.0', tools: [add] }), {
  path: '/mcp',
});

const listener = createServer(mcp).listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = listener.address() as AddressInfo;
  console.error(`serving MCP over HTTP at http://127.0.0.1:${port}/mcp`);
});

process.once('SIGTERM', () => {
  // Calls in flight answer that the server is stopping; then the listener closes.
  void mcp.close().then(() => listener.close());
});
