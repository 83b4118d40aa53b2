// OpenAI's Chat Completions API: the tools as `{ type: 'function', function: { … } }`, each of a
// reply's `tool_calls` run and answered with a `role: 'tool'` message, and the loop that calls the
// model until it stops asking for tools. The API takes text only in a tool message.
import { agentToolsOf, type ToolSource } from './agent-tools.js';
import { failure } from './arguments.js';
import { definitionsOf } from './definitions.js';
import { loopTurns, type LoopEnd, type LoopOptions } from './loop.js';
import { renderText } from './render.js';

export interface ChatTool {
  type: 'function';
  function: { name: string; description?: string; parameters: { [key: string]: unknown }; strict: boolean };
}
export interface ChatToolCall {
  readonly id: string;
  readonly type: string;
  readonly function?: { readonly name: string; readonly arguments: string };
  /** A custom tool's call (`type: 'custom'`): no tool of the server's, but it must be answered too. */
  readonly custom?: { readonly name: string };
}
export interface ChatToolMessage {
  role: 'tool';
  tool_call_id: string;
  content: string;
}

/** The tools for `chat.completions.create({ tools })`. */
export async function tools(source: ToolSource): Promise<ChatTool[]> {
  return (await definitionsOf(source, 'openai')).map(({ name, description, schema, strict }) => ({
    type: 'function',
    function: { name, ...(description === undefined ? {} : { description }), parameters: schema, strict },
  }));
}

/**
 * Runs every function call of an assistant message's `tool_calls`, at once, and answers each, in
 * their order, with a tool message. Never throws: a failure is a tool message the model reads.
 */
export function toolResults(
  source: ToolSource,
  message: { readonly tool_calls?: readonly ChatToolCall[] | null },
  options: { readonly signal?: AbortSignal } = {},
): Promise<ChatToolMessage[]> {
  const agent = agentToolsOf(source);
  return Promise.all(
    (message.tool_calls ?? []).map(async ({ id, function: called, custom }) => {
      // Every call is answered (a custom tool's too), or the API refuses the next request.
      const result =
        called === undefined
          ? failure(`unknown tool: ${custom?.name ?? ''}`)
          : await agent.call(called.name, called.arguments, { id, strict: true, signal: options.signal });
      return { role: 'tool' as const, tool_call_id: id, content: renderText(result) };
    }),
  );
}

/** What the loop reads of a completion. */
export interface ChatCompletion {
  readonly choices: readonly { readonly message: { readonly tool_calls?: readonly ChatToolCall[] | null } }[];
}
/** An `OpenAI` client of `openai`, as the loop calls it. */
export interface ChatLike {
  chat: { completions: { create(body: never, options?: { signal?: AbortSignal }): PromiseLike<unknown> } };
}
/** The completion `chat.completions.create` resolves with when it does not stream. */
export type CompletionOf<C extends ChatLike> = Extract<
  Awaited<ReturnType<C['chat']['completions']['create']>>,
  ChatCompletion
>;

export interface ChatLoopOptions<C extends ChatLike, P> extends LoopOptions {
  readonly client: C;
  readonly model: string;
  readonly messages: readonly P[];
  /** Anything else `chat.completions.create` takes (`temperature`, `tool_choice`, …). */
  readonly params?: Readonly<Record<string, unknown>>;
}

export interface ChatLoopResult<R extends ChatCompletion, P> extends LoopEnd {
  /** The last completion (`choices[0].message` is the final answer). */
  readonly completion: R;
  /** The conversation: the messages given, then each assistant message and the tool messages that answered it. */
  readonly messages: (P | R['choices'][number]['message'] | ChatToolMessage)[];
}

export async function runToolLoop<C extends ChatLike, P>(
  options: ChatLoopOptions<C, P>,
): Promise<ChatLoopResult<CompletionOf<C>, P>> {
  const { client, model, params = {}, signal } = options;
  const definitions = await tools(options.tools);
  const messages: ChatLoopResult<CompletionOf<C>, P>['messages'] = [...options.messages];
  let completion: CompletionOf<C> | undefined;
  const end = await loopTurns(options, async () => {
    const body = { ...params, model, messages, tools: definitions };
    const requestOptions = signal === undefined ? undefined : { signal };
    const reply = (await client.chat.completions.create(body as never, requestOptions)) as CompletionOf<C>;
    completion = reply;
    const message = reply.choices[0]?.message;
    if (message === undefined) return false;
    messages.push(message);
    const answers = await toolResults(options.tools, message, { signal });
    messages.push(...answers);
    return answers.length > 0;
  });
  return { ...end, completion: completion!, messages };
}
