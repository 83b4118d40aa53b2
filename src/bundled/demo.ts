// Tools for trying a client against the server (`zod-mcp serve --demo`) and for the project's own
// fixtures: each shows one behaviour (validation, structured output, throwing, progress, stdout safety).
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { defineTool } from '../features/tools/define.js';

export const add = defineTool({
  name: 'add',
  description: 'Adds two numbers and returns {"sum": a + b}.',
  input: z.object({ a: z.number().describe('first addend'), b: z.number().describe('second addend') }),
  output: z.object({ sum: z.number() }),
  annotations: { readOnlyHint: true, idempotentHint: true },
  handler: ({ a, b }) => ({ sum: a + b }),
});

export const fail = defineTool({
  name: 'fail',
  description: 'Always fails with the given message; shows how a tool error reaches the model.',
  input: z.object({ message: z.string().default('this tool always fails') }),
  handler: ({ message }) => {
    throw new Error(message);
  },
});

export const countdown = defineTool({
  name: 'countdown',
  description:
    'Counts down from `from` to zero, one step every `delayMs` milliseconds, reporting progress and ' +
    'logging as each step starts; stops early when cancelled. Returns "liftoff after N steps".',
  input: z.object({
    from: z.int().min(1).max(1000),
    delayMs: z.int().min(0).max(60_000).default(100),
  }),
  handler: async ({ from, delayMs }, { signal, progress, log }) => {
    for (let done = 0; done < from; done++) {
      progress(done, from, `${from - done} to go`);
      log('info', `step ${done + 1} of ${from}`);
      await sleep(delayMs, undefined, { signal });
    }
    progress(from, from, 'liftoff'); // the last step, just before the answer: it must still arrive first
    return `liftoff after ${from} steps`;
  },
});

export const consoleLog = defineTool({
  name: 'console_log',
  description: 'Writes the text with console.log, then returns it; the server keeps stdout for MCP frames only.',
  input: z.object({ text: z.string() }),
  handler: ({ text }) => {
    console.log(text);
    return `logged: ${text}`;
  },
});

/** Served next to `echo` with `--demo`, and by fixtures whose case says `"tools": "demo"`. */
export const demoTools = [add, fail, countdown, consoleLog];
