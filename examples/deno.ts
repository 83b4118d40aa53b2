// MCP on Deno's own HTTP server: `deno run --allow-net --allow-env --allow-read examples/deno.ts`
// (PORT picks the port; by default a free one). Deno.serve takes the fetch handler as it is.
import { toFetchHandler } from 'zod-mcp';
import { createServer } from './server.ts';

const mcp = toFetchHandler(createServer(), { path: '/mcp', longLived: true }); // one process serves every request: 2025 sessions too
const listener = Deno.serve(
  {
    port: Number(Deno.env.get('PORT') ?? 0),
    hostname: '127.0.0.1',
    onListen: ({ port }) => console.error(`serving MCP over HTTP at http://127.0.0.1:${port}/mcp`),
  },
  mcp,
);

Deno.addSignalListener('SIGTERM', () => {
  // Calls in flight answer that the server is stopping; then the listener closes.
  void mcp.close().then(() => listener.shutdown());
});
