// Demo tools that ask the client or outlive a request (`serve --demo`): one elicits the user's name,
// one borrows the client's model, one runs long enough to become a task on a 2026 client.
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod/v4';
import { elicit, sample } from '../core/input/requests.js';
import { defineTool } from '../features/tools/define.js';

export const askName = defineTool({
  name: 'ask_name',
  description: 'Asks the user for their name (elicitation) and greets them. Needs a client that supports elicitation.',
  input: z.object({}),
  handler: async (_args, ctx) => {
    const { name } = await ctx.ask({
      name: elicit('What is your name?', z.object({ name: z.string().min(1).describe('your name') })),
    });
    if (name.action === 'accept') return `Hello, ${name.content.name}!`;
    return name.action === 'decline' ? 'The user declined to answer.' : 'The user cancelled.';
  },
});

export const summarize = defineTool({
  name: 'summarize',
  description:
    "Summarizes a text with the client's own model (sampling, at most 200 tokens). Needs a client that supports " +
    'sampling.',
  input: z.object({ text: z.string().min(1).describe('the text to summarize') }),
  handler: async ({ text }, ctx) => {
    const request = sample({
      messages: `Summarize this text in a few sentences:\n\n${text}`,
      systemPrompt: 'You write short, faithful summaries.',
      maxTokens: 200,
    });
    const { summary } = await ctx.ask({ summary: request });
    const blocks = Array.isArray(summary.content) ? summary.content : [summary.content];
    const written = blocks.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
    return written === '' ? `the model (${summary.model}) answered without text` : written;
  },
});

export const slowBuild = defineTool({
  name: 'slow_build',
  description:
    'Pretends to build for `seconds` seconds, reporting progress each second. A 2026 client that supports ' +
    'the tasks extension gets a task to poll; any other client waits for the answer.',
  input: z.object({ seconds: z.int().min(1).max(600).default(10).describe('how long the build takes') }),
  task: 'optional',
  handler: async ({ seconds }, { progress, signal }) => {
    for (let done = 0; done < seconds; done++) {
      progress(done, seconds, `building: ${done} of ${seconds} s`);
      await sleep(1000, undefined, { signal });
    }
    return `built in ${seconds} s`;
  },
});
