// An instance for the at-most-once tests: `append` writes `<tag> <pid>` to APPEND_FILE the moment
// it runs, then holds the call for HOLD_MS (or until it is cancelled), so a test can see which
// instance runs which call and kill one mid-call. MAX_IN_FLIGHT bounds its requests in flight, so
// the next one gets the server's own 503. It embeds the built package from its public entry.
import { appendFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { McpServer, defineTool } from 'zod-mcp';
import { serveHttp } from 'zod-mcp/node';
import { z } from 'zod';

const file = process.env.APPEND_FILE;
if (file === undefined) throw new Error('APPEND_FILE is not set');
const holdMs = Number(process.env.HOLD_MS ?? '4000');
const append = defineTool({
  name: 'append',
  description: 'Appends its tag and this process id to a file, then waits.',
  input: z.object({ tag: z.string() }),
  handler: async ({ tag }, { signal }) => {
    appendFileSync(file, `${tag} ${process.pid}\n`);
    await sleep(holdMs, undefined, { signal }).catch(() => {});
    return `${tag} ran on ${process.pid}`;
  },
});
const server = new McpServer({ name: 'append', version: '1.0.0', tools: [append] });
const http = await serveHttp(server, {
  host: '127.0.0.1',
  port: Number(process.env.PORT ?? '0'),
  ...(process.env.MAX_IN_FLIGHT === undefined ? {} : { maxConcurrentRequests: Number(process.env.MAX_IN_FLIGHT) }),
});
process.stderr.write(`serving MCP over HTTP at ${http.url}\n`);
process.once('SIGTERM', () => void http.close().then(() => process.exit(0)));
