// The public API of zod-mcp. Named exports only.
export { McpServer, type McpServerOptions } from './server.js';
export { defineTool, type Tool, type ToolContext, type ToolDefinition, type ToolReturn } from './features/tools/define.js';
export {
  defineResource,
  defineResourceTemplate,
  type ListedResource,
  type Resource,
  type ResourceContext,
  type ResourceDefinition,
  type ResourceTemplate,
  type ResourceTemplateDefinition,
} from './features/resources/define.js';
export type { ReadReturn } from './features/resources/contents.js';
export { UriTemplate } from './features/resources/uri-template.js';
export { definePrompt, type Prompt, type PromptDefinition } from './features/prompts/define.js';
export type { GetReturn } from './features/prompts/messages.js';
export type { Completer, CompletionContext } from './features/completion/complete.js';
export type { Extension } from './features/feature.js';
export { memoryTaskStore, type MemoryTaskStoreOptions } from './core/tasks/memory.js';
export { TaskLimitError, type TaskChange, type TaskError, type TaskRecord, type TaskSignals, type TaskStore } from './core/tasks/store.js';
export type { TaskSupport } from './core/tasks/record.js';
export { elicit, elicitUrl, listRoots, sample, type AnswerOf, type Ask, type Elicited } from './core/input/requests.js';
export { elicitationForm, type ElicitationForm } from './core/input/form.js';
export { Session, type Notify, type SessionOptions } from './core/connection.js';
export { AbortReason } from './core/lifetime.js';
export type { ClientView, Era } from './core/era.js';
export { memoryEvents, type EventBus, type ServerEvent } from './core/events.js';
export { redisEvents, type RedisEventBus } from './redis/events.js';
export { redisTaskStore, type RedisTaskStore, type RedisTaskStoreOptions } from './redis/tasks.js';
export type { RedisClientLike, RedisConnectOptions } from './redis/client.js';
export type { HandleContext } from './core/dispatch.js';
export type { CallOptions } from './core/local-client.js';
export type { ArgumentPolicy } from './core/server-state.js';
export type { AuthInfo } from './core/auth.js';
export type { AuthOptions } from './transports/http/auth/verify.js';
export type { HandlerContext } from './core/context.js';
export { ErrorCode, ProtocolError } from './jsonrpc/errors.js';
export { toJsonSchema } from './schema/json-schema/index.js';
export { runCase } from './cli/process-mode.js';
export { echo, serverTools } from './bundled/echo.js';
export { demoTools } from './bundled/demo.js';
export { serveStdio, type StdioOptions, type StdioServer } from './transports/stdio/serve.js';
export { serveHttp, toFetchHandler, toNodeHandler } from './transports/http-entry.js';
export type { HttpOptions, HttpServerHandle } from './transports/http/index.js';
export type { HttpHandlerOptions } from './transports/http/options.js';
export type { HandlerShutdown } from './transports/http/handler.js';
export type { NodeHandler } from './transports/http/node-handler.js';
export type { FetchHandler } from './transports/http/fetch-handler.js';
export { workspaceResources, workspaceTools, type WorkspaceOptions } from './bundled/workspace/index.js';
export { skillsFrom, type SkillsOptions } from './bundled/skills/index.js';
export { VERSION } from './version.js';
export * as schemas from '../schemas/index.js';
