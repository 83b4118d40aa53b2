// Serving a wire (a recorder in front of a server, a replayed cassette) to a client on this
// process's stdio: a JSON-RPC message per line each way. Requests run side by side, so a 2025
// server's question can be answered while the request that asked it waits.
import { createInterface } from 'node:readline';
import type { Frame, Wire } from '../client/wire.js';
import { ErrorCode, errorFrame } from '../jsonrpc/errors.js';
import { forwardedHeaders, type FrontOptions } from './front.js';

/** Resolves when stdin ends (or `stop` is called) and every request in flight has its answer. */
export async function serveStdio(wire: Wire, options: FrontOptions = {}): Promise<void> {
  const write = (frame: unknown) => process.stdout.write(`${JSON.stringify(frame)}\n`);
  const inFlight = new Set<Promise<void>>();
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let stopped = false;
  let queue = Promise.resolve();
  options.onStop?.(() => {
    stopped = true;
    lines.close();
  });
  const closed = new Promise<void>((resolve) => lines.once('close', resolve));
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    let frame: unknown;
    try {
      frame = JSON.parse(line);
    } catch {
      write(errorFrame(undefined, ErrorCode.ParseError, 'a line that is not JSON'));
      return;
    }
    if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) {
      write(errorFrame(undefined, ErrorCode.InvalidRequest, 'one JSON-RPC message per line, an object'));
      return;
    }
    const message = frame as Frame;
    const isRequest = typeof message.method === 'string' && message.id !== undefined;
    const work = !isRequest
      ? wire.send(message).catch(() => undefined)
      : options.ordered
        ? (queue = queue.then(() => (stopped ? undefined : answer(wire, message, write, options))))
        : answer(wire, message, write, options);
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  });
  await closed;
  await Promise.all(inFlight);
}

async function answer(wire: Wire, request: Frame, write: (frame: unknown) => void, options: FrontOptions) {
  try {
    const response = await wire.exchange(request, write, forwardedHeaders(request, options));
    options.headers?.note(request, response);
    write(response);
    if (response.error !== undefined) options.onError?.(request, response);
  } catch (error) {
    write(errorFrame(request.id as string, ErrorCode.InternalError, (error as Error).message));
  }
}
