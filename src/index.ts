// The public API of zod-mcp. Named exports only.
export { McpServer, type McpServerOptions } from './server.js';
export { defineTool, type Tool, type ToolContext, type ToolDefinition, type ToolReturn } from './features/tools/define.js';
export { Session, AbortReason, type Notify } from './core/connection.js';
export type { HandleContext } from './core/dispatch.js';
export { ErrorCode, ProtocolError } from './jsonrpc/errors.js';
export { toJsonSchema } from './schema/json-schema/index.js';
export { runCase } from './cli/process-mode.js';
export { echo, serverTools } from './bundled/echo.js';
export { demoTools } from './bundled/demo.js';
export { serveStdio, type StdioOptions, type StdioServer } from './transports/stdio/serve.js';
export { serveHttp } from './transports/http-entry.js';
export type { HttpOptions, HttpServerHandle } from './transports/http/index.js';
export { workspaceTools, type WorkspaceOptions } from './bundled/workspace/index.js';
export { VERSION } from './version.js';
export * as schemas from '../schemas/index.js';
