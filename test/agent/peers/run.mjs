// One provider's tool loop, run with its real SDK against the fake model API at BASE_URL, over the
// test server's tools, in ERA: `node run.mjs PROVIDER BASE_URL ERA`. Prints what the loop returned
// (and what the server was asked, the questions the agent answered, the progress it heard) as JSON.
import Anthropic from '@anthropic-ai/sdk';
import { createOpenAI } from '@ai-sdk/openai';
import { GoogleGenAI } from '@google/genai';
import { generateText, jsonSchema, stepCountIs } from 'ai';
import OpenAI from 'openai';
import { AgentTools, aiSdk, anthropic, gemini, openaiChat, openaiResponses } from 'zod-mcp/agent';
import { makeServer } from './server.mjs';

const [provider, baseURL, era] = process.argv.slice(2);
const server = makeServer();
const methods = [];
server.use((request, next) => {
  methods.push(request.method);
  return next();
});
const asked = [];
const progress = [];
const agent = new AgentTools(server, {
  era,
  onElicit: async (params, call) => {
    asked.push({ message: params.message, call });
    return { action: 'accept', content: { ok: true } };
  },
  onProgress: (report, call) => progress.push({ ...report, tool: call.name, id: call.id }),
});
const apiKey = 'test-key';
const common = { tools: agent, model: 'test-model', maxTurns: 3 };

async function run() {
  switch (provider) {
    case 'anthropic': {
      const client = new Anthropic({ apiKey, baseURL, maxRetries: 0 });
      const loop = await anthropic.runToolLoop({ ...common, client, messages: [{ role: 'user', content: 'Go.' }] });
      return { ...ended(loop), final: loop.message.content, roles: loop.messages.map((message) => message.role) };
    }
    case 'responses': {
      const client = new OpenAI({ apiKey, baseURL: `${baseURL}/v1`, maxRetries: 0 });
      const loop = await openaiResponses.runToolLoop({ ...common, client, input: 'Go.' });
      return { ...ended(loop), final: loop.response.output_text, items: loop.input.length };
    }
    case 'chat': {
      const client = new OpenAI({ apiKey, baseURL: `${baseURL}/v1`, maxRetries: 0 });
      const loop = await openaiChat.runToolLoop({ ...common, client, messages: [{ role: 'user', content: 'Go.' }] });
      return { ...ended(loop), final: loop.completion.choices[0].message.content, messages: loop.messages.length };
    }
    case 'gemini': {
      const client = new GoogleGenAI({ apiKey, httpOptions: { baseUrl: baseURL } });
      const loop = await gemini.runToolLoop({ ...common, client, contents: 'Go.' });
      return { ...ended(loop), final: loop.response.text, contents: loop.contents.length };
    }
    case 'ai-sdk': {
      const model = createOpenAI({ apiKey, baseURL: `${baseURL}/v1` }).chat('test-model');
      const tools = await aiSdk.tools(agent, { jsonSchema });
      const result = await generateText({ model, tools, prompt: 'Go.', stopWhen: stepCountIs(3), maxRetries: 0 });
      const outputs = result.steps.flatMap((step) =>
        step.toolResults.map(({ toolName, output }) => ({ toolName, output })),
      );
      return { final: result.text, steps: result.steps.length, outputs };
    }
  }
  throw new Error(`no provider ${provider}`);
}

function ended(loop) {
  return { turns: loop.turns, stopped: loop.stopped };
}

const out = await run();
await agent.close();
process.stdout.write(`${JSON.stringify({ ...out, methods, asked, progress })}\n`);
