// An Express app that serves MCP at /mcp next to its own routes. Run it with `npx tsx examples/express.ts`
// (PORT picks the port; by default a free one), then point an MCP client at the URL it prints.
import express from 'express';
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

const mcp = toNodeHandler(new McpServer({ name: 'express-example', version: '1.0.0', tools: [add] }));

const app = express();
app.all('/mcp', mcp); // before any body parser, so the transport reads the bytes as they came
app.use(express.json()); // the application's own routes parse theirs
app.get('/', (_req, res) => void res.send('An Express app; MCP is at /mcp.'));

const listener = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = listener.address() as AddressInfo;
  console.error(`serving MCP over HTTP at http://127.0.0.1:${port}/mcp`);
});

process.once('SIGTERM', () => {
  // Calls in flight answer that the server is stopping; then the listener closes.
  void mcp.close().then(() => listener.close());
});
