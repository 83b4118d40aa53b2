// The second argument of every tool handler. Its signal and its progress/log functions are made on
// first use, so a handler that ignores them costs no AbortController and no closures.
import type { RequestId } from '../../schemas/jsonrpc.js';
import { LOG_LEVELS, type LogLevel, type ProgressToken } from '../../schemas/mcp.js';
import type { Call } from './method.js';
import type { CallAbort, Notify } from './connection.js';
import type { ToolContext } from '../features/tools/define.js';

const severity = new Map<string, number>(LOG_LEVELS.map((level, rank) => [level, rank]));

export class CallContext implements ToolContext {
  readonly requestId: RequestId;
  readonly #call: Call;
  readonly #abort: CallAbort;
  readonly #notify: Notify | undefined;
  readonly #progressToken: ProgressToken | undefined;
  #open = true;
  #last = -Infinity;
  #progress: ToolContext['progress'] | undefined;
  #log: ToolContext['log'] | undefined;

  constructor(call: Call, abort: CallAbort, progressToken: ProgressToken | undefined) {
    this.requestId = call.id;
    this.#call = call;
    this.#abort = abort;
    this.#notify = call.notify ?? call.session.notify;
    this.#progressToken = progressToken;
  }

  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  get progress(): ToolContext['progress'] {
    return (this.#progress ??= (progress, total, message) => this.#sendProgress(progress, total, message));
  }

  get log(): ToolContext['log'] {
    return (this.#log ??= (level, data, logger) => this.#sendLog(level, data, logger));
  }

  /** Once the call has answered, progress and log do nothing. */
  static close(context: CallContext): void {
    context.#open = false;
  }

  #sendProgress(progress: number, total?: number, message?: string): void {
    const notify = this.#notify;
    const progressToken = this.#progressToken;
    if (!this.#open || progressToken === undefined || notify === undefined) return;
    if (!Number.isFinite(progress) || (total !== undefined && !Number.isFinite(total))) {
      throw new RangeError(`progress and total must be finite numbers, got ${progress} and ${total}`);
    }
    if (!(progress > this.#last)) throw new RangeError(`progress must increase: ${progress} after ${this.#last}`);
    this.#last = progress;
    const params = {
      progressToken,
      progress,
      ...(total === undefined ? {} : { total }),
      ...(message === undefined ? {} : { message }),
    };
    notify({ jsonrpc: '2.0', method: 'notifications/progress', params });
  }

  #sendLog(level: LogLevel, data: unknown, logger?: string): void {
    const rank = severity.get(level);
    if (rank === undefined) throw new RangeError(`unknown log level: ${String(level)}`);
    const notify = this.#notify;
    if (!this.#open || notify === undefined || rank < (severity.get(this.#call.session.logLevel) ?? 0)) return;
    const params = { level, ...(logger === undefined ? {} : { logger }), data };
    notify({ jsonrpc: '2.0', method: 'notifications/message', params });
  }
}
