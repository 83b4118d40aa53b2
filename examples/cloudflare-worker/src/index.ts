// MCP as a Cloudflare Worker: `npx wrangler dev` in this folder, `npx wrangler deploy` to publish.
// A worker keeps nothing between requests, so every POST stands alone: MCP 2026-07-28 is stateless
// anyway, and a 2025 client is served without a session. See docs/runtimes.md.
import { toFetchHandler } from 'zod-mcp';
import { createServer } from '../../server.ts';

// Built once per isolate, at its first request, and reused by every request it serves. A worker
// answers on its own domain: name it (`ALLOWED_HOSTS`, comma-separated) or every Host but
// localhost is refused (DNS rebinding protection).
let mcp: ((request: Request) => Promise<Response>) | undefined;

export default {
  fetch(request: Request, env: { ALLOWED_HOSTS?: string }): Promise<Response> {
    mcp ??= toFetchHandler(createServer(), {
      path: '/mcp',
      stateless: true,
      ...(env.ALLOWED_HOSTS === undefined ? {} : { allowedHosts: env.ALLOWED_HOSTS.split(',') }),
    });
    return mcp(request);
  },
};
