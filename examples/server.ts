// The server every runtime example serves (bun.ts, deno.ts, cloudflare-worker/, next-route.ts,
// lambda.ts): a few tools and nothing that needs Node, so it runs wherever `fetch` does. Each
// example only puts it behind its runtime's way of answering HTTP, through `toFetchHandler`.
import { z } from 'zod';
import { McpServer, defineTool, elicit } from 'zod-mcp';

const add = defineTool({
  name: 'add',
  description: 'Adds two numbers.',
  input: z.object({ a: z.number(), b: z.number() }),
  output: z.object({ sum: z.number() }),
  handler: ({ a, b }) => ({ sum: a + b }),
});

const divide = defineTool({
  name: 'divide',
  description: 'Divides a by b.',
  input: z.object({ a: z.number(), b: z.number() }),
  handler: ({ a, b }) => {
    if (b === 0) throw new Error('cannot divide by zero'); // the model reads it in an isError result
    return String(a / b);
  },
});

const greet = defineTool({
  name: 'greet',
  description: 'Asks the user for their name, then greets them.',
  input: z.object({}),
  handler: async (_args, ctx) => {
    const { name } = await ctx.ask({ name: elicit('What is your name?', z.object({ name: z.string() })) });
    return name.action === 'accept' ? `Hello, ${name.content.name}!` : 'Hello, whoever you are.';
  },
});

/** A server per call: a worker or a function builds it once per isolate, at its first request. */
export function createServer(): McpServer {
  return new McpServer({ name: 'runtime-example', version: '1.0.0', tools: [add, divide, greet] });
}
