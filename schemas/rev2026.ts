// What only the 2026 era has (MCP 2026-07-28): the per-request `_meta` envelope, server/discover,
// cacheable results, subscriptions/listen, and the errors that name versions and capabilities.
import { z } from 'zod/v4';
import { sentByServer } from './direction.js';
import { ClientCapabilities, Implementation, ServerCapabilities } from './common.js';
import { RequestId } from './jsonrpc.js';
import { LogLevel } from './logging.js';

/** The revisions served per request, with no handshake, newest first. */
export const PROTOCOL_VERSIONS_2026 = ['2026-07-28'] as const;

/** The reserved `_meta` keys of the 2026 era. */
export const MetaKey = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

/** The envelope every 2026 request carries in `params._meta`; clientInfo and logLevel are optional. */
export const RequestEnvelope = z.object({
  [MetaKey.protocolVersion]: z.string(),
  [MetaKey.clientCapabilities]: ClientCapabilities,
  [MetaKey.clientInfo]: Implementation.optional(),
  [MetaKey.logLevel]: LogLevel.optional(),
});
export type RequestEnvelope = z.infer<typeof RequestEnvelope>;

export const CacheScope = z.enum(['public', 'private']);
export type CacheScope = z.infer<typeof CacheScope>;

/** How long, and for whom, a client may cache a list or read result (MCP 2026-07-28 "Caching"). */
export const CacheHint = z.object({ ttlMs: z.int().min(0), cacheScope: CacheScope });
export type CacheHint = z.infer<typeof CacheHint>;

export const DiscoverResult = z.object({
  resultType: z.literal('complete'),
  supportedVersions: z.array(z.string()),
  capabilities: ServerCapabilities,
  instructions: z.string().optional(),
  ttlMs: z.int().min(0),
  cacheScope: CacheScope,
  _meta: z.looseObject({ [MetaKey.serverInfo]: Implementation }),
});
export type DiscoverResult = z.infer<typeof DiscoverResult>;

/** Which notifications a subscriptions/listen stream carries; each kind is opt-in. */
export const SubscriptionFilter = z.looseObject({
  toolsListChanged: z.boolean().optional(),
  promptsListChanged: z.boolean().optional(),
  resourcesListChanged: z.boolean().optional(),
  resourceSubscriptions: z.array(z.string()).optional(),
  /** notifications/tasks for these tasks (the tasks extension, SEP-2663). */
  taskIds: z.array(z.string()).optional(),
});
export type SubscriptionFilter = z.infer<typeof SubscriptionFilter>;

export const ListenParams = z.looseObject({ notifications: SubscriptionFilter });
export type ListenParams = z.infer<typeof ListenParams>;

export const AcknowledgedParams = z.object({
  _meta: z.object({ [MetaKey.subscriptionId]: RequestId }),
  notifications: SubscriptionFilter,
});
export type AcknowledgedParams = z.infer<typeof AcknowledgedParams>;

/** `error.data` of -32022: what the server speaks per request, and what was asked for. */
export const UnsupportedVersionData = z.object({ supported: z.array(z.string()), requested: z.string() });
export type UnsupportedVersionData = z.infer<typeof UnsupportedVersionData>;

/** `error.data` of -32021: the client capabilities this request needed and did not declare. */
export const MissingCapabilityData = z.object({ requiredCapabilities: ClientCapabilities });
export type MissingCapabilityData = z.infer<typeof MissingCapabilityData>;

sentByServer(DiscoverResult, CacheHint, AcknowledgedParams, UnsupportedVersionData, MissingCapabilityData);
