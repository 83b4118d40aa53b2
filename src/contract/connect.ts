// A client of a server in the same process, in either era: what a test calls the server through
// when it wants to see what a client sees (the era's envelope, its questions, its tasks).
import type { Snapshot } from '../../schemas/snapshot.js';
import { connect, type ConnectContext } from '../client/in-process.js';
import type { McpServer } from '../server.js';
import { takeSnapshot, type SnapshotOptions } from './snapshot.js';

export { connect, type ConnectContext, type ConnectOptions } from '../client/in-process.js';

/** The server's surface as `zod-mcp snapshot` writes it, for `expect(...).toMatchSnapshot()` or a committed file. */
export function snapshotOf(server: McpServer, options: SnapshotOptions & ConnectContext = {}): Promise<Snapshot> {
  const { structural, ...context } = options;
  return takeSnapshot((era) => connect(server, { ...context, era }), { structural });
}
