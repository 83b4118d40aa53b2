// The conformance fixture's tools for the tasks extension (SEP-2663): the scenarios tasks-* call them.
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { ErrorCode, ProtocolError, defineTool, elicit } from '../../../src/index.js';

/** Sync only: never a task, even when asked with the old `task` param. */
const greet = defineTool({
  name: 'greet',
  description: 'Greets someone.',
  input: z.object({ name: z.string() }),
  handler: ({ name }) => `Hello, ${name}!`,
});

/** Optional: a task once it runs past taskAfterMs; `seconds: 0` answers at once. */
const slowCompute = defineTool({
  name: 'slow_compute',
  description: 'Computes for the given number of seconds, reporting progress each second.',
  input: z.object({ seconds: z.number().min(0).max(600), label: z.string().optional() }),
  task: 'optional',
  handler: async ({ seconds, label }, ctx) => {
    for (let done = 0; done < seconds; done++) {
      ctx.progress(done, seconds, `${label ?? 'compute'}: ${done} of ${seconds} s`);
      await sleep(1000, undefined, { signal: ctx.signal });
    }
    return `${label ?? 'compute'} done after ${seconds} s`;
  },
});

/** Required: fails as a tool (isError) after about a second. */
const failingJob = defineTool({
  name: 'failing_job',
  description: 'Runs for a second, then fails.',
  input: z.object({}),
  task: 'required',
  handler: async (_args, ctx) => {
    await sleep(1000, undefined, { signal: ctx.signal });
    throw new Error('the job failed after one second');
  },
});

/** A protocol failure inside a task: the task ends failed, with the JSON-RPC error. */
const protocolErrorJob = defineTool({
  name: 'protocol_error_job',
  description: 'Runs briefly, then fails with a JSON-RPC error.',
  input: z.object({}),
  task: 'required',
  handler: async (_args, ctx) => {
    await sleep(200, undefined, { signal: ctx.signal });
    throw new ProtocolError(ErrorCode.InternalError, 'the job hit a protocol error');
  },
});

const Confirm = z.object({ confirm: z.boolean().describe('Go ahead') });

/** Looks at the file first (so it is a task by then), then asks for a confirmation inside the task. */
const confirmDelete = defineTool({
  name: 'confirm_delete',
  description: 'Asks for a confirmation, then deletes the file (nothing is really deleted).',
  input: z.object({ filename: z.string() }),
  task: 'required',
  handler: async ({ filename }, ctx) => {
    await sleep(100, undefined, { signal: ctx.signal });
    const { confirm } = await ctx.ask({ confirm: elicit(`Delete ${filename}?`, Confirm) });
    return confirm.action === 'accept' && confirm.content.confirm ? `deleted ${filename}` : `kept ${filename}`;
  },
});

/** Two questions open at once; completes when both are answered (in one tasks/update or two). */
const multiInput = defineTool({
  name: 'multi_input',
  description: 'Asks two things at once.',
  input: z.object({}),
  task: 'required',
  handler: async (_args, ctx) => {
    await sleep(100, undefined, { signal: ctx.signal });
    const form = z.object({ name: z.string(), confirm: z.boolean() });
    const { first, second } = await ctx.ask({
      first: elicit('First name?', form),
      second: elicit('Second name?', form),
    });
    const name = (answer: typeof first) => (answer.action === 'accept' ? answer.content.name : answer.action);
    return `${name(first)} and ${name(second)}`;
  },
});

/** MRTR first (the name, before any task), then a task that uses it. */
const toolWithTask = defineTool({
  name: 'test_tool_with_task',
  description: 'Asks a name, then works on it as a task.',
  input: z.object({}),
  task: 'required',
  handler: async (_args, ctx) => {
    const { user_name } = await ctx.ask({ user_name: elicit('What is your name?', z.object({ name: z.string() })) });
    await sleep(300, undefined, { signal: ctx.signal });
    return `Hello, ${user_name.action === 'accept' ? user_name.content.name : 'stranger'}!`;
  },
});

export const taskTools = [greet, slowCompute, failingJob, protocolErrorJob, confirmDelete, multiInput, toolWithTask];
