// Held by `npm run typecheck` (tsc, strict): what zod-mcp/agent makes is what each model API's own SDK
// takes, and what a loop returns is what the SDK returned. Never run; only compiled.
import type Anthropic from '@anthropic-ai/sdk';
import type { GoogleGenAI, Part, Tool as GeminiTool } from '@google/genai';
import { generateText, jsonSchema, type LanguageModel, type ToolSet } from 'ai';
import type OpenAI from 'openai';
import { aiSdk, anthropic, gemini, openaiChat, openaiResponses } from '../../src/agent.js';
import type { McpServer } from '../../src/index.js';

export async function anthropicTypes(server: McpServer, client: Anthropic): Promise<string> {
  const tools: Anthropic.Messages.Tool[] = await anthropic.tools(server);
  const messages: Anthropic.Messages.MessageParam[] = [{ role: 'user', content: 'Add 1 and 2.' }];
  const message = await client.messages.create({ model: 'm', max_tokens: 100, messages, tools });
  const results: Anthropic.Messages.ToolResultBlockParam[] = await anthropic.toolResults(server, message.content);
  messages.push({ role: 'assistant', content: message.content }, { role: 'user', content: results });
  const loop = await anthropic.runToolLoop({ tools: server, client, model: 'm', messages });
  const last: Anthropic.Messages.Message = loop.message;
  await client.messages.create({ model: 'm', max_tokens: 100, messages: loop.messages, tools });
  return last.id;
}

export async function responsesTypes(server: McpServer, client: OpenAI): Promise<string> {
  const tools: OpenAI.Responses.Tool[] = await openaiResponses.tools(server);
  const response = await client.responses.create({ model: 'm', input: 'Add 1 and 2.', tools });
  const outputs: OpenAI.Responses.ResponseInputItem[] = await openaiResponses.toolResults(server, response.output);
  const input: OpenAI.Responses.ResponseInput = [{ role: 'user', content: 'Add 1 and 2.' }, ...outputs];
  const loop = await openaiResponses.runToolLoop({ tools: server, client, model: 'm', input });
  const last: OpenAI.Responses.Response = loop.response;
  return last.output_text;
}

export async function chatTypes(server: McpServer, client: OpenAI): Promise<string | null> {
  const tools: OpenAI.Chat.ChatCompletionTool[] = await openaiChat.tools(server);
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Add 1 and 2.' }];
  const completion = await client.chat.completions.create({ model: 'm', messages, tools });
  const message = completion.choices[0]!.message;
  const answers: OpenAI.Chat.ChatCompletionToolMessageParam[] = await openaiChat.toolResults(server, message);
  messages.push(message, ...answers);
  const loop = await openaiChat.runToolLoop({ tools: server, client, model: 'm', messages });
  const last: OpenAI.Chat.ChatCompletion = loop.completion;
  return last.choices[0]!.message.content;
}

export async function geminiTypes(server: McpServer, client: GoogleGenAI): Promise<string | undefined> {
  const tools: GeminiTool[] = await gemini.tools(server);
  const response = await client.models.generateContent({ model: 'm', contents: 'Add 1 and 2.', config: { tools } });
  const parts: Part[] = await gemini.toolResults(server, response.functionCalls);
  const loop = await gemini.runToolLoop({ tools: server, client, model: 'm', contents: [{ role: 'user', parts }] });
  return loop.response.text;
}

export async function aiSdkTypes(server: McpServer, model: LanguageModel): Promise<string> {
  const tools: ToolSet = await aiSdk.tools(server, { jsonSchema });
  const { text } = await generateText({ model, tools, prompt: 'Add 1 and 2.' });
  return text;
}
