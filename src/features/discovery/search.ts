// Search mode over a server's tools: the fixed listing (the tools to load always, then search_tools and
// call_tool), and the search itself, over an index rebuilt on the first search after the tools change.
import type { Tool as ToolDescriptor } from '../../../schemas/tools.js';
import type { RequestContext } from '../../core/context.js';
import type { Tool } from '../tools/define.js';
import { buildIndex, type Field, type SearchIndex } from './bm25.js';
import { entryOf, leastPermissive, metaTools, type Found, type SearchArguments } from './meta-tools.js';

export type DiscoveryMode = 'list' | 'search';

/** How a field of a tool counts against its description's words. */
const WEIGHTS = { name: 3, title: 2, searchHint: 2, description: 1, parameters: 1 } as const;

/** What search mode reads of the tools feature: the tools, and what a request may see of them. */
export interface ToolSource {
  /** The server's tools, in tools/list order. */
  tools(): readonly Tool[];
  /** Whether the request is served the tool (its toolsets, scopes, and apps allow it). */
  servedTo(ctx: RequestContext): (tool: Tool) => boolean;
  /** The entry the request is listed for the tool. */
  describedFor(ctx: RequestContext): (tool: Tool) => ToolDescriptor;
}

export interface Discovery {
  /** What a request that names no mode is served (McpServer's `discovery`). */
  readonly mode: DiscoveryMode;
  /** search_tools and call_tool, by name (made on first use). */
  meta(): ReadonlyMap<string, Tool>;
  /** The search mode listing, of the tools a request is served (their entries as it is listed them). */
  listing(served: readonly Tool[], describe: (tool: Tool) => ToolDescriptor): ToolDescriptor[];
  /** The tools changed: the index is rebuilt before the next search. */
  changed(): void;
  /** Where the tools are read from (the tools feature gives itself, once). */
  attach(source: ToolSource): void;
}

export function discoveryOf(mode: DiscoveryMode): Discovery {
  let attached: ToolSource | undefined;
  const source = () => {
    if (attached === undefined) throw new Error('search mode: no tools feature is attached');
    return attached;
  };
  let meta: ReadonlyMap<string, Tool> | undefined;
  let index: { readonly tools: readonly Tool[]; readonly search: SearchIndex } | undefined;
  const indexed = () => {
    if (index === undefined) {
      const tools = source().tools();
      index = { tools, search: buildIndex(tools.map(fieldsOf)) };
    }
    return index;
  };
  const search = (args: SearchArguments, ctx: RequestContext): Found[] => {
    const { tools, search: searchIndex } = indexed();
    const serves = source().servedTo(ctx);
    const describe = source().describedFor(ctx);
    return searchIndex
      .search(args.query, args.limit, (doc) => serves(tools[doc]!))
      .map((doc) => entryOf(describe(tools[doc]!), args.detail));
  };
  return {
    mode,
    meta() {
      meta ??= new Map(metaTools(search).map((tool) => [tool.name, tool]));
      return meta;
    },
    listing(served, describe) {
      const [searchTools, callTool] = [...this.meta().values()] as [Tool, Tool];
      const reachable = served.map(describe);
      const callEntry = describe(callTool);
      return [
        ...served.filter((tool) => tool.alwaysLoad).map(describe),
        describe(searchTools),
        { ...callEntry, annotations: leastPermissive(reachable) },
      ];
    },
    changed() {
      index = undefined;
    },
    attach(given) {
      attached = given;
      index = undefined;
    },
  };
}

/** A tool as the index reads it: its name, title, search hint, description, and its parameters' names and words. */
function fieldsOf(tool: Tool): Field[] {
  const { name, title, description, inputSchema } = tool.descriptor;
  const fields: Field[] = [{ text: name, weight: WEIGHTS.name }];
  if (title !== undefined) fields.push({ text: title, weight: WEIGHTS.title });
  if (tool.searchHint !== undefined) fields.push({ text: tool.searchHint, weight: WEIGHTS.searchHint });
  if (description !== undefined) fields.push({ text: description, weight: WEIGHTS.description });
  const properties = (inputSchema.properties ?? {}) as Record<string, { description?: unknown }>;
  for (const [parameter, schema] of Object.entries(properties)) {
    fields.push({ text: parameter, weight: WEIGHTS.parameters });
    if (typeof schema?.description === 'string') fields.push({ text: schema.description, weight: WEIGHTS.parameters });
  }
  return fields;
}
