// zod-mcp/agent with each model API's real SDK (@anthropic-ai/sdk, openai's Responses and Chat
// Completions, @google/genai, the AI SDK's generateText over @ai-sdk/openai), run on Node 24 (their
// engines ask for Node >= 22) against a fake model API on loopback that asks for the test server's
// tools: the next request the SDK sends must carry exactly these tool results, in both eras.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers/run.js';
import { describeOn, runtimeBinary } from '../helpers/runtimes.js';
import { startFakeModel, type FakeModel } from './helpers/fake-model.js';
import {
  AI_SDK_CALLS,
  anthropicReplies,
  BAD_ARGUMENTS,
  chatReplies,
  geminiReplies,
  NOT_JSON,
  PIXEL,
  responsesReplies,
} from './helpers/replies.js';

const run = promisify(execFile);
const PEER = join(root, 'test', 'agent', 'peers', 'run.mjs');

interface PeerOutput {
  final: unknown;
  turns?: number;
  stopped?: string;
  methods: string[];
  asked: unknown[];
  progress: unknown[];
  outputs?: unknown[];
}

async function runPeer(provider: string, era: string, replies: readonly unknown[]): Promise<[PeerOutput, FakeModel]> {
  const fake = await startFakeModel(replies);
  try {
    const node = runtimeBinary('node24')!;
    const { stdout } = await run(node, [PEER, provider, fake.url, era], { cwd: root, timeout: 60_000 });
    return [JSON.parse(stdout) as PeerOutput, fake];
  } finally {
    await fake.close();
  }
}

const SCHEMAS = {
  add: {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' }, note: { type: 'string' } },
    required: ['a', 'b'],
  },
  confirm: { type: 'object', properties: { what: { type: 'string' } }, required: ['what'] },
  build: { type: 'object', properties: { target: { type: 'string' } }, required: ['target'] },
  logo: { type: 'object', properties: {} },
};
const STRICT = {
  add: {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' }, note: { type: ['string', 'null'] } },
    required: ['a', 'b', 'note'],
    additionalProperties: false,
  },
  confirm: { ...SCHEMAS.confirm, additionalProperties: false },
  build: { ...SCHEMAS.build, additionalProperties: false },
  logo: { type: 'object', properties: {}, required: [], additionalProperties: false },
};
const DESCRIPTIONS = {
  add: 'Adds two numbers.',
  confirm: 'Asks the user to confirm an action.',
  build: 'Builds a target.',
  logo: 'The logo, as an image.',
};
const NAMES = ['add', 'confirm', 'build', 'logo'] as const;
const ASKED = [
  { message: 'Go ahead with deploy?', call: { name: 'confirm', arguments: { what: 'deploy' }, id: 'c4' } },
];
const PROGRESS = [{ progress: 1, total: 2, message: 'compiling app', tool: 'build', id: 'c5' }];

/** The text answers every API gets, by call id (c6, the image, and c7 differ by API). */
const TEXTS = {
  c1: '3',
  c2: BAD_ARGUMENTS,
  c3: 'unknown tool: nope',
  c4: 'deploy: confirmed',
  c5: 'built app',
};
const FAILED = new Set(['c2', 'c3', 'c7']);

function expectServed(out: PeerOutput, era: string, calls: number) {
  expect(out.asked).toEqual(ASKED);
  expect(out.progress).toEqual(PROGRESS);
  const handshake = era === '2026' ? ['server/discover'] : ['initialize'];
  expect(out.methods.slice(0, 2)).toEqual([...handshake, 'tools/list']);
  // 2026: `confirm` is called again with the answer (MRTR); 2025: the question is a request of the server's.
  const retries = era === '2026' ? 1 : 0;
  expect(out.methods.filter((method) => method === 'tools/call')).toHaveLength(calls + retries);
  // 2026: `build` became a task, followed to its end; a 2025 session calls it directly.
  expect(out.methods.includes('tasks/get')).toBe(era === '2026');
}

