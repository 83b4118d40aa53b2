// `<runtime> bench/servers/fetch-serve.mjs zod-mcp|sdk-v2`: the echo fetch handler on this
// runtime's own HTTP server (Bun.serve, Deno.serve; on Node, @hono/node-server), on a free
// loopback port, printing its URL as the other bench servers do.
import { fetchHandler } from './fetch-echo.mjs';

const impl = (globalThis.Deno?.args ?? process.argv.slice(2))[0] ?? 'zod-mcp';
const fetch = await fetchHandler(impl);
const say = (port) => console.error(`serving MCP over HTTP at http://127.0.0.1:${port}/mcp`);
if (globalThis.Bun !== undefined) say(Bun.serve({ port: 0, hostname: '127.0.0.1', fetch }).port);
else if (globalThis.Deno !== undefined)
  Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: ({ port }) => say(port) }, fetch);
else {
  const { serve } = await import('@hono/node-server');
  serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => say(info.port));
}
