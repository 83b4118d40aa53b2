// What serveStdio reads of a line itself, before the core does (a blank line, a request's id to
// answer an overflow with), and how long it waits for what is in flight to settle at its close.
import { RequestId } from '../../../schemas/jsonrpc.js';

/** The id to answer a request with, when it is one a response may carry. */
export function idOf(frame: { id: unknown }): RequestId | undefined {
  const parsed = RequestId().safeParse(frame.id);
  return parsed.success ? parsed.data : undefined;
}

/** An empty or all-whitespace line is skipped. A frame starts with "{", which spares it the trim. */
export function isBlank(text: string): boolean {
  return text.length === 0 || (text.charCodeAt(0) !== 0x7b && text.trim() === '');
}

/** Whether `promise` settled within `ms`. */
export function settledWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, ms, false)));
  return Promise.race([promise.then(() => true), timeout]).finally(() => clearTimeout(timer));
}
