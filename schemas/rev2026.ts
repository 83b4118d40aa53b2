// What only the 2026 era has (MCP 2026-07-28): the per-request `_meta` envelope, server/discover,
// cacheable results, subscriptions/listen, and the errors that name versions and capabilities.
import { z } from 'zod/v4';
import { lazy, sent } from './direction.js';
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
export const RequestEnvelope = lazy(() =>
  z.object({
    [MetaKey.protocolVersion]: z.string(),
    [MetaKey.clientCapabilities]: ClientCapabilities(),
    [MetaKey.clientInfo]: Implementation().optional(),
    [MetaKey.logLevel]: LogLevel().optional(),
  }),
);
export type RequestEnvelope = z.infer<ReturnType<typeof RequestEnvelope>>;

export const CacheScope = lazy(() => z.enum(['public', 'private']));
export type CacheScope = z.infer<ReturnType<typeof CacheScope>>;

/** How long, and for whom, a client may cache a list or read result (MCP 2026-07-28 "Caching"). */
export const CacheHint = sent(() => z.object({ ttlMs: z.int().min(0), cacheScope: CacheScope() }));
export type CacheHint = z.infer<ReturnType<typeof CacheHint>>;

export const DiscoverResult = sent(() =>
  z.object({
    resultType: z.literal('complete'),
    supportedVersions: z.array(z.string()),
    capabilities: ServerCapabilities(),
    instructions: z.string().optional(),
    ttlMs: z.int().min(0),
    cacheScope: CacheScope(),
    _meta: z.looseObject({ [MetaKey.serverInfo]: Implementation() }),
  }),
);
export type DiscoverResult = z.infer<ReturnType<typeof DiscoverResult>>;

/** Which notifications a subscriptions/listen stream carries; each kind is opt-in. */
export const SubscriptionFilter = lazy(() =>
  z.looseObject({
    toolsListChanged: z.boolean().optional(),
    promptsListChanged: z.boolean().optional(),
    resourcesListChanged: z.boolean().optional(),
    resourceSubscriptions: z.array(z.string()).optional(),
    /** notifications/tasks for these tasks (the tasks extension, SEP-2663). */
    taskIds: z.array(z.string()).optional(),
  }),
);
export type SubscriptionFilter = z.infer<ReturnType<typeof SubscriptionFilter>>;

export const ListenParams = lazy(() => z.looseObject({ notifications: SubscriptionFilter() }));
export type ListenParams = z.infer<ReturnType<typeof ListenParams>>;

export const AcknowledgedParams = sent(() =>
  z.object({
    _meta: z.object({ [MetaKey.subscriptionId]: RequestId() }),
    notifications: SubscriptionFilter(),
  }),
);
export type AcknowledgedParams = z.infer<ReturnType<typeof AcknowledgedParams>>;

/** `error.data` of -32022: what the server speaks per request, and what was asked for. */
export const UnsupportedVersionData = sent(() => z.object({ supported: z.array(z.string()), requested: z.string() }));
export type UnsupportedVersionData = z.infer<ReturnType<typeof UnsupportedVersionData>>;

/** `error.data` of -32021: the client capabilities this request needed and did not declare. */
export const MissingCapabilityData = sent(() => z.object({ requiredCapabilities: ClientCapabilities() }));
export type MissingCapabilityData = z.infer<ReturnType<typeof MissingCapabilityData>>;
