// completion/complete (MCP 2025-11-25 and 2026-07-28 "Completion"): values for a prompt argument or a
// resource template variable.
import { z } from 'zod/v4';
import { RequestMeta } from './common.js';
import { lazy, sent } from './direction.js';

const PromptRef = lazy(() => z.object({ type: z.literal('ref/prompt'), name: z.string() }));
const ResourceRef = lazy(() => z.object({ type: z.literal('ref/resource'), uri: z.string() }));
// Typed as a union for the reason ContentBlock is (common.ts).
const CompleteRef: () => z.ZodUnion<[ReturnType<typeof PromptRef>, ReturnType<typeof ResourceRef>]> = lazy(() =>
  z.discriminatedUnion('type', [PromptRef(), ResourceRef()]),
);

export const CompleteParams = lazy(() =>
  z.object({
    ref: CompleteRef(),
    argument: z.object({ name: z.string(), value: z.string() }),
    context: z.object({ arguments: z.record(z.string(), z.string()).optional() }).optional(),
    _meta: RequestMeta().optional(),
  }),
);
export type CompleteParams = z.infer<ReturnType<typeof CompleteParams>>;

export const CompleteResult = sent(() =>
  z.object({
    completion: z.object({
      values: z.array(z.string()).max(100),
      total: z.int().min(0).optional(),
      hasMore: z.boolean().optional(),
    }),
  }),
);
export type CompleteResult = z.infer<ReturnType<typeof CompleteResult>>;
