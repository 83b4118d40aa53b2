// MCP over stdio (MCP 2025-11-25 and 2026-07-28 "Transports"): one JSON message per line each way.
// It moves bytes; the core decides.
import type { Readable, Writable } from 'node:stream';
import { ErrorCode, errorFrame } from '../../jsonrpc/errors.js';
import { MAX_TIMER_MS } from '../../core/limits.js';
import type { McpServer } from '../../server.js';
import type { Message } from '../../../schemas/jsonrpc.js';
import { FrameWriter, NOTIFICATION_GAP_MS, type Written } from './frame-writer.js';
import { isRequestFrame } from '../../jsonrpc/classify.js';
import { LineSplitter, type Line } from './line-splitter.js';
import { serializeFrame } from '../serialize.js';
import { ignoreStderrFailures } from '../stderr.js';
import { guardStdout } from './stdout-guard.js';

export interface StdioOptions {
  input?: Readable;
  output?: Writable;
  /** A longer line is refused with -32600 and skipped without being buffered. Default 4 MiB. */
  maxLineBytes?: number;
  /** Requests being handled at once; at the cap, input is not read until one finishes. Default 256. */
  maxInFlight?: number;
  /** On shutdown, how long calls in flight may still finish before they are aborted. Default 500 ms. */
  graceMs?: number;
  /** Shut down gracefully on SIGTERM/SIGINT and exit 0. Default: true when reading process.stdin. */
  handleSignals?: boolean;
  /** Divert console.log & co. and stray stdout writes to stderr. Default: true when writing process.stdout. */
  guardStdout?: boolean;
  /** Where transport-level errors (e.g. a result JSON cannot hold) are reported. Default: stderr. */
  onError?: (error: unknown) => void;
  /**
   * How long a response waits after the last notification of its own request was written, so that
   * the client reads them apart (the official SDK clients drop a notification that arrives in the
   * same read as its response). 0: only a separate write. Default 10 ms; other responses never wait.
   */
  notificationGapMs?: number;
}

export interface StdioServer {
  /** Resolves when the server has shut down (input ended, a signal, or `close()`). */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** Serves `server` on stdin/stdout (or the given streams) until input ends or the process is told to stop. */
export function serveStdio(server: McpServer, options: StdioOptions = {}): StdioServer {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const maxLineBytes = options.maxLineBytes ?? 4 * 1024 * 1024;
  const maxInFlight = options.maxInFlight ?? 256;
  const graceMs = options.graceMs ?? 500;
  const gapMs = options.notificationGapMs ?? NOTIFICATION_GAP_MS;
  for (const [name, value] of [['maxLineBytes', maxLineBytes], ['maxInFlight', maxInFlight]] as const) {
    if (!(Number.isInteger(value) && value >= 1)) throw new TypeError(`serveStdio: ${name} must be a positive integer`);
  }
  if (!(graceMs >= 0 && graceMs <= MAX_TIMER_MS)) throw new TypeError(`serveStdio: graceMs must be 0 to ${MAX_TIMER_MS}`);
  if (!(gapMs >= 0 && gapMs <= 1000)) throw new TypeError('serveStdio: notificationGapMs must be 0 to 1000');
  const guard = (options.guardStdout ?? output === process.stdout) ? guardStdout() : undefined;
  ignoreStderrFailures(); // a console.log diverted there, or a diagnostic, must not end the server

  const splitter = new LineSplitter(maxLineBytes);
  let lines: Line[] = [];
  let next = 0;
  // Requests read but not started (about maxInFlight at most), so that notifications behind them,
  // a cancel above all, are still read while every slot is taken.
  let waiting: { id: unknown }[] = [];
  let head = 0;
  let inFlight = 0;
  let reading = true;
  let idle: (() => void) | undefined;

  const writer = new FrameWriter(output, () => pump(), guard?.write, gapMs);
  const send = (frame: Message, after?: Written) => {
    const line = serializeFrame(frame, options.onError); // undefined: serializeFrame's own stderr line
    if (line === undefined) return;
    if (after === undefined) writer.writeLine(line);
    else writer.writeAfter(line, after);
  };
  // One process, one client: the first initialize or 2026 request pins the era of the connection.
  const session = server.createSession({ notify: (notification) => send(notification), pinEra: true });
  const isIdle = () => next === lines.length && head === waiting.length && inFlight === 0;

  function pump(): void {
    for (;;) {
      while (head < waiting.length && inFlight < maxInFlight && !writer.blocked) start(waiting[head++]!);
      // Up to maxInFlight requests wait for a slot; lines after them are read only while there is room.
      if (next === lines.length || writer.blocked || waiting.length - head > maxInFlight) break;
      take(lines[next++]!);
    }
    if (head === waiting.length) {
      waiting = [];
      head = 0;
    }
    if (next === lines.length) {
      lines = [];
      next = 0;
    }
    if (isIdle()) idle?.();
    if (!reading) return;
    if (next < lines.length || writer.blocked) input.pause();
    else input.resume();
  }

  /** Each request's own notifications are marked, so that its response follows them in a later read. */
  function start(frame: unknown): void {
    inFlight++;
    let last: Written | undefined;
    const notify = (notification: Message) => {
      const line = serializeFrame(notification, options.onError);
      if (line === undefined) return;
      last = { at: undefined };
      writer.writeLine(line, last);
    };
    void server.handle(frame, { session, notify }).then((response) => {
      inFlight--;
      if (response !== null) send(response, last);
      pump();
    });
  }

  /** Requests wait for a slot; anything else (notifications, responses, bad frames) is handled at once. */
  function take(line: Line): void {
    if (line.kind === 'overlong') {
      send(errorFrame(undefined, ErrorCode.InvalidRequest, `message longer than ${maxLineBytes} bytes (the line was skipped)`));
      return;
    }
    if (isBlank(line.text)) return;
    let frame: unknown;
    try {
      frame = JSON.parse(line.text);
    } catch (error) {
      send(errorFrame(undefined, ErrorCode.ParseError, (error as Error).message));
      return;
    }
    if (isRequestFrame(frame)) {
      waiting.push(frame);
      return;
    }
    dropCancelled(frame);
    start(frame);
  }

  /** A cancel for a request that has not started yet: drop it, as MCP owes a cancelled request no answer. */
  function dropCancelled(frame: unknown): void {
    if (typeof frame !== 'object' || frame === null) return;
    const { method, params } = frame as { method?: unknown; params?: { requestId?: unknown } };
    if (method !== 'notifications/cancelled' || typeof params !== 'object' || params === null) return;
    const index = waiting.findIndex((request, i) => i >= head && request.id === params.requestId);
    if (index !== -1) waiting.splice(index, 1);
  }

  const onData = (chunk: Buffer | string) => {
    splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk, lines);
    pump();
  };
  input.on('data', onData);

  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  let closing: Promise<void> | undefined;

