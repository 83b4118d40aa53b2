// A server of 321 tools in ten toolsets (catalogue.ts): a code host's API, each tool a fake that says
// what it would do. It is served in search mode: tools/list shows get_me, search_tools and call_tool,
// and the model finds the rest. Serve it as it is, or list every tool, or some toolsets:
//
//   npx zod-mcp serve examples/many-tools/server.ts
//   npx zod-mcp serve examples/many-tools/server.ts --discovery list --toolsets issues,pulls
//   npx zod-mcp inspect examples/many-tools/server.ts
import { z } from 'zod';
import { McpServer, defineTool, type Tool } from 'zod-mcp';
import { TOOLSETS, VERBS, type Kind, type Verb } from './catalogue.js';

const an = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);
const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/** The argument saying where the thing lives: a repository, an organization, or a user (yours by default). */
function whereOf(kind: Kind): Record<string, z.ZodType> {
  if (kind.in === 'a repository') return { repo: z.string().describe('The repository, as owner/name') };
  if (kind.in === 'an organization') return { org: z.string().describe("The organization's login") };
  return { user: z.string().optional().describe('A login; yours when left out') };
}

function inputOf(verb: Verb, kind: Kind) {
  const where = whereOf(kind);
  const id = z.string().describe(`The ${kind.one}'s id`);
  switch (verb) {
    case 'list':
      return z.object({
        ...where,
        page: z.number().int().min(1).optional().describe('The page, from 1'),
        per_page: z.number().int().min(1).max(100).optional().describe('How many on a page (30 when left out)'),
      });
    case 'get':
      return z.object({ ...where, id, full: z.boolean().optional().describe('Every field, not the usual ones') });
    case 'create':
      return z.object({
        ...where,
        name: z.string().describe(`The new ${kind.one}'s name or title`),
        body: z.string().optional().describe('Its text, in Markdown'),
      });
    case 'delete':
      return z.object({ ...where, id, reason: z.string().optional().describe('Why, for the audit log') });
  }
}

const WORDS: Record<Verb, (kind: Kind) => string> = {
  list: (kind) => `List the ${kind.many} of ${kind.in}, 30 at a time. Answers each one's id and name.`,
  get: (kind) => `Get one ${kind.one} of ${kind.in} by its id. Answers its fields.`,
  create: (kind) => `Create ${an(kind.one)} in ${kind.in}. Answers the new ${kind.one}'s id.`,
  delete: (kind) => `Delete ${an(kind.one)} of ${kind.in}, for good. Answers nothing when done.`,
};
const HINTS: Record<Verb, object> = {
  list: { readOnlyHint: true, openWorldHint: false },
  get: { readOnlyHint: true, openWorldHint: false },
  create: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  delete: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
};

function toolOf(toolset: string, verb: Verb, kind: Kind): Tool {
  const noun = verb === 'list' ? kind.many : kind.one;
  const name = `${verb}_${noun.replaceAll(' ', '_')}`;
  return defineTool({
    name,
    title: capital(`${verb} ${noun}`),
    description: WORDS[verb](kind),
    input: inputOf(verb, kind),
    annotations: HINTS[verb],
    toolset,
    ...(kind.hint === undefined ? {} : { searchHint: kind.hint }),
    handler: (args) => JSON.stringify({ tool: name, arguments: args }),
  });
}

const getMe = defineTool({
  name: 'get_me',
  title: 'Get me',
  description: 'Who you are signed in as: your login, name and e-mail.',
  input: z.object({}),
  annotations: { readOnlyHint: true, openWorldHint: false },
  alwaysLoad: true,
  handler: () => JSON.stringify({ login: 'octo', name: 'Octo Cat', email: 'octo@example.com' }),
});

export const tools: readonly Tool[] = [
  getMe,
  ...Object.entries(TOOLSETS).flatMap(([toolset, { kinds }]) =>
    kinds.flatMap((kind) => VERBS.map((verb) => toolOf(toolset, verb, kind))),
  ),
];

export const server = new McpServer({
  name: 'many-tools',
  version: '1.0.0',
  instructions: 'This server has hundreds of tools: find one with search_tools, then run it with call_tool.',
  toolsets: Object.fromEntries(Object.entries(TOOLSETS).map(([name, { description }]) => [name, { description }])),
  tools,
  discovery: 'search',
});
