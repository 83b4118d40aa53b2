// zod-mcp over HTTP (serveHttp from dist/) for the memory measures of bench/http-memory.ts: the bench's
// echo tool, room for the sessions and streams it opens, and on SIGUSR2 a full GC and one `memory {…}` line on stderr
// (heap and resident set), so the bench can read what the open sessions or streams hold. Run with --expose-gc.
import { z } from 'zod';
import { McpServer, defineTool } from 'zod-mcp';
import { serveHttp } from 'zod-mcp/node';

const echo = defineTool({
  name: 'echo',
  description: 'Echoes its arguments.',
  input: z.object({ x: z.number().optional() }),
  handler: (args) => `echo(${JSON.stringify(args)})`,
});
// The bench's streams all come without a token, so they are one principal: room for all of them.
const server = new McpServer({
  name: 'bench-zod-mcp',
  version: '1.0.0',
  tools: [echo],
  subscriptions: { maxAnonymousStreams: 100_000 },
});
const handle = await serveHttp(server, {
  port: Number(process.argv[2] ?? 0),
  maxSessions: 100_000,
  maxConcurrentRequests: 100_000, // an open listen stream is a request being answered
});
process.stderr.write(`serving MCP over HTTP at ${handle.url}\n`);
process.on('SIGUSR2', () => {
  globalThis.gc();
  globalThis.gc();
  const { heapUsed, rss } = process.memoryUsage();
  process.stderr.write(`memory ${JSON.stringify({ heapUsed, rss })}\n`);
});
process.on('SIGTERM', () => void handle.close().then(() => process.exit(0)));
