// The Vercel AI SDK: the server's tools as a ToolSet for `generateText` / `streamText`, each
// `{ description, inputSchema, execute, toModelOutput }`. `execute` returns the tool's result (the
// steps keep it whole); `toModelOutput` gives the model its text, images as file parts, and a
// failure as `error-text`, the SDK's own way to tell the model a tool failed.
import type { CallToolResult } from '../../schemas/tools.js';
import { agentToolsOf, type ToolSource } from './agent-tools.js';
import { definitionsOf } from './definitions.js';
import { renderParts, renderText, textOf } from './render.js';

/** The AI SDK's helpers the ToolSet is made with: `import { jsonSchema } from 'ai'`. */
export interface AiSdkHelpers<S> {
  /** `jsonSchema` of `ai`: wraps a JSON Schema for the SDK (arguments are checked by the server's Zod schema). */
  jsonSchema(schema: never): S;
}

export type AiSdkOutput =
  | { type: 'text'; value: string }
  | { type: 'error-text'; value: string }
  | {
      type: 'content';
      value: (
        | { type: 'text'; text: string }
        | { type: 'file'; data: { type: 'data'; data: string }; mediaType: string }
      )[];
    };

export interface AiSdkTool<S> {
  description?: string;
  inputSchema: S;
  execute(input: unknown, options: { toolCallId: string; abortSignal?: AbortSignal }): Promise<CallToolResult>;
  toModelOutput(options: { output: CallToolResult }): AiSdkOutput;
}

/** `{ [name]: tool }` for `generateText({ tools })`. */
export async function tools<S>(source: ToolSource, helpers: AiSdkHelpers<S>): Promise<Record<string, AiSdkTool<S>>> {
  const agent = agentToolsOf(source);
  const set: Record<string, AiSdkTool<S>> = {};
  for (const { name, description, schema } of await definitionsOf(source, 'plain')) {
    set[name] = {
      ...(description === undefined ? {} : { description }),
      inputSchema: helpers.jsonSchema(schema as never),
      execute: (input, { toolCallId, abortSignal }) =>
        agent.call(name, input, { id: toolCallId, ...(abortSignal === undefined ? {} : { signal: abortSignal }) }),
      toModelOutput: ({ output }) => modelOutput(output),
    };
  }
  return set;
}

/** A result as the model is given it: `error-text` for a failure, images as file parts, else text. */
export function modelOutput(result: CallToolResult): AiSdkOutput {
  if (result.isError === true) return { type: 'error-text', value: renderText(result) };
  const parts = renderParts(result, true);
  const text = textOf(parts);
  if (text !== undefined) return { type: 'text', value: text };
  const value = parts.map((part) =>
    part.type === 'text'
      ? part
      : { type: 'file' as const, data: { type: 'data' as const, data: part.data }, mediaType: part.mimeType },
  );
  return { type: 'content', value };
}
