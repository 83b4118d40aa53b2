// The MCP methods this server speaks, as Zod schemas (MCP 2025-06-18 schema.ts; 2025-11-25 compatible).
import { z } from 'zod';
import { RequestId } from './jsonrpc.js';

export const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
export const LATEST_PROTOCOL_VERSION = PROTOCOL_VERSIONS[0];

const Meta = z.record(z.string(), z.unknown());
export const ProgressToken = z.union([z.string(), z.number()]);
export type ProgressToken = z.infer<typeof ProgressToken>;

/** `_meta` on a request; only `progressToken` means anything to the server. */
export const RequestMeta = z.looseObject({ progressToken: ProgressToken.optional() });

export const Implementation = z.looseObject({
  name: z.string(),
  title: z.string().optional(),
  version: z.string(),
});
export type Implementation = z.infer<typeof Implementation>;

// ---- initialize, ping -------------------------------------------------------------------------

export const InitializeParams = z.looseObject({
  protocolVersion: z.string(),
  capabilities: z.looseObject({}),
  clientInfo: Implementation,
  _meta: RequestMeta.optional(),
});
export type InitializeParams = z.infer<typeof InitializeParams>;

export const ServerCapabilities = z.object({
  experimental: z.record(z.string(), z.looseObject({})).optional(),
  logging: z.looseObject({}).optional(),
  tools: z.object({ listChanged: z.boolean().optional() }).optional(),
});
export type ServerCapabilities = z.infer<typeof ServerCapabilities>;

export const InitializeResult = z.object({
  protocolVersion: z.string(),
  capabilities: ServerCapabilities,
  serverInfo: Implementation,
  instructions: z.string().optional(),
});
export type InitializeResult = z.infer<typeof InitializeResult>;

/** Params of methods that take nothing but may carry `_meta` (ping). */
export const EmptyParams = z.looseObject({ _meta: RequestMeta.optional() }).optional();

export const EmptyResult = z.object({});
export type EmptyResult = z.infer<typeof EmptyResult>;

// ---- content blocks ---------------------------------------------------------------------------

export const Annotations = z.object({
  audience: z.array(z.enum(['user', 'assistant'])).optional(),
  priority: z.number().min(0).max(1).optional(),
  lastModified: z.string().optional(),
});

const blockExtras = { annotations: Annotations.optional(), _meta: Meta.optional() };

export const TextContent = z.object({ type: z.literal('text'), text: z.string(), ...blockExtras });
export const ImageContent = z.object({
  type: z.literal('image'),
  data: z.base64(),
  mimeType: z.string(),
  ...blockExtras,
});
export const AudioContent = z.object({
  type: z.literal('audio'),
  data: z.base64(),
  mimeType: z.string(),
  ...blockExtras,
});
export const ResourceLink = z.object({
  type: z.literal('resource_link'),
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  size: z.number().optional(),
  ...blockExtras,
});
export const TextResourceContents = z.object({
  uri: z.string(),
  mimeType: z.string().optional(),
  text: z.string(),
  _meta: Meta.optional(),
});
export const BlobResourceContents = z.object({
  uri: z.string(),
  mimeType: z.string().optional(),
  blob: z.base64(),
  _meta: Meta.optional(),
});
export const EmbeddedResource = z.object({
  type: z.literal('resource'),
  resource: z.union([TextResourceContents, BlobResourceContents]),
  ...blockExtras,
});

export const ContentBlock = z.discriminatedUnion('type', [
  TextContent,
  ImageContent,
  AudioContent,
  ResourceLink,
  EmbeddedResource,
]);
export type ContentBlock = z.infer<typeof ContentBlock>;
export type TextContent = z.infer<typeof TextContent>;

// ---- tools ------------------------------------------------------------------------------------

/** The name rule of MCP 2025-11-25 ("Tool names"): 1-128 of A-Z a-z 0-9 _ - . */
export const ToolName = z.string().regex(/^[A-Za-z0-9_.-]{1,128}$/, {
  error: 'tool names are 1 to 128 characters of A-Z, a-z, 0-9, "_", "-" and "."',
});

export const ToolAnnotations = z.object({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});
export type ToolAnnotations = z.infer<typeof ToolAnnotations>;

/** A JSON Schema whose root describes an object, as MCP requires of tool schemas. */
export const ObjectJsonSchema = z.looseObject({
  type: z.literal('object'),
  properties: z.record(z.string(), z.unknown()).optional(),
  required: z.array(z.string()).optional(),
});
export type ObjectJsonSchema = z.infer<typeof ObjectJsonSchema>;

export const Tool = z.object({
  name: ToolName,
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: ObjectJsonSchema,
  outputSchema: ObjectJsonSchema.optional(),
  annotations: ToolAnnotations.optional(),
  _meta: Meta.optional(),
});
export type Tool = z.infer<typeof Tool>;

export const ListToolsParams = z
  .looseObject({ cursor: z.string().optional(), _meta: RequestMeta.optional() })
  .optional();
export type ListToolsParams = z.infer<typeof ListToolsParams>;

export const ListToolsResult = z.object({
  tools: z.array(Tool),
  nextCursor: z.string().optional(),
});
export type ListToolsResult = z.infer<typeof ListToolsResult>;

export const CallToolParams = z.looseObject({
  name: z.string(),
  arguments: z.looseObject({}).optional(),
  _meta: RequestMeta.optional(),
});
export type CallToolParams = z.infer<typeof CallToolParams>;

export const CallToolResult = z.object({
  content: z.array(ContentBlock),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  isError: z.boolean().optional(),
  _meta: Meta.optional(),
});
export type CallToolResult = z.infer<typeof CallToolResult>;

// ---- logging, progress, cancellation ----------------------------------------------------------

/** RFC 5424 severities, least severe first (MCP "Logging"). */
export const LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;
export const LogLevel = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof LogLevel>;

export const SetLevelParams = z.looseObject({ level: LogLevel, _meta: RequestMeta.optional() });
export type SetLevelParams = z.infer<typeof SetLevelParams>;

export const LoggingMessageParams = z.object({
  level: LogLevel,
  logger: z.string().optional(),
  data: z.unknown(),
});
export type LoggingMessageParams = z.infer<typeof LoggingMessageParams>;

export const ProgressParams = z.object({
  progressToken: ProgressToken,
  progress: z.number(),
  total: z.number().optional(),
  message: z.string().optional(),
});
export type ProgressParams = z.infer<typeof ProgressParams>;

export const CancelledParams = z.looseObject({
  requestId: RequestId,
  reason: z.string().optional(),
});
export type CancelledParams = z.infer<typeof CancelledParams>;
