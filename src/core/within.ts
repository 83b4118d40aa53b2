// An author's handler (a resource's read, a prompt's get, a completer) run within its request's
// lifetime: a cancel, the timeout and shutdown end it, whether or not it looks at its signal.
import { ErrorCode, ProtocolError } from '../jsonrpc/errors.js';
import type { RequestContext } from './context.js';
import { AbortReason } from './lifetime.js';
import { isThenable, type MaybePromise } from './maybe-async.js';

/**
 * The handler's value, synchronously when it answers synchronously. A cancelled call resolves to
 * `null` (no response). A timeout throws an Error naming `what` (an internal error: -32603 on the
 * wire, the text to the server's reporter); shutdown throws a -32603 that is not reported.
 */
export function within<T>(
  ctx: RequestContext,
  timeoutMs: number | undefined,
  what: string,
  run: () => MaybePromise<T>,
): MaybePromise<T | null> {
  ctx.begin(timeoutMs);
  if (ctx.abort.aborted) {
    ctx.finish();
    // stopped before it ran
    if (ctx.abort.reason === AbortReason.Shutdown) throw new ProtocolError(ErrorCode.InternalError);
    return null; // its transport had already gone
  }
  let value: MaybePromise<T>;
  try {
    value = run();
  } catch (error) {
    ctx.finish();
    throw error;
  }
  if (!isThenable(value)) {
    ctx.finish();
    return value;
  }
  return ctx.goAsync(value).then(
    (late) => {
      ctx.finish();
      return late;
    },
    (error: unknown) => {
      ctx.finish();
      if (!ctx.abort.aborted) throw error;
      if (ctx.abort.reason === AbortReason.Cancelled) return null;
      if (ctx.abort.reason === AbortReason.Timeout) throw new Error(`${what} timed out after ${ctx.timeoutMs} ms`);
      throw new ProtocolError(ErrorCode.InternalError);
    },
  );
}
