// completion/complete (MCP 2025-11-25 and 2026-07-28 "Completion"): values for a prompt argument or a
// resource template variable.
import { z } from 'zod/v4';
import { RequestMeta } from './common.js';
import { sentByServer } from './direction.js';

export const CompleteParams = z.object({
  ref: z.discriminatedUnion('type', [
    z.object({ type: z.literal('ref/prompt'), name: z.string() }),
    z.object({ type: z.literal('ref/resource'), uri: z.string() }),
  ]),
  argument: z.object({ name: z.string(), value: z.string() }),
  context: z.object({ arguments: z.record(z.string(), z.string()).optional() }).optional(),
  _meta: RequestMeta.optional(),
});
export type CompleteParams = z.infer<typeof CompleteParams>;

export const CompleteResult = z.object({
  completion: z.object({ values: z.array(z.string()).max(100), total: z.int().min(0).optional(), hasMore: z.boolean().optional() }),
});
export type CompleteResult = z.infer<typeof CompleteResult>;

sentByServer(CompleteResult);
