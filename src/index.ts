// The public API of zod-mcp, its core: the server, its parts, the in-process client, the stores and
// event bus in memory, the wire schemas and the web-standard HTTP handler. Named exports only.
// What needs Node has an entry of its own: zod-mcp/node (stdio, node:http), zod-mcp/redis,
// zod-mcp/workspace, zod-mcp/skills, zod-mcp/demo.
export { McpServer, type McpServerOptions } from './server.js';
export type { McpRequest, MethodMiddleware, Middleware, Next } from './core/middleware.js';
export {
  defineTool,
  type Tool,
  type ToolContext,
  type ToolDefinition,
  type ToolReturn,
} from './features/tools/define.js';
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
export { defineApp, type App, type AppDefinition, type AppPermission } from './features/apps/define.js';
export { APP_BRIDGE_SOURCE } from './features/apps/bridge.js';
export { APPS_EXTENSION, APP_MIME_TYPE, type AppCsp, type ToolVisibility } from '../schemas/apps.js';
export { UriTemplate } from './features/resources/uri-template.js';
export { definePrompt, type Prompt, type PromptDefinition } from './features/prompts/define.js';
export type { GetReturn } from './features/prompts/messages.js';
export type { Completer, CompletionContext } from './features/completion/complete.js';
export type { Extension } from './features/feature.js';
export { memoryTaskStore, type MemoryTaskStoreOptions } from './core/tasks/memory.js';
export {
  StoreUnavailableError,
  TaskLimitError,
  type TaskChange,
  type TaskError,
  type TaskRecord,
  type TaskSignals,
  type TaskStore,
} from './core/tasks/store.js';
export type { TaskSupport } from './core/tasks/record.js';
export {
  memoryRateLimits,
  type BucketTake,
  type MemoryRateLimitOptions,
  type RateLimitStore,
  type TakeRefusal,
} from './core/rate-limits/store.js';
export type { RateLimit } from './core/rate-limits/limit.js';
export { elicit, elicitUrl, listRoots, sample, type AnswerOf, type Ask, type Elicited } from './core/input/requests.js';
export { elicitationForm, type ElicitationForm } from './core/input/form.js';
export { Session, type Notify, type SessionOptions } from './core/connection.js';
export { AbortReason } from './core/lifetime.js';
export type { ClientView, Era } from './core/era.js';
export { memoryEvents, type EventBus, type ServerEvent } from './core/events.js';
export type { HandleContext } from './core/dispatcher.js';
export type { ToolsetDeclaration } from './core/toolsets.js';
export type { CallOptions } from './core/local-client.js';
export type { ArgumentPolicy } from './core/server-state.js';
export type { SubscriptionOptions } from './core/subscriptions.js';
export type { AuthInfo, DpopReplayStore } from './core/auth.js';
export { memoryDpopReplay } from './transports/http/auth/dpop-state.js';
export type { AuthOptions } from './transports/http/auth/verify.js';
export type { HandlerContext } from './core/handler-context.js';
export { ErrorCode, ProtocolError } from './jsonrpc/errors.js';
export { toJsonSchema } from './schema/json-schema/index.js';
export { toFetchHandler } from './transports/fetch-entry.js';
export type { FetchHandlerOptions, HttpHandlerOptions } from './transports/http/options.js';
export type { HandlerShutdown } from './transports/http/shutdown.js';
export type { FetchHandler } from './transports/http/web/fetch-handler.js';
export { VERSION } from './version.js';
export { schemas } from '../schemas/index.js';
