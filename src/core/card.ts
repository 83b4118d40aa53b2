// A Server Card (SEP-2127): what a host or a registry reads about a server before it connects: its
// registry name, version and description, where to reach it and in which protocol versions, and its
// capabilities. Public by design: it says nothing an unauthenticated server/discover would not.
import type { Icon } from '../../schemas/common.js';

/** The card format's schema, as the card names it. */
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';

/** The MCP Registry's name: a reverse-DNS namespace, one slash, the server's own name. */
export const REGISTRY_NAME = /^[a-zA-Z0-9][a-zA-Z0-9.-]*[a-zA-Z0-9]\/[a-zA-Z0-9][a-zA-Z0-9._-]*$/;
export const MAX_CARD_DESCRIPTION = 100;

/** Another way to reach the server, listed after the endpoint serving the card. */
export interface CardRemote {
  readonly type: 'streamable-http' | 'sse';
  readonly url: string;
  readonly supportedProtocolVersions?: readonly string[];
  readonly headers?: readonly Record<string, unknown>[];
}

/** McpServer's `card`: what the card says beside what the server already is (its title, website, icons). */
export interface CardOptions {
  /** `io.github.<owner>/<name>`, or a domain of yours reversed (`com.example/notes`). */
  readonly name: string;
  /** At most 100 characters; default: the server's `description`. */
  readonly description?: string;
  readonly title?: string;
  readonly websiteUrl?: string;
  readonly icons?: readonly Icon[];
  readonly repository?: {
    readonly url: string;
    readonly source: string;
    readonly subfolder?: string;
    readonly id?: string;
  };
  readonly remotes?: readonly CardRemote[];
}

/** The card's fixed part, checked when the server is built; the transport adds where and how to reach it. */
export interface CheckedCard {
  readonly name: string;
  readonly description: string;
  readonly title?: string;
  readonly websiteUrl?: string;
  readonly icons?: readonly Icon[];
  readonly repository?: CardOptions['repository'];
  readonly remotes: readonly CardRemote[];
}

/** `card` checked against the server's own identity, which fills what it leaves out. */
export function checkCard(
  card: CardOptions | undefined,
  server: { description?: string; title?: string; websiteUrl?: string; icons?: readonly Icon[] },
): CheckedCard | undefined {
  if (card === undefined) return undefined;
  if (typeof card !== 'object' || card === null) throw new TypeError('card must be an object with a name');
  if (typeof card.name !== 'string' || !REGISTRY_NAME.test(card.name))
    throw new TypeError(
      'card.name must be a registry name, reverse-DNS with one slash (io.github.owner/name): ' +
        JSON.stringify(card.name),
    );
  const description = card.description ?? server.description;
  if (typeof description !== 'string' || description.length === 0)
    throw new TypeError("card: a description is needed (card.description, or the server's description)");
  if (description.length > MAX_CARD_DESCRIPTION)
    throw new TypeError(`card: the description is ${description.length} characters; at most ${MAX_CARD_DESCRIPTION}`);
  for (const remote of card.remotes ?? []) {
    if (!URL.canParse(remote.url) || !/^https?:$/.test(new URL(remote.url).protocol))
      throw new TypeError(`card.remotes: not an http(s) URL: ${remote.url}`);
  }
  const title = card.title ?? server.title;
  const websiteUrl = card.websiteUrl ?? server.websiteUrl;
  const icons = card.icons ?? server.icons;
  return {
    name: card.name,
    description,
    ...(title === undefined ? {} : { title }),
    ...(websiteUrl === undefined ? {} : { websiteUrl }),
    ...(icons === undefined || icons.length === 0 ? {} : { icons }),
    ...(card.repository === undefined ? {} : { repository: card.repository }),
    remotes: card.remotes ?? [],
  };
}

/** A transport asked to serve the card (`card: true`) of a server that declares none: refused when it is made. */
export function checkCardServed(server: { readonly card: CheckedCard | undefined }, option: unknown): void {
  if (option === true && server.card === undefined)
    throw new TypeError(
      'card: true serves the Server Card the server declares: give new McpServer({ card: { name, … } })',
    );
}
