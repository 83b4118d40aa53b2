// The attributes of the semantic conventions for MCP (OpenTelemetry semantic-conventions, docs/gen-ai/mcp.md,
// "Server" span and metrics), read off one request and its answer. Names the conventions lack are `zod_mcp.*`.
import type { Response } from '../../../schemas/jsonrpc.js';
import { MetaKey } from '../../../schemas/rev2026.js';
import type { TracedRequest } from './types.js';

export type Attributes = Record<string, string>;

/** The tool or prompt a request addresses: the span name's target (never a resource URI: too many). */
export interface Opened {
  readonly name: string;
  /** On the span and on the duration metric. */
  readonly common: Attributes;
  /** On the span only (ids and URIs: too many values for a metric). */
  readonly span: Attributes;
}

const RESOURCE_METHODS = new Set(['resources/read', 'resources/subscribe', 'resources/unsubscribe']);

/** What is known before the method runs: the span's name and its first attributes. */
export function openingAttributes({ request, session, transport }: TracedRequest): Opened {
  const { method, params } = request;
  const common: Attributes = { 'mcp.method.name': method };
  const span: Attributes = { 'jsonrpc.request.id': String(request.id) };
  let target: string | undefined;
  if (method === 'tools/call' && typeof params?.name === 'string') {
    target = common['gen_ai.tool.name'] = params.name;
    common['gen_ai.operation.name'] = 'execute_tool';
  } else if (method === 'prompts/get' && typeof params?.name === 'string') {
    target = common['gen_ai.prompt.name'] = params.name;
  } else if (method === 'completion/complete') {
    const ref = params?.ref as { type?: unknown; name?: unknown } | undefined;
    if (ref?.type === 'ref/prompt' && typeof ref.name === 'string') target = common['gen_ai.prompt.name'] = ref.name;
  } else if (RESOURCE_METHODS.has(method) && typeof params?.uri === 'string') {
    span['mcp.resource.uri'] = params.uri;
  } else if (method.startsWith('tasks/') && typeof params?.taskId === 'string') {
    span['zod_mcp.task.id'] = params.taskId;
  }
  if (session.id !== undefined) span['mcp.session.id'] = session.id;
  if (transport !== undefined) Object.assign(common, transportAttributes(transport));
  return { name: target === undefined ? method : `${method} ${target}`, common, span };
}

/** `network.transport`, and `network.protocol.name` over HTTP ("Recording MCP transport"). */
export function transportAttributes(transport: 'stdio' | 'http'): Attributes {
  return transport === 'stdio' ? { 'network.transport': 'pipe' } : { 'network.transport': 'tcp', 'network.protocol.name': 'http' };
}

/** The revision the request was served in: the 2026 envelope's, or the 2025 session's (after initialize, the one it agreed). */
export function protocolVersionOf({ request, era, session }: TracedRequest): string | undefined {
  if (era === 'rev2025') return session.client.protocolVersion;
  const meta = request.params?._meta as Record<string, unknown> | undefined;
  const version = meta?.[MetaKey.protocolVersion];
  return typeof version === 'string' ? version : undefined;
}

/** How a request ended, for span and metric: `error.type` (the JSON-RPC code, or `tool_error`) and the status message. */
export interface Outcome {
  readonly errorType: string | undefined;
  readonly message: string | undefined;
  readonly code: string | undefined;
  /** A 2026 result that is not complete: `task` or `input_required`. */
  readonly resultType: string | undefined;
  readonly taskId: string | undefined;
}

const CLEAN: Outcome = { errorType: undefined, message: undefined, code: undefined, resultType: undefined, taskId: undefined };

export function outcomeOf(response: Response | null): Outcome {
  if (response === null) return CLEAN; // no answer due: a cancelled call
  if ('error' in response) {
    const code = String(response.error.code);
    return { errorType: code, message: response.error.message, code, resultType: undefined, taskId: undefined };
  }
  const result = response.result as { isError?: unknown; resultType?: unknown; taskId?: unknown };
  const resultType = typeof result.resultType === 'string' && result.resultType !== 'complete' ? result.resultType : undefined;
  const taskId = resultType === 'task' && typeof result.taskId === 'string' ? result.taskId : undefined;
  if (result.isError === true) return { errorType: 'tool_error', message: undefined, code: undefined, resultType, taskId };
  return resultType === undefined ? CLEAN : { ...CLEAN, resultType, taskId };
}
