// What every MCP method shares: `_meta`, identities, capabilities, pagination, content blocks
// (MCP 2025-11-25 and 2026-07-28 schema.ts, where they agree).
import { z } from 'zod/v4';
import { lazy, sent } from './direction.js';

export const Meta = lazy(() => z.record(z.string(), z.unknown()));
export const ProgressToken = lazy(() => z.union([z.string(), z.number()]));
export type ProgressToken = z.infer<ReturnType<typeof ProgressToken>>;

/** `_meta` on a request; `progressToken` in both eras, the envelope keys of the 2026 era (rev2026.ts). */
export const RequestMeta = lazy(() => z.object({ progressToken: ProgressToken().optional() }));

/**
 * An icon a client may show beside a server, tool, resource, template or prompt (MCP 2025-11-25 and
 * 2026-07-28 `Icon`). As the wire has it; what this server sends is checked stricter when defined.
 */
export const Icon = sent(() =>
  z.object({
    src: z.string(),
    mimeType: z.string().optional(),
    sizes: z.array(z.string()).optional(),
    theme: z.enum(['light', 'dark']).optional(),
  }),
);
export type Icon = z.infer<ReturnType<typeof Icon>>;

/** Who a server or client is: initialize's serverInfo and clientInfo, and the 2026 `_meta` keys of that name. */
export const Implementation = lazy(() =>
  z.looseObject({
    name: z.string(),
    title: z.string().optional(),
    version: z.string(),
    description: z.string().optional(),
    websiteUrl: z.string().optional(),
    icons: z.array(Icon()).optional(),
  }),
);
export type Implementation = z.infer<ReturnType<typeof Implementation>>;

/** Params of methods that take nothing but may carry `_meta` (ping, server/discover). */
export const EmptyParams = lazy(() => z.object({ _meta: RequestMeta().optional() }).optional());

export const EmptyResult = sent(() => z.object({}));
export type EmptyResult = z.infer<ReturnType<typeof EmptyResult>>;

/** Params of a list method: an opaque cursor from the previous page. */
export const PaginatedParams = lazy(() =>
  z.object({ cursor: z.string().optional(), _meta: RequestMeta().optional() }).optional(),
);
export type PaginatedParams = z.infer<ReturnType<typeof PaginatedParams>>;

const Settings = lazy(() => z.looseObject({}));

/** What a client declares (in `initialize` on 2025, in each request's `_meta` on 2026). Open: unknown keys pass. */
export const ClientCapabilities = lazy(() =>
  z.looseObject({
    experimental: z.record(z.string(), Settings()).optional(),
    roots: z.looseObject({ listChanged: z.boolean().optional() }).optional(),
    sampling: z.looseObject({ context: Settings().optional(), tools: Settings().optional() }).optional(),
    elicitation: z.looseObject({ form: Settings().optional(), url: Settings().optional() }).optional(),
    extensions: z.record(z.string(), Settings()).optional(),
  }),
);
export type ClientCapabilities = z.infer<ReturnType<typeof ClientCapabilities>>;

const ListChanged = lazy(() => z.object({ listChanged: z.boolean().optional() }));

/** What a server declares; `extensions` is the 2026 revision's, sent to 2026 requests only. */
export const ServerCapabilities = sent(() =>
  z.object({
    experimental: z.record(z.string(), Settings()).optional(),
    logging: Settings().optional(),
    completions: Settings().optional(),
    prompts: ListChanged().optional(),
    resources: z.object({ subscribe: z.boolean().optional(), listChanged: z.boolean().optional() }).optional(),
    tools: ListChanged().optional(),
    extensions: z.record(z.string(), Settings()).optional(),
  }),
);
export type ServerCapabilities = z.infer<ReturnType<typeof ServerCapabilities>>;

// ---- content blocks ---------------------------------------------------------------------------

export const Annotations = sent(() =>
  z.object({
    audience: z.array(z.enum(['user', 'assistant'])).optional(),
    priority: z.number().min(0).max(1).optional(),
    lastModified: z.string().optional(),
  }),
);
export type Annotations = z.infer<ReturnType<typeof Annotations>>;

const blockExtras = lazy(() => ({ annotations: Annotations().optional(), _meta: Meta().optional() }));

export const TextContent = sent(() => z.object({ type: z.literal('text'), text: z.string(), ...blockExtras() }));
export const ImageContent = sent(() =>
  z.object({
    type: z.literal('image'),
    data: z.base64(),
    mimeType: z.string(),
    ...blockExtras(),
  }),
);
export const AudioContent = sent(() =>
  z.object({
    type: z.literal('audio'),
    data: z.base64(),
    mimeType: z.string(),
    ...blockExtras(),
  }),
);
export const ResourceLink = sent(() =>
  z.object({
    type: z.literal('resource_link'),
    uri: z.string(),
    name: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    mimeType: z.string().optional(),
    size: z.number().optional(),
    ...blockExtras(),
  }),
);
export const TextResourceContents = sent(() =>
  z.object({
    uri: z.string(),
    mimeType: z.string().optional(),
    text: z.string(),
    _meta: Meta().optional(),
  }),
);
export const BlobResourceContents = sent(() =>
  z.object({
    uri: z.string(),
    mimeType: z.string().optional(),
    blob: z.base64(),
    _meta: Meta().optional(),
  }),
);
export const EmbeddedResource = sent(() =>
  z.object({
    type: z.literal('resource'),
    resource: z.union([TextResourceContents(), BlobResourceContents()]),
    ...blockExtras(),
  }),
);

// Typed as the union it is (ZodDiscriminatedUnion extends ZodUnion): its own type parameters differ
// between zod 4 minors, so a declaration naming them fails an app's type check on another zod.
export const ContentBlock: () => z.ZodUnion<
  [
    ReturnType<typeof TextContent>,
    ReturnType<typeof ImageContent>,
    ReturnType<typeof AudioContent>,
    ReturnType<typeof ResourceLink>,
    ReturnType<typeof EmbeddedResource>,
  ]
> = sent(() =>
  z.discriminatedUnion('type', [TextContent(), ImageContent(), AudioContent(), ResourceLink(), EmbeddedResource()]),
);
export type ContentBlock = z.infer<ReturnType<typeof ContentBlock>>;
export type TextContent = z.infer<ReturnType<typeof TextContent>>;
