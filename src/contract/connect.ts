// A client of a server in the same process, in either era: what a test calls the server through
// when it wants to see what a client sees (the era's envelope, its questions, its tasks).
import type { Snapshot } from '../../schemas/snapshot.js';
import { McpClient, type ClientOptions, type EraName } from '../client/client.js';
import { inProcessWire } from '../client/in-process.js';
import type { HandleContext } from '../core/dispatcher.js';
import type { McpServer } from '../server.js';
import { takeSnapshot, type SnapshotOptions } from './snapshot.js';

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

/** The server's surface as `zod-mcp snapshot` writes it, for `expect(...).toMatchSnapshot()` or a committed file. */
export function snapshotOf(server: McpServer, options: SnapshotOptions & ConnectContext = {}): Promise<Snapshot> {
  const { structural, ...context } = options;
  return takeSnapshot((era) => connect(server, { ...context, era }), { structural });
}
