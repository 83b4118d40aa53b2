// resources/list, resources/templates/list, resources/read, and the 2025 subscriptions
// (MCP 2025-11-25 and 2026-07-28 "Resources").
import { z } from 'zod/v4';
import { Annotations, BlobResourceContents, Icon, Meta, RequestMeta, TextResourceContents } from './common.js';
import { lazy, sent } from './direction.js';

export const Resource = sent(() =>
  z.object({
    uri: z.string(),
    name: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    mimeType: z.string().optional(),
    size: z.number().optional(),
    icons: z.array(Icon()).optional(),
    annotations: Annotations().optional(),
    _meta: Meta().optional(),
  }),
);
export type Resource = z.infer<ReturnType<typeof Resource>>;

export const ResourceTemplate = sent(() =>
  z.object({
    uriTemplate: z.string(),
    name: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    mimeType: z.string().optional(),
    icons: z.array(Icon()).optional(),
    annotations: Annotations().optional(),
    _meta: Meta().optional(),
  }),
);
export type ResourceTemplate = z.infer<ReturnType<typeof ResourceTemplate>>;

export const ResourceContents = sent(() => z.union([TextResourceContents(), BlobResourceContents()]));
export type ResourceContents = z.infer<ReturnType<typeof ResourceContents>>;

export const ListResourcesResult = sent(() =>
  z.object({ resources: z.array(Resource()), nextCursor: z.string().optional() }),
);
export type ListResourcesResult = z.infer<ReturnType<typeof ListResourcesResult>>;

export const ListResourceTemplatesResult = sent(() =>
  z.object({
    resourceTemplates: z.array(ResourceTemplate()),
    nextCursor: z.string().optional(),
  }),
);
export type ListResourceTemplatesResult = z.infer<ReturnType<typeof ListResourceTemplatesResult>>;

/** resources/read, and (2025) resources/subscribe and resources/unsubscribe. */
export const ResourceParams = lazy(() => z.object({ uri: z.string(), _meta: RequestMeta().optional() }));
export type ResourceParams = z.infer<ReturnType<typeof ResourceParams>>;

export const ReadResourceResult = sent(() =>
  z.object({ contents: z.array(ResourceContents()), _meta: Meta().optional() }),
);
export type ReadResourceResult = z.infer<ReturnType<typeof ReadResourceResult>>;

/** `error.data` when a URI names no resource: -32002 on 2025, -32602 on 2026 (SEP-2164). */
export const ResourceNotFoundData = sent(() => z.object({ uri: z.string() }));
