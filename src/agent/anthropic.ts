// Anthropic's Messages API: the tools as `{ name, description, input_schema }`, each `tool_use`
// block of a reply run and answered with its `tool_result` block (`is_error: true` for a tool's
// failure), and the loop that calls the model until it stops asking for tools.
import type { CallToolResult } from '../../schemas/tools.js';
import { agentToolsOf, type ToolSource } from './agent-tools.js';
import { definitionsOf } from './definitions.js';
import { loopTurns, type LoopEnd, type LoopOptions } from './loop.js';
import { renderParts, soleText, textOf } from './render.js';

export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: { type: 'object'; [key: string]: unknown };
}
export interface AnthropicToolUse {
  readonly type: 'tool_use';
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}
type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
export type AnthropicResultBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: ImageType; data: string } };
export interface AnthropicToolResult {
  type: 'tool_result';
  tool_use_id: string;
  content: string | AnthropicResultBlock[];
  is_error?: boolean;
}

/** The image types the Messages API takes in a tool result; another is named in text. */
const IMAGE_TYPES = new Set<string>(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** The tools for `messages.create({ tools })`. */
export async function tools(source: ToolSource): Promise<AnthropicTool[]> {
  return (await definitionsOf(source, 'plain')).map(({ name, description, schema }) => ({
    name,
    ...(description === undefined ? {} : { description }),
    input_schema: schema as AnthropicTool['input_schema'],
  }));
}

/**
 * Runs every `tool_use` block of a reply's content, at once, and answers each, in their order, for
 * the next user message. Never throws: a failure is a `tool_result` with `is_error: true`.
 */
export function toolResults(
  source: ToolSource,
  content: readonly { readonly type: string }[],
  options: { readonly signal?: AbortSignal } = {},
): Promise<AnthropicToolResult[]> {
  const agent = agentToolsOf(source);
  const uses = content.filter((block): block is AnthropicToolUse => block.type === 'tool_use');
  const { signal } = options;
  const results = Promise.all(uses.map((use) => agent.call(use.name, use.input, { id: use.id, signal })));
  return results.then((done) => done.map((result, i) => toolResult(uses[i]!.id, result)));
}

/** One result as a `tool_result` block: a text alone as a string, images as image blocks. */
export function toolResult(id: string, result: CallToolResult): AnthropicToolResult {
  const failed = result.isError === true ? { is_error: true } : {};
  const sole = soleText(result);
  if (sole !== undefined) return { type: 'tool_result', tool_use_id: id, content: sole, ...failed };
  const parts = renderParts(result, true).map(
    (part): AnthropicResultBlock =>
      part.type === 'text'
        ? part
        : IMAGE_TYPES.has(part.mimeType)
          ? { type: 'image', source: { type: 'base64', media_type: part.mimeType as ImageType, data: part.data } }
          : { type: 'text', text: `[image: ${part.mimeType}]` },
  );
  const content = textOf(parts) ?? parts;
  return { type: 'tool_result', tool_use_id: id, content, ...failed };
}

/** A message of the conversation, as the Messages API takes it. */
export interface AnthropicMessageParam {
  readonly role: string;
  readonly content: unknown;
}
/** What the loop reads of a reply. */
export interface AnthropicMessage {
  readonly content: readonly { readonly type: string }[];
}
/** An `Anthropic` client of `@anthropic-ai/sdk`, as the loop calls it. */
export interface AnthropicLike {
  messages: { create(body: never, options?: { signal?: AbortSignal }): PromiseLike<unknown> };
}
/** The reply `messages.create` resolves with when it does not stream. */
export type ReplyOf<C extends AnthropicLike> = Extract<Awaited<ReturnType<C['messages']['create']>>, AnthropicMessage>;

export interface AnthropicLoopOptions<C extends AnthropicLike, P extends AnthropicMessageParam> extends LoopOptions {
  readonly client: C;
  readonly model: string;
  readonly messages: readonly P[];
  /** `max_tokens` of each request (default 4096). */
  readonly maxTokens?: number;
  /** Anything else `messages.create` takes (`system`, `temperature`, `tool_choice`, …). */
  readonly params?: Readonly<Record<string, unknown>>;
}

export interface AnthropicLoopResult<M extends AnthropicMessage, P> extends LoopEnd {
  /** The last reply. */
  readonly message: M;
  /** The conversation: the messages given, then each reply and the tool results that answered it. */
  readonly messages: (
    | P
    | { role: 'assistant'; content: M['content'] }
    | { role: 'user'; content: AnthropicToolResult[] }
  )[];
}

/**
 * Calls the model, runs the tools it asks for, answers, and calls it again, until a reply asks for
 * no tool or `maxTurns` replies were had (the last one's tools are still run and answered).
 */
export async function runToolLoop<C extends AnthropicLike, P extends AnthropicMessageParam>(
  options: AnthropicLoopOptions<C, P>,
): Promise<AnthropicLoopResult<ReplyOf<C>, P>> {
  const { client, model, maxTokens = 4096, params = {}, signal } = options;
  const definitions = await tools(options.tools);
  const messages: AnthropicLoopResult<ReplyOf<C>, P>['messages'] = [...options.messages];
  let message: ReplyOf<C> | undefined;
  const end = await loopTurns(options, async () => {
    const body = { ...params, model, max_tokens: maxTokens, messages, tools: definitions };
    const reply = (await client.messages.create(
      body as never,
      signal === undefined ? undefined : { signal },
    )) as ReplyOf<C>;
    message = reply;
    messages.push({ role: 'assistant', content: reply.content });
    const results = await toolResults(options.tools, reply.content, { signal });
    if (results.length === 0) return false;
    messages.push({ role: 'user', content: results });
    return true;
  });
  return { ...end, message: message!, messages };
}
