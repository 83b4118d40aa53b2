// What methods read of the server: fixed once the server is built.
import type { Implementation, ServerCapabilities } from '../../schemas/common.js';
import type { CacheHint } from '../../schemas/rev2026.js';
import type { Era } from './era.js';
import type { EventBus } from './events.js';
import type { InputSettings } from './input/state.js';
import type { SchemaProfile } from '../schema/json-schema/profiles.js';
import type { SubscriptionLimits } from './subscriptions.js';
import type { Toolsets } from './toolsets.js';

/**
 * How a tool call's arguments are made fit before its schema checks them (McpServer's and defineTool's `arguments`).
 */
export interface ArgumentPolicy {
  /**
   * `strip` (default): arguments the tool does not have are dropped, as Zod does; `reject`: an `isError` result names
   * them, and the closest known one.
   */
  unknown?: 'strip' | 'reject';
  /**
   * Strings parsed into the number, integer, boolean, object or array the schema asks for (never where it also takes a
   * string). Default false.
   */
  coerce?: boolean;
}

export interface ServerState {
  /** The discovery mode of a request that names none: `search`, or undefined for a full listing. */
  readonly discovery: 'search' | undefined;
  /** The server's argument policy, when it has one. */
  readonly arguments: ArgumentPolicy | undefined;
  /** The dialect of tools/list; with `openai-strict`, a `null` for an optional property counts as left out. */
  readonly schemaProfile: SchemaProfile;
  /** Who the server is, whole: initialize's serverInfo (2025) and server/discover's (2026). */
  readonly serverInfo: Implementation;
  /** The name, version and title alone: what every other 2026 result carries in `_meta`. */
  readonly resultServerInfo: Implementation;
  readonly instructions: string | undefined;
  /** Default timeout of a tool call; a tool's own wins. */
  readonly timeoutMs: number | undefined;
  /** Where internal errors go (stderr by default); the wire only ever says "Internal error". */
  readonly report: (error: unknown) => void;
  readonly events: EventBus;
  /** The eras this server answers; a request of another is refused naming the ones it speaks. */
  readonly eras: ReadonlySet<Era>;
  /** What this server declares, as each era spells it (2025 has no `extensions`). */
  capabilities(era: Era): ServerCapabilities;
  /** How requestState is sealed, and how many rounds of questions a call may take. */
  readonly input: InputSettings;
  /** Where notices go that are no error of ours (a response to no request): `onError`, or a line on stderr. */
  readonly warn: (message: string) => void;
  /** The cache hint a cacheable 2026 result of this method carries. */
  cacheHint(method: string): CacheHint;
  /** The scopes reading this resource URI needs (a listen stream hears only what its token may read). */
  resourceScopes(uri: string): readonly string[] | undefined;
  /** What a listen filter, one principal's listen streams and a 2025 session's resources/subscribe may hold. */
  readonly subscriptions: SubscriptionLimits;
  /** The toolsets the server declares; undefined when it declares none (nothing is filtered then). */
  readonly toolsets: Toolsets | undefined;
}
