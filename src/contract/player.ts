// `zod-mcp replay`: a wire that answers from a cassette. A request is matched to a recorded one by
// its method and params (`_meta` aside; `initialize` by its method alone); what the server sent
// about it is sent again in order (a 2025 request of its own waits for the client's answer), then
// its response, with the live request's id and progress token. Repeated requests get the recorded
// answers in order, the last one again once they run out.
import type { CassetteLine } from '../../schemas/cassette.js';
import type { Frame, OnMessage, Wire } from '../client/wire.js';
import { editDistance } from '../core/closest.js';
import { ErrorCode, errorFrame } from '../jsonrpc/errors.js';
import { sortedDeep } from './canonical.js';

interface Recorded {
  readonly request: Frame;
  readonly key: string;
  readonly sent: readonly Frame[];
}

export interface Player {
  readonly wire: Wire;
  /** The requests no recording matched, in the order they came. */
  readonly misses: Frame[];
}

export function replayWire(lines: readonly CassetteLine[]): Player {
  const recorded = exchangesOf(lines);
  const queues = new Map<string, Recorded[]>();
  for (const exchange of recorded) queues.set(exchange.key, [...(queues.get(exchange.key) ?? []), exchange]);
  const waiting = new Map<unknown, () => void>();
  const misses: Frame[] = [];
  const wire: Wire = {
    async exchange(request, onMessage) {
      const queue = queues.get(keyOf(request));
      if (queue === undefined) {
        misses.push(request);
        return miss(request, recorded) as unknown as Frame;
      }
      const exchange = queue.length > 1 ? queue.shift()! : queue[0]!;
      return play(exchange, request, onMessage, waiting);
    },
    async send(message) {
      if (message.method === undefined) waiting.get(message.id)?.();
    },
    async close() {},
  };
  return { wire, misses };
}

async function play(
  exchange: Recorded,
  request: Frame,
  onMessage: OnMessage,
  waiting: Map<unknown, () => void>,
): Promise<Frame> {
  const token = ((request.params as Frame | undefined)?._meta as Frame | undefined)?.progressToken;
  for (const frame of exchange.sent) {
    if (frame.method === undefined && frame.id === exchange.request.id) return { ...frame, id: request.id };
    if (frame.method === 'notifications/progress') {
      if (token !== undefined) onMessage({ ...frame, params: { ...(frame.params as Frame), progressToken: token } });
    } else if (frame.id !== undefined) {
      // a 2025 request of the server's: the replay goes on once the client has answered it
      await new Promise<void>((resolve) => {
        waiting.set(frame.id, () => {
          waiting.delete(frame.id);
          resolve();
        });
        onMessage(frame);
      });
    } else onMessage(frame);
  }
  return errorFrame(request.id as string, ErrorCode.InternalError, 'the cassette ends before this response') as never;
}

/** Each recorded client request with what the server sent for it, in order. */
function exchangesOf(lines: readonly CassetteLine[]): Recorded[] {
  const sent = new Map<unknown, Frame[]>();
  for (const line of lines) {
    if (line.from === 'server' && line.for !== undefined)
      sent.set(line.for, [...(sent.get(line.for) ?? []), line.frame]);
  }
  return lines
    .filter((line) => line.from === 'client' && typeof line.frame.method === 'string' && line.frame.id !== undefined)
    .map((line) => ({ request: line.frame, key: keyOf(line.frame), sent: sent.get(line.frame.id) ?? [] }));
}

/** What a request is matched by: its method, and its params but `_meta` (every key sorted). */
export function keyOf(request: Frame): string {
  if (request.method === 'initialize') return 'initialize';
  const { _meta, ...params } = (request.params ?? {}) as Frame;
  return `${String(request.method)} ${JSON.stringify(sortedDeep(params))}`;
}

/** The error a request nothing matches gets: the method unknown, or the recorded request closest to it. */
function miss(request: Frame, recorded: readonly Recorded[]) {
  const id = request.id as string | number;
  const same = recorded.filter((exchange) => exchange.request.method === request.method);
  if (same.length === 0) {
    const methods = [...new Set(recorded.map((exchange) => String(exchange.request.method)))];
    return errorFrame(
      id,
      ErrorCode.MethodNotFound,
      `not in the cassette: ${String(request.method)}; it holds ${methods.join(', ')}`,
    );
  }
  const key = keyOf(request);
  const closest = same
    .map((exchange) => [editDistance(key.slice(0, 400), exchange.key.slice(0, 400)), exchange.key] as const)
    .sort(([a], [b]) => a - b)[0]![1];
  return errorFrame(id, ErrorCode.InvalidParams, `not in the cassette: ${key}; the closest recorded: ${closest}`);
}
