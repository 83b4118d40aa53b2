// OpenAI's Responses API: the tools as `{ type: 'function', name, description, parameters, strict }`
// (strict exactly when the schema has a strict form), each `function_call` item of a response run and
// answered with its `function_call_output` item, and the loop that calls the model until it stops
// asking for tools.
import type { CallToolResult } from '../../schemas/tools.js';
import { agentToolsOf, type ToolSource } from './agent-tools.js';
import { definitionsOf } from './definitions.js';
import { loopTurns, type LoopEnd, type LoopOptions } from './loop.js';
import { renderParts, soleText, textOf } from './render.js';

export interface ResponsesTool {
  type: 'function';
  name: string;
  description?: string;
  parameters: { [key: string]: unknown };
  strict: boolean;
}
export interface ResponsesFunctionCall {
  readonly type: 'function_call';
  readonly call_id: string;
  readonly name: string;
  readonly arguments: string;
}
export type ResponsesOutputPart = { type: 'input_text'; text: string } | { type: 'input_image'; image_url: string };
export interface ResponsesCallOutput {
  type: 'function_call_output';
  call_id: string;
  output: string | ResponsesOutputPart[];
}

/** The tools for `responses.create({ tools })`. */
export async function tools(source: ToolSource): Promise<ResponsesTool[]> {
  return (await definitionsOf(source, 'openai')).map(({ name, description, schema, strict }) => ({
    type: 'function',
    name,
    ...(description === undefined ? {} : { description }),
    parameters: schema,
    strict,
  }));
}

/**
 * Runs every `function_call` item of a response's output, at once, and answers each, in their
 * order, with a `function_call_output` item. Never throws: a failure is an output the model reads.
 */
export function toolResults(
  source: ToolSource,
  output: readonly { readonly type: string }[],
  options: { readonly signal?: AbortSignal } = {},
): Promise<ResponsesCallOutput[]> {
  const agent = agentToolsOf(source);
  const calls = output.filter((item): item is ResponsesFunctionCall => item.type === 'function_call');
  const { signal } = options;
  const results = Promise.all(
    calls.map(({ call_id, name, arguments: args }) => agent.call(name, args, { id: call_id, strict: true, signal })),
  );
  return results.then((done) => done.map((result, i) => callOutput(calls[i]!.call_id, result)));
}

/** One result as a `function_call_output`: its text, or text and image parts when it has images. */
export function callOutput(callId: string, result: CallToolResult): ResponsesCallOutput {
  const sole = soleText(result);
  if (sole !== undefined) return { type: 'function_call_output', call_id: callId, output: sole };
  const parts = renderParts(result, true);
  const text = textOf(parts);
  if (text !== undefined) return { type: 'function_call_output', call_id: callId, output: text };
  const output = parts.map(
    (part): ResponsesOutputPart =>
      part.type === 'text'
        ? { type: 'input_text', text: part.text }
        : { type: 'input_image', image_url: `data:${part.mimeType};base64,${part.data}` },
  );
  return { type: 'function_call_output', call_id: callId, output };
}

/** What the loop reads of a response. */
export interface ResponsesResponse {
  readonly output: readonly { readonly type: string }[];
}
/** An `OpenAI` client of `openai`, as the loop calls it. */
export interface ResponsesLike {
  responses: { create(body: never, options?: { signal?: AbortSignal }): PromiseLike<unknown> };
}
/** The response `responses.create` resolves with when it does not stream. */
export type ResponseOf<C extends ResponsesLike> = Extract<
  Awaited<ReturnType<C['responses']['create']>>,
  ResponsesResponse
>;

export interface ResponsesLoopOptions<C extends ResponsesLike, I> extends LoopOptions {
  readonly client: C;
  readonly model: string;
  /** The input: a text, or a list of input items. */
  readonly input: string | readonly I[];
  /** Anything else `responses.create` takes (`instructions`, `reasoning`, `tool_choice`, …). */
  readonly params?: Readonly<Record<string, unknown>>;
}

export interface ResponsesLoopResult<R extends ResponsesResponse, I> extends LoopEnd {
  /** The last response (`output_text` holds its text). */
  readonly response: R;
  /** The conversation as input items: the input, then each response's output and the outputs that answered it. */
  readonly input: (I | { role: 'user'; content: string } | R['output'][number] | ResponsesCallOutput)[];
}

/**
 * As Anthropic's loop: the whole conversation is sent each turn (with `store: false`, a reasoning model
 * also needs `params: { include: ['reasoning.encrypted_content'] }` for its reasoning items to be taken back).
 */
export async function runToolLoop<C extends ResponsesLike, I = never>(
  options: ResponsesLoopOptions<C, I>,
): Promise<ResponsesLoopResult<ResponseOf<C>, I>> {
  const { client, model, params = {}, signal } = options;
  const definitions = await tools(options.tools);
  const input: ResponsesLoopResult<ResponseOf<C>, I>['input'] =
    typeof options.input === 'string' ? [{ role: 'user', content: options.input }] : [...options.input];
  let response: ResponseOf<C> | undefined;
  const end = await loopTurns(options, async () => {
    const body = { ...params, model, input, tools: definitions };
    const requestOptions = signal === undefined ? undefined : { signal };
    const reply = (await client.responses.create(body as never, requestOptions)) as ResponseOf<C>;
    response = reply;
    input.push(...reply.output);
    const outputs = await toolResults(options.tools, reply.output, { signal });
    input.push(...outputs);
    return outputs.length > 0;
  });
  return { ...end, response: response!, input };
}
