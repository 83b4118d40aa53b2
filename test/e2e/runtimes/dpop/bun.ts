// The DPoP server on Bun (test/e2e/runtimes/dpop.test.ts).
import { dpopHandler } from './app.ts';

const mcp = dpopHandler(process.env.ISSUER_JWK!, true);
const listener = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: mcp });
console.error(`serving MCP over HTTP at http://127.0.0.1:${listener.port}/mcp`);
process.once('SIGTERM', () => void mcp.close().then(() => listener.stop()));
