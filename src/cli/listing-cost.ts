// What tools/list costs a model, for `inspect`: the size of each listing a client may be served (the
// default one, each toolset's, search mode's) in bytes and estimated tokens, each tool's share, and
// the warnings: more tools than hosts load, a listing past a tenth of a 200K context, and a
// description whose opening sentence is too long for the hosts that index only its start.
import type { LocalClient } from '../core/local-client.js';
import type { McpServer } from '../server.js';
import type { Problem } from './schema-lint.js';

/** How tokens are estimated: no tokenizer is loaded, and JSON tokenizes near this rule. */
export const TOKEN_RULE = 'tokens estimated as UTF-8 bytes / 4, rounded up';

export interface ListingCost {
  /** `default`, `toolset issues`, `all toolsets`, `search mode`. */
  readonly listing: string;
  readonly tools: number;
  readonly bytes: number;
  readonly tokens: number;
}

export interface CostReport {
  readonly rule: string;
  readonly listings: readonly ListingCost[];
  /** Each tool's entry in the listing of every tool (list mode, every toolset), largest first. */
  readonly tools: readonly { readonly name: string; readonly bytes: number; readonly tokens: number }[];
}

/** Host limits on the tools they load, lowest first (docs/discovery.md gives the sources). */
const HOST_LIMITS = [
  { tools: 40, hosts: 'older Cursor versions load (40)' },
  { tools: 80, hosts: 'Cursor loads (80; 40 in older versions)' },
  { tools: 128, hosts: "VS Code loads (128), and Cursor's 80" },
];
/** A tenth of a 200K-token context. */
const CONTEXT_SHARE = 20_000;
/** Hosts index the opening of a description: its first sentence should say what the tool does in this many. */
const FIRST_SENTENCE = 80;

const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
const tokensOf = (bytes: number) => Math.ceil(bytes / 4);

type Listed = { name: string; description?: string };

/** The report and its warnings, read through `client` as a client that renders no apps would be listed. */
export async function costOf(
  server: McpServer,
  client: LocalClient,
): Promise<{ cost: CostReport; problems: Problem[] }> {
  const listings: ListingCost[] = [];
  const problems: Problem[] = [];
  const measure = async (listing: string, options: Parameters<LocalClient['all']>[2]) => {
    const tools = ((await client.all('tools/list', 'tools', options)) ?? []) as Listed[];
    const bytes = bytesOf({ tools });
    listings.push({ listing, tools: tools.length, bytes, tokens: tokensOf(bytes) });
    return tools;
  };
  const names = server.toolsetNames;
  const served = await measure('default', { discovery: 'list', toolsets: 'default' });
  for (const name of names) await measure(`toolset ${name}`, { discovery: 'list', toolsets: [name] });
  // Without toolsets the default listing is every tool.
  const every = names.length === 0 ? served : await measure('all toolsets', { discovery: 'list' });
  try {
    server.serveDiscovery('search');
    await measure('search mode', { discovery: 'search', toolsets: 'default' });
  } catch (error) {
    problems.push({ level: 'warning', where: 'search mode', text: (error as Error).message });
  }
  for (const listing of listings) problems.push(...limitsPassed(listing));
  for (const tool of every) {
    const first = firstSentence(tool.description ?? '');
    if (first.length > FIRST_SENTENCE)
      problems.push({
        level: 'warning',
        where: `tool "${tool.name}"`,
        text:
          `the description's first sentence is ${first.length} characters; hosts index the opening of a ` +
          `description: say what the tool does in ${FIRST_SENTENCE} or fewer`,
      });
  }
  const tools = every
    .map((tool) => {
      const bytes = bytesOf(tool);
      return { name: tool.name, bytes, tokens: tokensOf(bytes) };
    })
    .sort((a, b) => b.bytes - a.bytes);
  return { cost: { rule: TOKEN_RULE, listings, tools }, problems };
}

function limitsPassed(listing: ListingCost): Problem[] {
  const problems: Problem[] = [];
  const passed = HOST_LIMITS.filter((limit) => listing.tools > limit.tools).at(-1);
  const where = `listing "${listing.listing}"`;
  if (passed !== undefined)
    problems.push({
      level: 'warning',
      where,
      text: `${listing.tools} tools, more than ${passed.hosts}: serve toolsets, or search mode`,
    });
  if (listing.tokens > CONTEXT_SHARE)
    problems.push({
      level: 'warning',
      where,
      text:
        `about ${listing.tokens.toLocaleString('en-US')} tokens, more than a tenth of a 200K context before the ` +
        'first message',
    });
  return problems;
}

/** The text up to the first full stop, question or exclamation mark followed by a space or the end. */
function firstSentence(text: string): string {
  const end = /[.!?](?=\s|$)/.exec(text);
  return (end === null ? text : text.slice(0, end.index + 1)).trim();
}
