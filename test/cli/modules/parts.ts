// A module of parts: two tools (one alone, one in an array), a resource and a prompt.
import { z } from 'zod';
import { defineTool, definePrompt, defineResource } from 'zod-mcp';

export const add = defineTool({
  name: 'add',
  description: 'Adds two numbers.',
  input: z.object({ a: z.number(), b: z.number() }),
  handler: ({ a, b }) => String(a + b),
});

const shout = defineTool({
  name: 'shout',
  description: 'Says it louder.',
  input: z.object({ text: z.string().describe('what to say') }),
  handler: ({ text }) => text.toUpperCase(),
});
export const tools = [shout, add];

export const notes = defineResource({ uri: 'notes://today', name: 'today', mimeType: 'text/plain', read: () => 'nothing yet' });

export const greet = definePrompt({ name: 'greet', description: 'Greets someone.', arguments: z.object({ who: z.string() }), get: ({ who }) => `Say hello to ${who}.` });

export const unrelated = { answer: 42 };
