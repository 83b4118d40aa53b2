// zod-mcp/node: the transports that need Node: stdio, and HTTP on a node:http listener or inside a
// framework that hands over Node's request and response (Express, Connect, Fastify's raw mode).
// The web-standard HTTP handler, toFetchHandler, is in the core entry, zod-mcp.
export { serveStdio, type StdioOptions, type StdioServer } from './transports/stdio/serve.js';
export { serveHttp, toNodeHandler } from './transports/http-entry.js';
export type { HttpOptions, HttpServerHandle } from './transports/http/node/listener.js';
export type { NodeHandler } from './transports/http/node/handler.js';
