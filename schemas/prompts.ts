// prompts/list and prompts/get (MCP 2025-11-25 and 2026-07-28 "Prompts").
import { z } from 'zod/v4';
import { ContentBlock, Icon, Meta, RequestMeta } from './common.js';
import { lazy, sent } from './direction.js';

export const PromptArgument = sent(() =>
  z.object({
    name: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    required: z.boolean().optional(),
  }),
);
export type PromptArgument = z.infer<ReturnType<typeof PromptArgument>>;

export const Prompt = sent(() =>
  z.object({
    name: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    arguments: z.array(PromptArgument()).optional(),
    icons: z.array(Icon()).optional(),
    _meta: Meta().optional(),
  }),
);
export type Prompt = z.infer<ReturnType<typeof Prompt>>;

export const ListPromptsResult = sent(() =>
  z.object({ prompts: z.array(Prompt()), nextCursor: z.string().optional() }),
);
export type ListPromptsResult = z.infer<ReturnType<typeof ListPromptsResult>>;

export const GetPromptParams = lazy(() =>
  z.object({
    name: z.string(),
    /** Prompt() arguments are strings on the wire; the prompt's own Zod schema judges them. */
    arguments: z.record(z.string(), z.string()).optional(),
    _meta: RequestMeta().optional(),
  }),
);
export type GetPromptParams = z.infer<ReturnType<typeof GetPromptParams>>;

export const PromptMessage = sent(() => z.object({ role: z.enum(['user', 'assistant']), content: ContentBlock() }));
export type PromptMessage = z.infer<ReturnType<typeof PromptMessage>>;

export const GetPromptResult = sent(() =>
  z.object({
    description: z.string().optional(),
    messages: z.array(PromptMessage()),
    _meta: Meta().optional(),
  }),
);
export type GetPromptResult = z.infer<ReturnType<typeof GetPromptResult>>;
