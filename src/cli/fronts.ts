// How `record` and `replay` serve: over stdio by default, over HTTP with --http; until stdin ends,
// a signal, or (a strict replay) the first request the cassette cannot answer.
import type { Wire } from '../client/wire.js';
import type { FrontOptions } from './front.js';
import { UsageError } from './usage-error.js';

/** The port of --http (default 3000; 0 picks a free one), or undefined for stdio. */
export function readPort(name: string, values: { http?: boolean; port?: string }): number | undefined {
  if (values.http !== true) {
    if (values.port !== undefined) throw new UsageError(`${name}: --port goes with --http`);
    return undefined;
  }
  const port = Number(values.port ?? '3000');
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`${name}: --port: a port number (0 picks a free one): ${values.port}`);
  return port;
}

/** Serves `wire` until it is stopped; `doing`: what the start line on stderr says it does. */
export async function serveFront(
  name: string,
  wire: Wire,
  port: number | undefined,
  options: FrontOptions,
  doing: string,
): Promise<void> {
  const stops: (() => void)[] = [];
  const stop = () => {
    for (const each of stops) each();
  };
  const onStop = (given: () => void) => {
    stops.push(given);
    options.onStop?.(given);
  };
  process.once('SIGINT', stop).once('SIGTERM', stop);
  try {
    if (port === undefined) {
      const { serveStdio } = await import('./front-stdio.js');
      await serveStdio(wire, { ...options, onStop });
      return;
    }
    const { serveHttpFront } = await import('./front-http.js');
    const front = await serveHttpFront(wire, port, { ...options, onStop }).catch((error: Error) => {
      throw new UsageError(`${name}: cannot listen on 127.0.0.1:${port}: ${error.message}`);
    });
    process.stderr.write(`serving MCP over HTTP at ${front.url} (${doing})\n`);
    await front.done;
  } finally {
    process.off('SIGINT', stop).off('SIGTERM', stop);
  }
}
