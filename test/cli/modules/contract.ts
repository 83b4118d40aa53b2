// A server for the contract kit's tests (zod-mcp call, snapshot, record, replay): every JSON Schema
// type the project generates for an argument, a tool that fails, one that asks, one that is a task.
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { ErrorCode, McpServer, ProtocolError, defineTool, elicit } from 'zod-mcp';

const types = defineTool({
  name: 'types',
  description: 'Echoes its arguments as JSON.',
  input: z.object({
    text: z.string().optional(),
    count: z.int().optional(),
    ratio: z.number().optional(),
    on: z.boolean().optional(),
    nothing: z.null().optional(),
    tags: z.array(z.string()).optional(),
    point: z.object({ x: z.number(), y: z.number() }).optional(),
    level: z.enum(['low', 'high']).optional(),
    size: z.union([z.literal(1), z.literal(2)]).optional(),
    maybe: z.string().nullable().optional(),
    either: z.union([z.number(), z.boolean()]).optional(),
    when: z.iso.datetime().optional(),
    labels: z.record(z.string(), z.string()).optional(),
    anything: z.unknown().optional(),
  }),
  annotations: { readOnlyHint: true },
  handler: (args) => JSON.stringify(args),
});

const refuse = defineTool({
  name: 'refuse',
  description: 'Always fails as a tool does: an isError result.',
  input: z.object({ why: z.string().default('no') }),
  handler: ({ why }) => {
    throw new Error(why);
  },
});

const misroute = defineTool({
  name: 'misroute',
  description: 'Throws a protocol error: an error frame.',
  input: z.object({}),
  handler: () => {
    throw new ProtocolError(ErrorCode.InvalidParams, 'misroute always refuses');
  },
});

const greet = defineTool({
  name: 'greet',
  description: 'Asks for a name and an age, then greets.',
  input: z.object({}),
  handler: async (_args, ctx) => {
    const form = elicit('Who are you?', z.object({ name: z.string(), age: z.int().optional() }));
    const { who } = await ctx.ask({ who: form });
    if (who.action !== 'accept') return `no greeting (${who.action})`;
    return `hello ${who.content.name}${who.content.age === undefined ? '' : `, ${who.content.age}`}`;
  },
});

const build = defineTool({
  name: 'build',
  description: 'A build that is always a task for a client that takes tasks.',
  input: z.object({ steps: z.int().min(1).max(5).default(2) }),
  task: 'required',
  handler: async ({ steps }, { progress, signal }) => {
    for (let done = 0; done < steps; done++) {
      progress(done, steps, `step ${done + 1} of ${steps}`);
      await sleep(50, undefined, { signal });
    }
    return `built in ${steps} steps`;
  },
});

export const server = new McpServer({
  name: 'contract',
  version: '1.0.0',
  tools: [types, refuse, misroute, greet, build],
});
