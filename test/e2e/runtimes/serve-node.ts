// examples/server.ts on serveHttp, as a Node of another version runs it (Node 22.18+ strips the
// types itself): `node test/e2e/runtimes/serve-node.ts`. It prints the URL as `zod-mcp serve --http` does.
import { serveHttp } from 'zod-mcp/node';
import { createServer } from '../../../examples/server.ts';

const handle = await serveHttp(createServer(), { port: 0 });
console.error(`serving MCP over HTTP at ${handle.url}`);
process.once('SIGTERM', () => void handle.close());
