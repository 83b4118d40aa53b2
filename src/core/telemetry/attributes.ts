// The attributes of the semantic conventions for MCP (OpenTelemetry semantic-conventions, docs/gen-ai/mcp.md,
// "Server" span and metrics), read off one request and its answer. Names the conventions lack are `zod_mcp.*`.
import type { Response } from '../../../schemas/jsonrpc.js';
import { MetaKey } from '../../../schemas/rev2026.js';
import { ATTRIBUTE_BOUNDS, OTHER, bounded, labelOf, type DefinedNames } from './labels.js';
import type { TracedRequest } from './types.js';

export type Attributes = Record<string, string>;

/** What is known before the method runs: the span's name, its first attributes and the metric's. */
export interface Opened {
  /** `method target`, each part one the server defined or `_OTHER`. */
  readonly name: string;
  /** The span's: the client's strings cut to their bounds, ids and URIs too. */
  readonly span: Attributes;
  /** The duration metric's: defined names or `_OTHER`, no ids and no URIs (too many values). */
  readonly metric: Attributes;
  /** The tool a tools/call addresses, when the server defines it (a task's span is named after it). */
  readonly tool: string | undefined;
}

const RESOURCE_METHODS = new Set(['resources/read', 'resources/subscribe', 'resources/unsubscribe']);

/** The tool or prompt a request addresses (never a resource URI: too many), as the client names it. */
function targetOf(
  method: string,
  params: Record<string, unknown> | undefined,
): { kind: 'tool' | 'prompt'; name: string } | undefined {
  if (method === 'tools/call' && typeof params?.name === 'string') return { kind: 'tool', name: params.name };
  if (method === 'prompts/get' && typeof params?.name === 'string') return { kind: 'prompt', name: params.name };
  const ref =
    method === 'completion/complete' ? (params?.ref as { type?: unknown; name?: unknown } | undefined) : undefined;
  if (ref?.type === 'ref/prompt' && typeof ref.name === 'string') return { kind: 'prompt', name: ref.name };
  return undefined;
}

/** What is known before the method runs: the span's name and its first attributes, and the metric's. */
export function openingAttributes({ request, session, transport }: TracedRequest, defined: DefinedNames): Opened {
  const { method, params } = request;
  const methodLabel = labelOf(method, defined.method(method));
  const span: Attributes = { 'mcp.method.name': bounded(method, ATTRIBUTE_BOUNDS.name) };
  const metric: Attributes = { 'mcp.method.name': methodLabel };
  const target = targetOf(method, params);
  let name = methodLabel;
  let tool: string | undefined;
  if (target !== undefined) {
    const key = target.kind === 'tool' ? 'gen_ai.tool.name' : 'gen_ai.prompt.name';
    const label = labelOf(target.name, defined[target.kind](target.name));
    span[key] = bounded(target.name, ATTRIBUTE_BOUNDS.name);
    metric[key] = label;
    name = `${methodLabel} ${label}`;
    if (target.kind === 'tool') {
      span['gen_ai.operation.name'] = metric['gen_ai.operation.name'] = 'execute_tool';
      if (label !== OTHER) tool = label;
    }
  }
  span['jsonrpc.request.id'] = bounded(String(request.id), ATTRIBUTE_BOUNDS.name);
  if (request.via !== undefined) span['zod_mcp.tool.via'] = request.via; // called through search mode's call_tool
  if (RESOURCE_METHODS.has(method) && typeof params?.uri === 'string')
    span['mcp.resource.uri'] = bounded(params.uri, ATTRIBUTE_BOUNDS.uri);
  else if (method.startsWith('tasks/') && typeof params?.taskId === 'string')
    span['zod_mcp.task.id'] = bounded(params.taskId, ATTRIBUTE_BOUNDS.name);
  if (session.id !== undefined) span['mcp.session.id'] = session.id;
  if (transport !== undefined) {
    Object.assign(span, transportAttributes(transport));
    Object.assign(metric, transportAttributes(transport));
  }
  return { name, span, metric, tool };
}

/** `network.transport`, and `network.protocol.name` over HTTP ("Recording MCP transport"). */
export function transportAttributes(transport: 'stdio' | 'http'): Attributes {
  return transport === 'stdio'
    ? { 'network.transport': 'pipe' }
    : { 'network.transport': 'tcp', 'network.protocol.name': 'http' };
}

/**
 * The revision the request was served in: the 2026 envelope's, or the 2025 session's (after initialize, the one it
 * agreed).
 */
export function protocolVersionOf({ request, era, session }: TracedRequest): string | undefined {
  if (era === 'rev2025') return session.client.protocolVersion;
  const meta = request.params?._meta as Record<string, unknown> | undefined;
  const version = meta?.[MetaKey.protocolVersion];
  return typeof version === 'string' ? version : undefined;
}

/**
 * How a request ended, for span and metric: `error.type` (the JSON-RPC code, or `tool_error`) and the status message.
 */
export interface Outcome {
  readonly errorType: string | undefined;
  readonly message: string | undefined;
  readonly code: string | undefined;
  /** A 2026 result that is not complete: `task` or `input_required`. */
  readonly resultType: string | undefined;
  readonly taskId: string | undefined;
}

const CLEAN: Outcome = {
  errorType: undefined,
  message: undefined,
  code: undefined,
  resultType: undefined,
  taskId: undefined,
};

export function outcomeOf(response: Response | null): Outcome {
  if (response === null) return CLEAN; // no answer due: a cancelled call
  if ('error' in response) {
    const code = String(response.error.code);
    return { errorType: code, message: response.error.message, code, resultType: undefined, taskId: undefined };
  }
  const result = response.result as { isError?: unknown; resultType?: unknown; taskId?: unknown };
  const resultType =
    typeof result.resultType === 'string' && result.resultType !== 'complete' ? result.resultType : undefined;
  const taskId = resultType === 'task' && typeof result.taskId === 'string' ? result.taskId : undefined;
  if (result.isError === true)
    return { errorType: 'tool_error', message: undefined, code: undefined, resultType, taskId };
  return resultType === undefined ? CLEAN : { ...CLEAN, resultType, taskId };
}
