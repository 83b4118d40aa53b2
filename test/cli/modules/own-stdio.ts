// A module that starts its own transport when imported (the form a module run by `npx tsx` takes):
// `zod-mcp serve` cannot serve it as it is, and says what to write instead.
import { z } from 'zod';
import { McpServer, defineTool } from 'zod-mcp';
import { serveStdio } from 'zod-mcp/node';

const add = defineTool({ name: 'add', description: 'Adds two numbers.', input: z.object({ a: z.number(), b: z.number() }), handler: ({ a, b }) => String(a + b) });
await serveStdio(new McpServer({ name: 'my-tools', version: '1.0.0', tools: [add] })).closed;
