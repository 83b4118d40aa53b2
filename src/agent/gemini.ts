// Gemini's API: the tools as `{ functionDeclarations: [{ name, description, parameters }] }` with the
// `gemini` schema profile, each `functionCall` of a reply run and answered with its
// `functionResponse` part (`{ output }`, or `{ error }` for a tool's failure, as Gemini's documentation
// asks), and the loop that calls the model until it stops asking for tools.
import { agentToolsOf, type ToolSource } from './agent-tools.js';
import { definitionsOf } from './definitions.js';
import { loopTurns, type LoopEnd, type LoopOptions } from './loop.js';
import { renderText } from './render.js';

export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  parameters: { [key: string]: unknown };
}
export interface GeminiTool {
  functionDeclarations: GeminiFunctionDeclaration[];
}
export interface GeminiFunctionCall {
  readonly id?: string;
  readonly name?: string;
  readonly args?: Readonly<Record<string, unknown>>;
}
export interface GeminiResponsePart {
  functionResponse: { id?: string; name: string; response: { output: string } | { error: string } };
}

/** The tools for `generateContent({ config: { tools } })`: one tool holding every declaration (none for no tool). */
export async function tools(source: ToolSource): Promise<GeminiTool[]> {
  const functionDeclarations = (await definitionsOf(source, 'gemini')).map(({ name, description, schema }) => ({
    name,
    ...(description === undefined ? {} : { description }),
    parameters: schema,
  }));
  return functionDeclarations.length === 0 ? [] : [{ functionDeclarations }]; // no tool: no empty declaration list
}

/**
 * Runs every function call of a reply (`response.functionCalls`), at once, and answers each, in
 * their order, with a `functionResponse` part. Never throws: a failure is `{ error }` the model reads.
 */
export function toolResults(
  source: ToolSource,
  calls: readonly GeminiFunctionCall[] | undefined,
  options: { readonly signal?: AbortSignal } = {},
): Promise<GeminiResponsePart[]> {
  const agent = agentToolsOf(source);
  return Promise.all(
    (calls ?? []).map(async ({ id, name = '', args }) => {
      const result = await agent.call(name, args, { ...(id === undefined ? {} : { id }), ...options });
      const text = renderText(result);
      const response = result.isError === true ? { error: text } : { output: text };
      return { functionResponse: { ...(id === undefined ? {} : { id }), name, response } };
    }),
  );
}

/** What the loop reads of a reply. */
export interface GeminiResponse {
  readonly candidates?: readonly { readonly content?: unknown }[];
  readonly functionCalls?: readonly GeminiFunctionCall[];
}
export interface GeminiLike<R extends GeminiResponse> {
  models: { generateContent(body: never): PromiseLike<R> };
}

export interface GeminiLoopOptions<R extends GeminiResponse> extends LoopOptions {
  /** A `GoogleGenAI` client of `@google/genai`. */
  readonly client: GeminiLike<R>;
  readonly model: string;
  /** The conversation: a text, or a list of contents. */
  readonly contents: string | readonly unknown[];
  /** Anything else the request's `config` takes (`systemInstruction`, `temperature`, …); `tools` is the server's. */
  readonly config?: Readonly<Record<string, unknown>>;
}

export interface GeminiLoopResult<R> extends LoopEnd {
  /** The last reply (`text` holds its text). */
  readonly response: R;
  /** The conversation: the contents given, then each reply's content and the function responses that answered it. */
  readonly contents: unknown[];
}

export async function runToolLoop<R extends GeminiResponse>(
  options: GeminiLoopOptions<R>,
): Promise<GeminiLoopResult<R>> {
  const { client, model, config = {}, signal } = options;
  const definitions = await tools(options.tools);
  const contents: unknown[] =
    typeof options.contents === 'string'
      ? [{ role: 'user', parts: [{ text: options.contents }] }]
      : [...options.contents];
  let response: R | undefined;
  const end = await loopTurns(options, async () => {
    const requestConfig = { ...config, tools: definitions, ...(signal === undefined ? {} : { abortSignal: signal }) };
    response = await client.models.generateContent({ model, contents, config: requestConfig } as never);
    const content = response.candidates?.[0]?.content;
    if (content !== undefined) contents.push(content);
    const parts = await toolResults(options.tools, response.functionCalls, { signal });
    if (parts.length === 0) return false;
    contents.push({ role: 'user', parts });
    return true;
  });
  return { ...end, response: response!, contents };
}
