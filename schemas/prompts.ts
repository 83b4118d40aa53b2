// prompts/list and prompts/get (MCP 2025-11-25 and 2026-07-28 "Prompts").
import { z } from 'zod/v4';
import { ContentBlock, Icon, Meta, RequestMeta } from './common.js';
import { sentByServer } from './direction.js';

export const PromptArgument = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  required: z.boolean().optional(),
});
export type PromptArgument = z.infer<typeof PromptArgument>;

export const Prompt = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z.array(PromptArgument).optional(),
  icons: z.array(Icon).optional(),
  _meta: Meta.optional(),
});
export type Prompt = z.infer<typeof Prompt>;

export const ListPromptsResult = z.object({ prompts: z.array(Prompt), nextCursor: z.string().optional() });
export type ListPromptsResult = z.infer<typeof ListPromptsResult>;

export const GetPromptParams = z.object({
  name: z.string(),
  /** Prompt arguments are strings on the wire; the prompt's own Zod schema judges them. */
  arguments: z.record(z.string(), z.string()).optional(),
  _meta: RequestMeta.optional(),
});
export type GetPromptParams = z.infer<typeof GetPromptParams>;

export const PromptMessage = z.object({ role: z.enum(['user', 'assistant']), content: ContentBlock });
export type PromptMessage = z.infer<typeof PromptMessage>;

export const GetPromptResult = z.object({
  description: z.string().optional(),
  messages: z.array(PromptMessage),
  _meta: Meta.optional(),
});
export type GetPromptResult = z.infer<typeof GetPromptResult>;

sentByServer(PromptArgument, Prompt, ListPromptsResult, PromptMessage, GetPromptResult);
