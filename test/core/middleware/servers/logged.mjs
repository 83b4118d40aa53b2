// A server with middleware, as a user's module exports it (`zod-mcp serve logged.mjs`): one logs
// each request's method, target and era to stderr, one refuses `add` with a 13 in it.
import { McpServer, defineTool } from 'zod-mcp';
import { z } from 'zod';

const add = defineTool({
  name: 'add',
  description: 'Adds.',
  input: z.object({ a: z.number(), b: z.number() }),
  handler: ({ a, b }) => String(a + b),
});

export const server = new McpServer({
  name: 'logged',
  version: '1.0.0',
  tools: [add],
  use: [
    async (request, next) => {
      const answer = await next();
      process.stderr.write(
        `mw: ${request.era} ${request.method} ${request.target ?? '-'} ${request.sessionId ?? '-'}\n`,
      );
      return answer;
    },
    {
      method: 'tools/call',
      use: (request, next) =>
        request.params.arguments.a === 13 || request.params.arguments.b === 13
          ? { content: [{ type: 'text', text: 'no 13s, please' }], isError: true }
          : next(),
    },
  ],
});
