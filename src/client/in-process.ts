// The wire to a server in the same process: each frame through its `handle`, on one session (a
// 2025 client's handshake holds for the calls after it), and what it sends meanwhile to the request's
// listener; a request's signal cancels it as notifications/cancelled would. Runtime-neutral: zod-mcp/testing's
// `connect` and zod-mcp/agent use it.
import type { Response } from '../../schemas/jsonrpc.js';
import { Session } from '../core/connection.js';
import type { HandleContext } from '../core/dispatcher.js';
import type { Frame, OnMessage, Wire } from './wire.js';

type Handle = (frame: unknown, context: HandleContext) => Promise<Response | null>;

export function inProcessWire(handle: Handle, context: Omit<HandleContext, 'session' | 'notify'> = {}): Wire {
  const session = new Session();
  const listeners = new Set<OnMessage>();
  session.notify = (message) => {
    for (const listener of listeners) listener(message as Frame);
  };
  return {
    async exchange(request, onMessage, _headers, signal) {
      listeners.add(onMessage);
      try {
        const response = await handle(request, {
          ...context,
          session,
          notify: (message) => onMessage(message as Frame),
          ...(signal === undefined ? {} : { signal }),
        });
        if (response === null && signal?.aborted === true) throw signal.reason; // cancelled: the server sends nothing
        return (response ?? { jsonrpc: '2.0', id: request.id, result: {} }) as Frame;
      } finally {
        listeners.delete(onMessage);
      }
    },
    async send(message) {
      await handle(message, { ...context, session });
    },
    async close() {
      listeners.clear();
    },
  };
}
