// A Hono app on Node (@hono/node-server) that serves MCP at /mcp. The same handler runs wherever
// Hono does (Bun, Deno, workers): it takes a web Request and gives a web Response. Run it with
// `npx tsx examples/hono.ts` (PORT picks the port; by default a free one).
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { z } from 'zod';
import { McpServer, defineTool, toFetchHandler } from 'zod-mcp';

const add = defineTool({
  name: 'add',
  description: 'Adds two numbers.',
  input: z.object({ a: z.number(), b: z.number() }),
  handler: ({ a, b }) => String(a + b),
});

const mcp = toFetchHandler(new McpServer({ name: 'hono-example', version: '1.0.0', tools: [add] }), {
  longLived: true,
}); // one Node process: 2025 sessions too

const app = new Hono();
app.all('/mcp', (c) => mcp(c.req.raw));
app.get('/', (c) => c.text('A Hono app; MCP is at /mcp.'));

const listener = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' }, (info) => {
  console.error(`serving MCP over HTTP at http://127.0.0.1:${info.port}/mcp`);
});

process.once('SIGTERM', () => {
  // Calls in flight answer that the server is stopping; then the listener closes.
  void mcp.close().then(() => listener.close());
});
