// The server the agent tests hand to each model API: a tool that answers, one that asks the user,
// one that is always a task (for a client that supports tasks), and one that returns an image.
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { McpServer, defineTool, elicit } from 'zod-mcp';

const add = defineTool({
  name: 'add',
  description: 'Adds two numbers.',
  input: z.object({ a: z.number(), b: z.number(), note: z.string().optional() }),
  handler: ({ a, b, note }) => `${a + b}${note === undefined ? '' : ` (${note})`}`,
});

const confirm = defineTool({
  name: 'confirm',
  description: 'Asks the user to confirm an action.',
  input: z.object({ what: z.string() }),
  handler: async ({ what }, ctx) => {
    const question = elicit(`Go ahead with ${what}?`, z.object({ ok: z.boolean() }));
    if (!ctx.canAsk(question)) return `cannot ask the user; ${what} not done`;
    const { answer } = await ctx.ask({ answer: question });
    return answer.action === 'accept' && answer.content.ok ? `${what}: confirmed` : `${what}: declined`;
  },
});

const build = defineTool({
  name: 'build',
  description: 'Builds a target.',
  input: z.object({ target: z.string() }),
  task: 'required',
  handler: async ({ target }, ctx) => {
    ctx.progress(1, 2, `compiling ${target}`);
    await sleep(50);
    return `built ${target}`;
  },
});

const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const logo = defineTool({
  name: 'logo',
  description: 'The logo, as an image.',
  input: z.object({}),
  handler: () => ({
    content: [
      { type: 'text', text: 'the logo:' },
      { type: 'image', mimeType: 'image/png', data: PIXEL },
    ],
  }),
});

export function makeServer() {
  return new McpServer({ name: 'agent-test', version: '1.0.0', tools: [add, confirm, build, logo], tasks: {} });
}
