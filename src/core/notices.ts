// The notifications a handler sends while it runs: progress (MCP "Progress"), and log messages
// filtered by the level the client chose (MCP "Logging").
import type { ProgressToken } from '../../schemas/common.js';
import type { Notification } from '../../schemas/jsonrpc.js';
import { LOG_LEVELS, type LogLevel } from '../../schemas/logging.js';

const severity = new Map<string, number>(LOG_LEVELS.map((level, rank) => [level, rank]));

/** notifications/progress, with `total` and `message` only when given. */
export function progressNotification(
  progressToken: ProgressToken,
  progress: number,
  total?: number,
  message?: string,
): Notification {
  const params = {
    progressToken,
    progress,
    ...(total === undefined ? {} : { total }),
    ...(message === undefined ? {} : { message }),
  };
  return { jsonrpc: '2.0', method: 'notifications/progress', params };
}

/**
 * notifications/message at `level`, or undefined when the client's `threshold` is above it or it set
 * none (2026: nothing is sent without a level). An unknown level is the handler's mistake: it throws.
 */
export function logNotification(
  level: LogLevel,
  data: unknown,
  logger: string | undefined,
  threshold: LogLevel | undefined,
): Notification | undefined {
  const rank = severity.get(level);
  if (rank === undefined) throw new RangeError(`unknown log level: ${String(level)}`);
  if (threshold === undefined || rank < (severity.get(threshold) ?? 0)) return undefined;
  return {
    jsonrpc: '2.0',
    method: 'notifications/message',
    params: { level, ...(logger === undefined ? {} : { logger }), data },
  };
}
