// The wire to a server in the same process: each frame through its `handle`, on one session (a
// 2025 client's handshake holds for the calls after it), and what it sends meanwhile to the request's
// listener; a request's signal cancels it as notifications/cancelled would. And `connect`: a client
// over it, which zod-mcp/testing and zod-mcp/agent use. Runtime-neutral.
import type { Response } from '../../schemas/jsonrpc.js';
import { Session } from '../core/connection.js';
import type { HandleContext } from '../core/dispatcher.js';
import type { McpServer } from '../server.js';
import { McpClient, type ClientOptions, type EraName } from './client.js';
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

/** What the requests carry as if a transport had said it: the caller, the toolsets it names, the listing mode. */
export type ConnectContext = Pick<HandleContext, 'auth' | 'principal' | 'toolsets' | 'discovery'>;

export interface ConnectOptions extends Omit<ClientOptions, 'era'>, ConnectContext {
  /** The era to speak (default: 2026 when the server serves it, else 2025). */
  readonly era?: EraName;
}

/** An in-process client: `listTools`, `callTool`, `readResource`, `getPrompt`, `request`, in the era asked for. */
export function connect(server: McpServer, options: ConnectOptions = {}): Promise<McpClient> {
  const { auth, principal, toolsets, discovery, era, ...client } = options;
  const context = { auth, principal, toolsets, discovery };
  const defined = Object.fromEntries(Object.entries(context).filter(([, value]) => value !== undefined));
  const wire = inProcessWire((frame, given) => server.handle(frame, given), defined);
  return McpClient.open(wire, { ...client, era: era ?? (server.eras.includes('rev2026') ? '2026' : '2025') });
}
