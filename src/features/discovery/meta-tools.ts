// Search mode's two tools: search_tools finds the server's tools by what they do, call_tool calls one
// by name. A call_tool request is served as the tools/call of the tool it names (redirect.ts), so its
// handler runs only when call_tool is asked to call itself.
import { z } from 'zod/v4';
import { lazy } from '../../../schemas/direction.js';
import type { Tool as ToolDescriptor, ToolAnnotations } from '../../../schemas/tools.js';
import type { RequestContext } from '../../core/context.js';
import { defineTool, type Tool } from '../tools/define.js';

export const SEARCH_TOOLS = 'search_tools';
export const CALL_TOOL = 'call_tool';

export const SearchArguments = lazy(() =>
  z.object({
    query: z.string().describe('What the tool should do, in a few words: "create an issue", "list pull requests"'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(50)
      .default(8)
      .describe('How many tools at most, best first (1 to 50; 8 when left out)'),
    detail: z
      .enum(['names', 'summary', 'full'])
      .default('full')
      .describe("What each tool found carries: 'names', 'summary' (with its description), 'full' (with its schemas)"),
  }),
);
export type SearchArguments = z.output<ReturnType<typeof SearchArguments>>;

const Found = lazy(() =>
  z.object({
    name: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    inputSchema: z.record(z.string(), z.unknown()).optional(),
    outputSchema: z.record(z.string(), z.unknown()).optional(),
    annotations: z.record(z.string(), z.unknown()).optional(),
  }),
);
export type Found = z.output<ReturnType<typeof Found>>;

const CallArguments = lazy(() =>
  z.object({
    name: z.string().min(1).describe('The name of a tool search_tools found'),
    arguments: z.looseObject({}).optional().describe("The tool's arguments, as its inputSchema describes them"),
  }),
);

/** search_tools answers what `search` finds for the request; call_tool reached here was asked to call itself. */
export function metaTools(search: (args: SearchArguments, ctx: RequestContext) => Found[]): readonly Tool[] {
  return [
    defineTool({
      name: SEARCH_TOOLS,
      title: 'Search tools',
      description:
        "Finds this server's tools by what they do and answers the best matches, each with what calling it takes. " +
        'Most of its tools are not listed: search for one, then run it with call_tool.',
      input: SearchArguments(),
      output: z.object({ tools: z.array(Found()) }),
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      handler: (args, ctx) => ({ tools: search(args, ctx as RequestContext) }),
    }),
    defineTool({
      name: CALL_TOOL,
      title: 'Call a tool',
      description: 'Runs a tool search_tools found, by its name, with its arguments; answers what that tool answers.',
      input: CallArguments(),
      // Reached only by call_tool naming call_tool: the outer call was served as this one.
      handler: () => {
        throw new Error(`${CALL_TOOL} cannot run ${CALL_TOOL}: give it the name of a tool ${SEARCH_TOOLS} found`);
      },
    }),
  ];
}

/** A search result entry at the detail asked for, in the key order of a tools/list entry. */
export function entryOf(descriptor: ToolDescriptor, detail: SearchArguments['detail']): Found {
  if (detail === 'names') return { name: descriptor.name };
  const { name, title, description, inputSchema, outputSchema, annotations } = descriptor;
  if (detail === 'summary') return { name, description: description ?? '' };
  return {
    name,
    ...(title === undefined ? {} : { title }),
    description: description ?? '',
    inputSchema,
    ...(outputSchema === undefined ? {} : { outputSchema }),
    ...(annotations === undefined ? {} : { annotations }),
  };
}

/**
 * call_tool's annotations: the least permissive of the tools it can reach, by MCP's defaults for a hint
 * left out (not read-only, destructive, not idempotent, open world), so that a host's approval of
 * call_tool is never weaker than its approval of the tool itself would be.
 */
export function leastPermissive(tools: readonly ToolDescriptor[]): ToolAnnotations {
  const all = (holds: (hints: ToolAnnotations) => boolean) => tools.every((tool) => holds(tool.annotations ?? {}));
  const readOnly = all((hints) => hints.readOnlyHint === true);
  return {
    readOnlyHint: readOnly,
    destructiveHint: !all((hints) => hints.readOnlyHint === true || hints.destructiveHint === false),
    idempotentHint: all((hints) => hints.readOnlyHint === true || hints.idempotentHint === true),
    openWorldHint: !all((hints) => hints.openWorldHint === false),
  };
}
