// MCP on Bun's own HTTP server: `bun examples/bun.ts` (PORT picks the port; by default a free
// one). Bun.serve takes the fetch handler as it is.
import { toFetchHandler } from 'zod-mcp';
import { createServer } from './server.ts';

const mcp = toFetchHandler(createServer(), { path: '/mcp', longLived: true }); // one process serves every request: 2025 sessions too
const listener = Bun.serve({ port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1', fetch: mcp });
console.error(`serving MCP over HTTP at http://127.0.0.1:${listener.port}/mcp`);

process.once('SIGTERM', () => {
  // Calls in flight answer that the server is stopping; then the listener closes.
  void mcp.close().then(() => listener.stop());
});
