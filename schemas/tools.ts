// tools/list and tools/call (MCP 2025-11-25 and 2026-07-28 "Tools").
import { z } from 'zod/v4';
import { lazy, sent } from './direction.js';
import { ContentBlock, Icon, Meta, RequestMeta } from './common.js';

/** The name rule of MCP 2025-11-25 ("Tool names"): 1-128 of A-Z a-z 0-9 _ - . */
export const ToolName = lazy(() =>
  z.string().regex(/^[A-Za-z0-9_.-]{1,128}$/, {
    error: 'tool names are 1 to 128 characters of A-Z, a-z, 0-9, "_", "-" and "."',
  }),
);

export const ToolAnnotations = sent(() =>
  z.object({
    title: z.string().optional(),
    readOnlyHint: z.boolean().optional(),
    destructiveHint: z.boolean().optional(),
    idempotentHint: z.boolean().optional(),
    openWorldHint: z.boolean().optional(),
  }),
);
export type ToolAnnotations = z.infer<ReturnType<typeof ToolAnnotations>>;

/** A JSON Schema whose root describes an object, as MCP requires of tool schemas. */
export const ObjectJsonSchema = sent(() =>
  z.looseObject({
    type: z.literal('object'),
    properties: z.record(z.string(), z.unknown()).optional(),
    required: z.array(z.string()).optional(),
  }),
);
export type ObjectJsonSchema = z.infer<ReturnType<typeof ObjectJsonSchema>>;

export const Tool = sent(() =>
  z.object({
    name: ToolName(),
    title: z.string().optional(),
    description: z.string().optional(),
    inputSchema: ObjectJsonSchema(),
    outputSchema: ObjectJsonSchema().optional(),
    icons: z.array(Icon()).optional(),
    annotations: ToolAnnotations().optional(),
    _meta: Meta().optional(),
  }),
);
export type Tool = z.infer<ReturnType<typeof Tool>>;

export const ListToolsResult = sent(() =>
  z.object({
    tools: z.array(Tool()),
    nextCursor: z.string().optional(),
  }),
);
export type ListToolsResult = z.infer<ReturnType<typeof ListToolsResult>>;

export const CallToolParams = lazy(() =>
  z.object({
    name: z.string(),
    arguments: z.looseObject({}).optional(),
    _meta: RequestMeta().optional(),
  }),
);
export type CallToolParams = z.infer<ReturnType<typeof CallToolParams>>;

export const CallToolResult = sent(() =>
  z.object({
    content: z.array(ContentBlock()),
    structuredContent: z.record(z.string(), z.unknown()).optional(),
    isError: z.boolean().optional(),
    _meta: Meta().optional(),
  }),
);
export type CallToolResult = z.infer<ReturnType<typeof CallToolResult>>;