describeOn('node24')('zod-mcp/agent with the model SDKs, against a fake model API', () => {
  for (const era of ['2025', '2026']) {
    describe(`era ${era}`, () => {
      it('Anthropic Messages: tool_result blocks, is_error on failures, the image as an image block', async () => {
        const [out, fake] = await runPeer('anthropic', era, anthropicReplies);
        expect(out).toMatchObject({ turns: 2, stopped: 'done', final: [{ type: 'text', text: 'All done.' }] });
        expect(fake.requests.map((request) => request.path)).toEqual(['/v1/messages', '/v1/messages']);
        const tools = NAMES.map((name) => ({ name, description: DESCRIPTIONS[name], input_schema: SCHEMAS[name] }));
        expect(fake.requests[0]!.body).toEqual({
          model: 'test-model',
          max_tokens: 4096,
          messages: [{ role: 'user', content: 'Go.' }],
          tools,
        });
        const messages = fake.requests[1]!.body.messages as unknown[];
        expect(messages.slice(0, 2)).toEqual([
          { role: 'user', content: 'Go.' },
          { role: 'assistant', content: anthropicReplies[0]!.content },
        ]);
        const results = Object.entries(TEXTS).map(([id, text]) => ({
          type: 'tool_result',
          tool_use_id: id,
          content: text,
          ...(FAILED.has(id) ? { is_error: true } : {}),
        }));
        const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL } };
        results.push({
          type: 'tool_result',
          tool_use_id: 'c6',
          content: [{ type: 'text', text: 'the logo:' }, image],
        } as never);
        expect(messages[2]).toEqual({ role: 'user', content: results });
        expect(messages).toHaveLength(3);
        expectServed(out, era, 6);
      });

      it('OpenAI Responses: function_call_output items, strict declarations, a null for a field left out dropped', async () => {
        const [out, fake] = await runPeer('responses', era, responsesReplies);
        expect(out).toMatchObject({ turns: 2, stopped: 'done', final: 'All done.' });
        const tools = NAMES.map((name) => ({
          type: 'function',
          name,
          description: DESCRIPTIONS[name],
          parameters: STRICT[name],
          strict: true,
        }));
        expect(fake.requests[0]!.body).toEqual({
          model: 'test-model',
          input: [{ role: 'user', content: 'Go.' }],
          tools,
        });
        const input = fake.requests[1]!.body.input as unknown[];
        expect(input.slice(0, 8)).toEqual([{ role: 'user', content: 'Go.' }, ...responsesReplies[0]!.output]);
        const output = (call_id: string, out: unknown) => ({ type: 'function_call_output', call_id, output: out });
        expect(input.slice(8)).toEqual([
          ...Object.entries(TEXTS).map(([id, text]) => output(id, text)),
          output('c6', [
            { type: 'input_text', text: 'the logo:' },
            { type: 'input_image', image_url: `data:image/png;base64,${PIXEL}` },
          ]),
          output('c7', NOT_JSON),
        ]);
        expectServed(out, era, 6); // c7's arguments never reach the server
      });

      it('OpenAI Chat Completions: role "tool" messages, the image named in text', async () => {
        const replies = chatReplies();
        const [out, fake] = await runPeer('chat', era, replies);
        expect(out).toMatchObject({ turns: 2, stopped: 'done', final: 'All done.' });
        const tools = NAMES.map((name) => ({
          type: 'function',
          function: { name, description: DESCRIPTIONS[name], parameters: STRICT[name], strict: true },
        }));
        expect(fake.requests[0]!.body).toEqual({
          model: 'test-model',
          messages: [{ role: 'user', content: 'Go.' }],
          tools,
        });
        const tool = (tool_call_id: string, content: string) => ({ role: 'tool', tool_call_id, content });
        expect(fake.requests[1]!.body.messages).toEqual([
          { role: 'user', content: 'Go.' },
          replies[0]!.choices[0]!.message,
          ...Object.entries(TEXTS).map(([id, text]) => tool(id, text)),
          tool('c6', 'the logo:\n[image: image/png]'),
          tool('c7', NOT_JSON),
        ]);
        expectServed(out, era, 6); // c7's arguments never reach the server
      });

      it('Gemini: functionResponse parts, { error } on failures, the gemini schema profile', async () => {
        const [out, fake] = await runPeer('gemini', era, geminiReplies);
        expect(out).toMatchObject({ turns: 2, stopped: 'done', final: 'All done.' });
        expect(fake.requests.map((request) => request.path)).toEqual([
          '/v1/models/test-model:generateContent',
          '/v1/models/test-model:generateContent',
        ]);
        // The SDK writes the types as Gemini's enum (OBJECT, NUMBER): the profile's keywords arrive as they were.
        const upper = (schema: unknown) =>
          JSON.parse(
            JSON.stringify(schema).replace(/"type":"(\w+)"/g, (_, t: string) => `"type":"${t.toUpperCase()}"`),
          );
        const declarations = NAMES.map((name) => ({
          name,
          description: DESCRIPTIONS[name],
          parameters: upper(SCHEMAS[name]),
        }));
        expect(fake.requests[0]!.body.tools).toEqual([{ functionDeclarations: declarations }]);
        const contents = fake.requests[1]!.body.contents as { role: string; parts: unknown[] }[];
        expect(contents).toHaveLength(3);
        const response = (id: string, name: string, text: string) => ({
          functionResponse: { id, name, response: FAILED.has(id) ? { error: text } : { output: text } },
        });
        const names: Record<string, string> = { c1: 'add', c2: 'add', c3: 'nope', c4: 'confirm', c5: 'build' };
        expect(contents[2]).toEqual({
          role: 'user',
          parts: [
            ...Object.entries(TEXTS).map(([id, text]) => response(id, names[id]!, text)),
            response('c6', 'logo', 'the logo:\n[image: image/png]'),
          ],
        });
        expectServed(out, era, 6);
      });

      it("the AI SDK's generateText with the ToolSet: results whole in the steps, failures as error-text", async () => {
        const replies = chatReplies(AI_SDK_CALLS);
        const [out, fake] = await runPeer('ai-sdk', era, replies);
        expect(out.final).toBe('All done.');
        expect(out.outputs).toEqual([
          { toolName: 'add', output: { content: [{ type: 'text', text: '3' }], isError: false } },
          { toolName: 'add', output: { content: [{ type: 'text', text: BAD_ARGUMENTS }], isError: true } },
          { toolName: 'confirm', output: { content: [{ type: 'text', text: 'deploy: confirmed' }], isError: false } },
          { toolName: 'build', output: { content: [{ type: 'text', text: 'built app' }], isError: false } },
          {
            toolName: 'logo',
            output: {
              content: [
                { type: 'text', text: 'the logo:' },
                { type: 'image', data: PIXEL, mimeType: 'image/png' },
              ],
              isError: false,
            },
          },
        ]);
        const functions = NAMES.map((name) => ({
          type: 'function',
          function: { name, description: DESCRIPTIONS[name], parameters: SCHEMAS[name] },
        }));
        expect(fake.requests[0]!.body.tools).toEqual(functions);
        const tool = (tool_call_id: string, content: string) => ({ role: 'tool', tool_call_id, content });
        // @ai-sdk/openai's chat model writes `error-text` as {"error": …} and a content list as JSON.
        const file = { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PIXEL } };
        expect((fake.requests[1]!.body.messages as unknown[]).slice(2)).toEqual([
          tool('c1', '3'),
          tool('c2', JSON.stringify({ error: BAD_ARGUMENTS })),
          tool('c4', 'deploy: confirmed'),
          tool('c5', 'built app'),
          tool('c6', JSON.stringify([{ type: 'text', text: 'the logo:' }, file])),
        ]);
        expectServed(out, era, 5);
      });
    });
  }
});
