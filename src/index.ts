// The public API of zod-mcp. Named exports only.
export { McpServer, type McpServerOptions } from './mcp.js';
export { defineTool, type Tool, type ToolContext, type ToolDefinition, type ToolReturn } from './tool.js';
export { Session, AbortReason, type Notify } from './session.js';
export type { HandleContext } from './router.js';
export { ErrorCode, ProtocolError } from './errors.js';
export { toJsonSchema } from './json-schema.js';
export { runCase } from './process-mode.js';
export { echo, serverTools } from './tools/echo.js';
export { demoTools } from './tools/demo.js';
export { serveStdio, type StdioOptions, type StdioServer } from './transports/stdio.js';
export { serveHttp } from './transports/http-entry.js';
export type { HttpOptions, HttpServerHandle } from './transports/http.js';
export { workspaceTools, type WorkspaceOptions } from './tools/workspace/index.js';
export { VERSION } from './version.js';
export * as schemas from '../schemas/index.js';
