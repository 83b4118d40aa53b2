// What a client that does not read may cost: responses and requests are always kept (each was
// asked for, or waits for an answer), but log messages and progress notifications stop being
// queued while too much already waits to be written to that client.
import type { Message } from '../../schemas/jsonrpc.js';

/**
 * Output waiting for one client (characters queued or buffered by its stream) past which its log messages and progress
 * are dropped.
 */
export const NOTIFICATION_BACKLOG_BYTES = 1024 * 1024;

/** Whether `message` is a notification worth less than a bounded memory: a log message or progress. */
export function isDroppable(message: Message): boolean {
  if (!('method' in message) || 'id' in message) return false;
  return message.method === 'notifications/message' || message.method === 'notifications/progress';
}

/**
 * Whether to drop `message` when `backlog` waits to be written: `onDrop` runs at the first drop
 * only, so that the server says so once, not once per message.
 */
export function createBacklogCheck(onDrop: () => void): (message: Message, backlog: number) => boolean {
  let said = false;
  return (message, backlog) => {
    if (backlog < NOTIFICATION_BACKLOG_BYTES || !isDroppable(message)) return false;
    if (!said) {
      said = true;
      onDrop();
    }
    return true;
  };
}

/** What a transport says at its first drop; `who` is the client, as the transport knows it. */
export function describeDrops(who: string): string {
  return (
    `${who} reads too slowly: log messages and progress notifications to it are dropped while over ` +
    `${NOTIFICATION_BACKLOG_BYTES / 1024 / 1024} MiB waits to be written to it (said once)`
  );
}