  /** Stop reading; let calls in flight finish within the grace period; abort the rest; flush; done. */
  function close(): Promise<void> {
    closing ??= (async () => {
      reading = false;
      input.off('data', onData);
      input.pause();
      session.endStreams(); // listen streams are no work to wait for: they end gracefully now
      // Tasks outlive requests, not the process: each ends as its tool does on shutdown, and its
      // last write (to a shared store, say) is part of what the grace period waits for.
      const tasksEnded = server.stopTasks();
      const settled = Promise.all([
        tasksEnded,
        new Promise<void>((resolve) => {
          idle = resolve;
          if (isIdle()) resolve();
        }),
      ]).then(() => undefined);
      if (!(await within(settled, graceMs))) {
        lines = lines.slice(0, next); // what was never started is dropped
        waiting = waiting.slice(0, head);
        session.abortAll(); // aborted calls answer at once (an isError result, a listen stream's graceful end)
        await within(settled, 100);
      }
      await writer.flush(graceMs);
      session.close();
      cleanUp();
      resolveClosed();
    })();
    return closing;
  }

  const onEnd = () => {
    splitter.end(lines);
    pump();
    void close();
  };
  const onSignal = () => void close().then(() => process.exit(0));
  const handleSignals = options.handleSignals ?? input === process.stdin;
  input.once('end', onEnd);
  input.once('error', onEnd);
  output.once('error', () => void close());
  if (handleSignals) {
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
  }
  if ((input as { isTTY?: boolean }).isTTY) {
    process.stderr.write(
      'zod-mcp: an MCP server speaking JSON-RPC on stdin/stdout. Start it from an MCP client ' +
        '(e.g. `claude mcp add zod-mcp -- npx zod-mcp serve`), or type one JSON-RPC message per line; Ctrl-D ends.\n',
    );
  }

  function cleanUp(): void {
    input.off('end', onEnd);
    input.off('error', onEnd);
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    guard?.restore();
  }

  return { closed, close };
}

/** An empty or all-whitespace line is skipped. A frame starts with "{", which spares it the trim. */
function isBlank(text: string): boolean {
  return text.length === 0 || (text.charCodeAt(0) !== 0x7b && text.trim() === '');
}

/** Whether `promise` settled within `ms`. */
function within(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, ms, false)));
  return Promise.race([promise.then(() => true), timeout]).finally(() => clearTimeout(timer));
}
