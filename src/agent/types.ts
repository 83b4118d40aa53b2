// What an agent's tool calls carry and what the agent gives: shared by AgentTools and what answers
// a tool's questions for it.
import type {
  CreateMessageParams,
  CreateMessageResult,
  ElicitParams,
  ElicitResult,
} from '../../schemas/client-input.js';
import type { EraName, Progress } from '../client/client.js';
import type { HandleContext } from '../core/dispatcher.js';

/** Which call of the model's a question or a progress report belongs to. */
export interface ToolCall {
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** The model API's id for the call (`tool_use.id`, `call_id`, …), when it gave one. */
  readonly id?: string;
  /** The call's signal, when it has one: a question's answer is no longer waited for once it aborts. */
  readonly signal?: AbortSignal;
}

export interface AgentToolsOptions extends Pick<HandleContext, 'auth' | 'principal' | 'toolsets'> {
  /** The era to speak; by default the one `server.callTool` speaks: 2025 when the server serves it, else 2026. */
  readonly era?: EraName;
  /** Answers a tool's elicitation; without it the client declares none, and the tool is told it cannot ask. */
  readonly onElicit?: (params: ElicitParams, call: ToolCall) => Promise<ElicitResult>;
  /** Answers a tool's sampling request (`sampling/createMessage`); without it, as for `onElicit`. */
  readonly onSample?: (params: CreateMessageParams, call: ToolCall) => Promise<CreateMessageResult>;
  /** The roots the client offers (`roots/list`); without them the client declares none. */
  readonly roots?: readonly { readonly uri: string; readonly name?: string }[];
  /** Each progress report a tool (or the task it became) sends. */
  readonly onProgress?: (progress: Progress, call: ToolCall) => void;
}

export interface CallOptions {
  /** The model API's id for the call, passed to the callbacks. */
  readonly id?: string;
  /** Gives the call up: the server cancels it (or its task), and the result says it was cancelled. */
  readonly signal?: AbortSignal;
  /** The tool was declared to OpenAI in strict form: a null sent for an optional field is taken as left out. */
  readonly strict?: boolean;
}
