// What serveStdio can be told, and the defaults and checks it applies.
import type { Readable, Writable } from 'node:stream';
import { MAX_TIMER_MS } from '../../core/limits.js';
import { NOTIFICATION_GAP_MS } from './frame-writer.js';
import { optionKeys, refuseUnknownOptions } from '../../core/options.js';

export interface StdioOptions {
  input?: Readable;
  output?: Writable;
  /** A longer line is refused with -32600 and skipped without being buffered. Default 4 MiB. */
  maxLineBytes?: number;
  /** Requests being handled at once. Default 256. */
  maxInFlight?: number;
  /**
   * Requests read while every slot is taken, waiting for one, in order: at most this many (default
   * 16,384) and this many characters of their lines (`maxWaitingBytes`, default 64 MiB). A request
   * beyond either is refused at once (-32600, "retry later"); input is still read, so a cancel
   * always arrives.
   */
  maxWaiting?: number;
  maxWaitingBytes?: number;
  /** On shutdown, how long calls in flight may still finish before they are aborted. Default 500 ms. */
  graceMs?: number;
  /** Shut down gracefully on SIGTERM/SIGINT and exit 0. Default: true when reading process.stdin. */
  handleSignals?: boolean;
  /** Divert console.log & co. and stray stdout writes to stderr. Default: true when writing process.stdout. */
  guardStdout?: boolean;
  /**
   * Where transport-level errors (e.g. a result JSON cannot hold) are reported, and the note that
   * log messages and progress are dropped for a client that does not read. Default: stderr.
   */
  onError?: (error: unknown) => void;
  /**
   * How long a response waits after the last notification of its own request was written, so that
   * the client reads them apart (the official SDK clients drop a notification that arrives in the
   * same read as its response). 0: only a separate write. Default 10 ms; other responses never wait.
   */
  notificationGapMs?: number;
  /** The toolsets served (one client: one selection for the connection); the server's defaults when not given. */
  toolsets?: readonly string[];
  /** How tools/list shows the tools (`list` or `search`, see McpServer's `discovery`); the server's when not given. */
  discovery?: 'list' | 'search';
}

export interface StdioServer {
  /** Resolves when the server has shut down (input ended, a signal, or `close()`). */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** The options with their defaults; a value out of range throws a TypeError naming it. */
const STDIO_OPTIONS = optionKeys<StdioOptions>({
  input: true,
  output: true,
  maxLineBytes: true,
  maxInFlight: true,
  maxWaiting: true,
  maxWaitingBytes: true,
  graceMs: true,
  handleSignals: true,
  guardStdout: true,
  onError: true,
  notificationGapMs: true,
  toolsets: true,
  discovery: true,
});

export function resolveOptions(options: StdioOptions) {
  refuseUnknownOptions('serveStdio', options, STDIO_OPTIONS);
  const resolved = {
    input: options.input ?? process.stdin,
    output: options.output ?? process.stdout,
    maxLineBytes: options.maxLineBytes ?? 4 * 1024 * 1024,
    maxInFlight: options.maxInFlight ?? 256,
    maxWaiting: options.maxWaiting ?? 16_384,
    maxWaitingBytes: options.maxWaitingBytes ?? 64 * 1024 * 1024,
    graceMs: options.graceMs ?? 500,
    gapMs: options.notificationGapMs ?? NOTIFICATION_GAP_MS,
  };
  const { maxLineBytes, maxInFlight, maxWaiting, maxWaitingBytes, graceMs, gapMs } = resolved;
  for (const [name, value] of [
    ['maxLineBytes', maxLineBytes],
    ['maxInFlight', maxInFlight],
    ['maxWaiting', maxWaiting],
    ['maxWaitingBytes', maxWaitingBytes],
  ] as const) {
    if (!(Number.isInteger(value) && value >= 1)) throw new TypeError(`serveStdio: ${name} must be a positive integer`);
  }
  if (!(graceMs >= 0 && graceMs <= MAX_TIMER_MS))
    throw new TypeError(`serveStdio: graceMs must be 0 to ${MAX_TIMER_MS}`);
  if (!(gapMs >= 0 && gapMs <= 1000)) throw new TypeError('serveStdio: notificationGapMs must be 0 to 1000');
  return resolved;
}
