// zod-mcp/agent: a server's tools handed to the model APIs, in process. Each provider's module
// declares the tools as its API wants them, runs the calls a reply asks for and answers them in that
// API's shape (a tool's failure as a result the model reads), and loops until the model is done.
// Runtime-neutral, and free of the providers' SDKs: their clients are passed in.
export {
  AgentTools,
  type AgentToolsOptions,
  type CallOptions,
  type ToolCall,
  type ToolSource,
} from './agent/agent-tools.js';
export type { LoopEnd, LoopOptions } from './agent/loop.js';
export { renderText } from './agent/render.js';
export * as aiSdk from './agent/ai-sdk.js';
export * as anthropic from './agent/anthropic.js';
export * as gemini from './agent/gemini.js';
export * as openaiChat from './agent/openai-chat.js';
export * as openaiResponses from './agent/openai-responses.js';
