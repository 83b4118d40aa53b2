// MCP as a Next.js App Router route: copy this file to `app/mcp/route.ts` (and examples/server.ts
// beside it), and the app serves MCP at /mcp. A route handler takes a web Request and returns a
// Response, so the fetch handler is the route. On Vercel each request may meet a fresh function
// instance: nothing is kept between requests (every POST stands alone, as MCP 2026-07-28 is).
// The app answers on its own domain: list it in MCP_ALLOWED_HOSTS (comma-separated), or every
// Host but localhost is refused (DNS rebinding protection).
import { toFetchHandler } from 'zod-mcp';
import { createServer } from './server.ts';

const mcp = toFetchHandler(createServer(), { allowedHosts: process.env.MCP_ALLOWED_HOSTS?.split(',') });

export const POST = (request: Request): Promise<Response> => mcp(request);
// GET and DELETE belong to 2025 sessions, which a function does not keep: they answer 405, saying so.
export const GET = POST;
export const DELETE = POST;
/** Never cached or prerendered: every request is answered. */
export const dynamic = 'force-dynamic';
