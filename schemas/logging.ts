// Logging, progress and cancellation (MCP "Logging", "Progress", "Cancellation"; both eras).
import { z } from 'zod/v4';
import { lazy, sent } from './direction.js';
import { ProgressToken, RequestMeta } from './common.js';
import { RequestId } from './jsonrpc.js';

/** RFC 5424 severities, least severe first (MCP "Logging"). */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export const LogLevel = lazy(() => z.enum(LOG_LEVELS));
export type LogLevel = z.infer<ReturnType<typeof LogLevel>>;

/** logging/setLevel, 2025 only: on 2026 each request carries its level in `_meta`. */
export const SetLevelParams = lazy(() => z.looseObject({ level: LogLevel(), _meta: RequestMeta().optional() }));
export type SetLevelParams = z.infer<ReturnType<typeof SetLevelParams>>;

export const LoggingMessageParams = sent(() =>
  z.object({
    level: LogLevel(),
    logger: z.string().optional(),
    data: z.unknown(),
  }),
);
export type LoggingMessageParams = z.infer<ReturnType<typeof LoggingMessageParams>>;

export const ProgressParams = sent(() =>
  z.object({
    progressToken: ProgressToken(),
    progress: z.number(),
    total: z.number().optional(),
    message: z.string().optional(),
  }),
);
export type ProgressParams = z.infer<ReturnType<typeof ProgressParams>>;

export const CancelledParams = lazy(() =>
  z.looseObject({
    requestId: RequestId(),
    reason: z.string().optional(),
  }),
);
export type CancelledParams = z.infer<ReturnType<typeof CancelledParams>>;
