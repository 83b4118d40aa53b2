// Tools for trying a client against the server (`zod-mcp serve --demo`) and for the project's own
// fixtures: each shows one behaviour (validation, structured output, throwing, progress, stdout safety);
// a resource, a template and a prompt to try the other features with.
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod/v4';
import { definePrompt } from '../features/prompts/define.js';
import { defineResource, defineResourceTemplate } from '../features/resources/define.js';
import { defineTool } from '../features/tools/define.js';
import { askName, slowBuild, summarize } from './demo-ask.js';
import { chartStats, showChart } from './demo-chart.js';

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
export const demoTools = [add, fail, countdown, consoleLog, askName, summarize, slowBuild, showChart, chartStats];

/** A document about this server: a static text resource. */
export const readme = defineResource({
  uri: 'demo://readme',
  name: 'readme',
  title: 'About this server',
  description: 'What the demo server serves, and how to try each part.',
  mimeType: 'text/markdown',
  read: () =>
    '# zod-mcp demo\n\nTools: echo, add, fail, countdown, console_log, ask_name (asks your name), summarize ' +
    '(borrows your model), slow_build (a task on 2026 clients), show_chart (an MCP App: a bar chart, in hosts ' +
    'that render apps).\n' +
    'Resources: this file, and demo://greeting/{language} (complete the language).\n' +
    'Prompt: explain, with a topic and a level.\n',
});

/** A greeting per language: a template whose variable completes from its z.enum. */
export const greeting = defineResourceTemplate({
  uriTemplate: 'demo://greeting/{language}',
  name: 'greeting',
  description: 'Hello in one of four languages.',
  mimeType: 'text/plain',
  variables: z.object({ language: z.enum(['en', 'fr', 'de', 'pt']).describe('a language code') }),
  list: () => [{ uri: 'demo://greeting/en', name: 'greeting in English', mimeType: 'text/plain' }],
  read: ({ language }) => ({ en: 'Hello!', fr: 'Bonjour !', de: 'Hallo!', pt: 'Olá!' })[language],
});

const topics = ['closures', 'generators', 'promises', 'prototypes', 'recursion'];

/** A prompt with arguments: `topic` completes from a list, `level` from its z.enum. */
export const explain = definePrompt({
  name: 'explain',
  title: 'Explain a concept',
  description: 'Asks the model to explain a programming concept at a chosen level.',
  arguments: z.object({
    topic: z.string().min(1).describe('the concept, e.g. closures'),
    level: z.enum(['beginner', 'expert']).default('beginner').describe('how much the reader knows'),
  }),
  complete: { topic: (value) => topics.filter((topic) => topic.startsWith(value.toLowerCase())) },
  get: ({ topic, level }) =>
    `Explain ${topic} to ${level === 'beginner' ? 'a beginner, with one small example' : 'an expert, briefly'}.`,
});

export const demoResources = [readme, greeting];
export const demoPrompts = [explain];
