// The DPoP server on Deno (test/e2e/runtimes/dpop.test.ts).
import { dpopHandler } from './app.ts';

const mcp = dpopHandler(Deno.env.get('ISSUER_JWK')!, true);
const listener = Deno.serve(
  {
    port: 0,
    hostname: '127.0.0.1',
    onListen: ({ port }) => console.error(`serving MCP over HTTP at http://127.0.0.1:${port}/mcp`),
  },
  mcp,
);
Deno.addSignalListener('SIGTERM', () => void mcp.close().then(() => listener.shutdown()));
