// MCP over stdio (MCP 2025-11-25 and 2026-07-28 "Transports"): one JSON message per line each way.
// It moves bytes; the core decides.
import { ErrorCode, errorFrame, safely } from '../../jsonrpc/errors.js';
import { AbortReason } from '../../core/lifetime.js';
import type { McpServer } from '../../server.js';
import type { Message } from '../../../schemas/jsonrpc.js';
import { createBacklogCheck, describeDrops } from '../backlog.js';
import { ignoreStderrFailures } from '../stderr.js';
import { refuseInsideServedModule } from '../served-module.js';
import { FrameWriter, type Written } from './frame-writer.js';
import { isRequestFrame } from '../../jsonrpc/classify.js';
import { LineSplitter, type Line } from './line-splitter.js';
import { serializeFrame } from '../serialize.js';
import { resolveOptions, type StdioOptions, type StdioServer } from './options.js';
import { guardStdout } from './stdout-guard.js';
import { WaitingLine } from './waiting-line.js';
import { idOf, isBlank, settledWithin } from './lines.js';

export type { StdioOptions, StdioServer } from './options.js';

/** Serves `server` on stdin/stdout (or the given streams) until input ends or the process is told to stop. */
export function serveStdio(server: McpServer, options: StdioOptions = {}): StdioServer {
  refuseInsideServedModule('serveStdio');
  const { toolsets, discovery } = options;
  if (toolsets !== undefined) {
    try {
      server.checkToolsets(toolsets);
    } catch (error) {
      throw new TypeError(`serveStdio: toolsets: ${String((error as { data?: unknown }).data)}`);
    }
  }
  if (discovery !== undefined) server.serveDiscovery(discovery);
  const { input, output, maxLineBytes, maxInFlight, maxWaiting, maxWaitingBytes, graceMs, gapMs } =
    resolveOptions(options);
  const guard = (options.guardStdout ?? output === process.stdout) ? guardStdout() : undefined;
  ignoreStderrFailures(); // a console.log diverted there, or a diagnostic, must not end the server

  const splitter = new LineSplitter(maxLineBytes);
  let lines: Line[] = [];
  let next = 0;
  const waiting = new WaitingLine(maxWaiting, maxWaitingBytes);
  let inFlight = 0;
  let reading = true;
  let idle: (() => void) | undefined;
  let judging: NodeJS.Immediate | undefined;

  const writer = new FrameWriter(output, () => pump(), guard?.write, gapMs);
  const dropsOverBacklog = createBacklogCheck(() => {
    const note = describeDrops('the client');
    if (options.onError === undefined) process.stderr.write(`zod-mcp: stdio: ${note}\n`);
    else safely(options.onError, new Error(note));
  });
  const send = (frame: Message, after?: Written) => {
    if (dropsOverBacklog(frame, writer.backlog)) return;
    const line = serializeFrame(frame, options.onError); // undefined: serializeFrame's own stderr line
    if (line === undefined) return;
    if (after === undefined) writer.writeLine(line);
    else writer.writeAfter(line, after);
  };
  // One process, one client: the first initialize or 2026 request pins the era of the connection.
  const session = server.createSession({ notify: (notification) => send(notification), pinEra: true });
  const isIdle = () => next === lines.length && waiting.empty && inFlight === 0;

  /**
   * Starts what can start and takes every line read, until stdout is full: only then is input left
   * unread. `full` takes lines even though the waiting line is full (a request is then refused).
   */
  function pump(full = false): void {
    for (;;) {
      while (!waiting.empty && inFlight < maxInFlight && !writer.blocked) start(waiting.take());
      if (next === lines.length || writer.blocked) break;
      if (!full && waiting.full) {
        // Judged a turn later, once the calls that were finishing have freed their slots: quick
        // calls pipelined past the line's length are never refused.
        judging ??= setImmediate(() => {
          judging = undefined;
          pump(true);
        });
        break;
      }
      take(lines[next++]!);
    }
    waiting.compact();
    if (next === lines.length) {
      lines = [];
      next = 0;
    }
    if (isIdle()) idle?.();
    if (!reading) return;
    if (next < lines.length || writer.blocked) input.pause();
    else input.resume();
  }

  /**
   * Each request's own notifications are marked, so that its response follows them in a later read.
   * A request started with an aborted `signal` answers as one stopped by shutdown does.
   */
  function start(frame: unknown, signal?: AbortSignal): void {
    inFlight++;
    let last: Written | undefined;
    const notify = (notification: Message) => {
      if (dropsOverBacklog(notification, writer.backlog)) return;
      const line = serializeFrame(notification, options.onError);
      if (line === undefined) return;
      last = { at: undefined };
      writer.writeLine(line, last);
    };
    void server.handle(frame, { session, notify, signal, transport: 'stdio', toolsets, discovery }).then((response) => {
      inFlight--;
      if (response !== null) send(response, last);
      pump();
    });
  }

  /**
   * Requests wait for a slot, or are refused while the waiting line is full; anything else
   * (notifications, responses, bad frames) is handled at once.
   */
  function take(line: Line): void {
    if (line.kind === 'overlong') {
      send(
        errorFrame(
          undefined,
          ErrorCode.InvalidRequest,
          `message longer than ${maxLineBytes} bytes (the line was skipped)`,
        ),
      );
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
      if (!waiting.full) waiting.push(frame, line.text.length);
      else {
        send(
          errorFrame(
            idOf(frame),
            ErrorCode.InvalidRequest,
            `too many requests in flight (limit ${maxInFlight} running, and ${maxWaiting} or ${maxWaitingBytes} ` +
              'bytes of them waiting); retry later',
          ),
        );
      }
      return;
    }
    dropCancelled(frame);
    start(frame);
  }

  /** A cancel for a request that has not started yet: drop it, as MCP owes a cancelled request no answer. */
  function dropCancelled(frame: unknown): void {
    if (typeof frame !== 'object' || frame === null) return;
    const { method, params } = frame as { method?: unknown; params?: { requestId?: unknown } };
    if (method === 'notifications/cancelled' && typeof params === 'object' && params !== null)
      waiting.drop(params.requestId);
  }

  const onData = (chunk: Buffer | string) => {
    splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk, lines);
    pump();
  };
  input.on('data', onData);

  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  let closing: Promise<void> | undefined;

  /**
   * Stop reading; let the calls in flight and those waiting run within the grace period; stop the
   * rest, so that every request read gets its one answer; flush; done.
   */
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
      if (!(await settledWithin(settled, graceMs))) {
        session.abortAll(); // aborted calls answer at once (an isError result, a listen stream's graceful end)
        startStopped();
        await settledWithin(settled, 100);
      }
      await writer.flush(graceMs);
      session.close();
      cleanUp();
      resolveClosed();
    })();
    return closing;
  }

  /** On shutdown, every request read but not started starts now, stopped: it answers as the calls in flight did. */
  function startStopped(): void {
    const stopped = AbortSignal.abort(AbortReason.Shutdown);
    while (next < lines.length) take(lines[next++]!);
    while (!waiting.empty) start(waiting.take(), stopped);
    pump();
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
      'zod-mcp: an MCP server speaking JSON-RPC on stdin/stdout. Start it from an MCP client, ' +
        'or type one JSON-RPC message per line; Ctrl-D ends.\n',
    );
  }

  function cleanUp(): void {
    clearImmediate(judging);
    input.off('end', onEnd);
    input.off('error', onEnd);
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    guard?.restore();
  }

  return { closed, close };
}
