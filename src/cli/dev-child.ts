// A server that `zod-mcp dev --http` started (cli/dev-http.ts): it says on its IPC channel where it
// listens and what it serves, instead of printing a URL no client should use, and when told that its successor
// listens, it tells its open streams that every list changed, then stops as on SIGTERM.
import type { McpServer } from '../server.js';
import type { Exposed } from './exposure.js';
import type { RunHttpOptions } from './serve-http.js';

/** Set in the environment of a server dev starts. */
export const DEV_CHILD_ENV = 'ZOD_MCP_DEV_CHILD';
/** What such a server says, and what dev tells it. */
export type DevMessage = { type: 'listening'; port: number; exposed: Exposed } | { type: 'handover' };

const LISTS = ['tools', 'resources', 'prompts'] as const;

/** runHttp's options for a server dev started; undefined for any other. */
export function devChildOptions(
  server: McpServer,
  exposed: Exposed,
): Pick<RunHttpOptions, 'onListening' | 'stopSignal'> | undefined {
  const channel = process.send?.bind(process);
  if (process.env[DEV_CHILD_ENV] !== '1' || channel === undefined) return undefined;
  const stopSignal = new Promise<void>((resolve) => {
    process.on('message', (message: DevMessage) => {
      if (message.type !== 'handover') return;
      for (const list of LISTS) server.notifyListChanged(list);
      resolve();
    });
    process.once('disconnect', () => resolve()); // dev itself is gone
    process.once('SIGTERM', () => resolve());
    process.once('SIGINT', () => resolve());
  });
  return {
    onListening: async (handle) => void channel({ type: 'listening', port: handle.port, exposed } satisfies DevMessage),
    stopSignal,
  };
}
