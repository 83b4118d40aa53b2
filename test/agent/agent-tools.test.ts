// AgentTools in process, without a model: a call never throws (a question nobody answers, a callback
// that fails, a call given up, arguments that are no object), what a caller is listed (toolsets,
// app-only tools), the loop's turns, and the renderings and strict forms the providers share.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AgentTools, anthropic, gemini, openaiChat, openaiResponses, renderText } from '../../src/agent.js';
import { defineApp, defineTool, McpServer } from '../../src/index.js';
import { strictForm } from '../../src/schema/json-schema/strict-form.js';
// @ts-expect-error: a JavaScript module without declarations, shared with the SDK peers
import { makeServer } from './peers/server.mjs';

const server = makeServer() as McpServer;
const text = (value: string, isError = false) => ({ content: [{ type: 'text', text: value }], isError });

describe('AgentTools.call never throws', () => {
  for (const era of ['2025', '2026'] as const) {
    it(`${era}: without onElicit the tool is told it cannot ask, and says so`, async () => {
      const agent = new AgentTools(server, { era });
      expect(await agent.call('confirm', { what: 'deploy' })).toEqual(text('cannot ask the user; deploy not done'));
    });

    it(`${era}: an onElicit that throws becomes an isError result`, async () => {
      const agent = new AgentTools(server, {
        era,
        onElicit: async () => {
          throw new Error('no user here');
        },
      });
      expect(await agent.call('confirm', { what: 'deploy' })).toEqual(text('tool confirm failed: no user here', true));
    });

    it(`${era}: a call given up by its signal is cancelled`, async () => {
      const slow = defineTool({
        name: 'slow',
        description: 'Waits until it is stopped.',
        input: z.object({}),
        handler: (_args, ctx) =>
          new Promise<string>((_resolve, reject) =>
            ctx.signal.addEventListener('abort', () => reject(new Error('stopped'))),
          ),
      });
      const agent = new AgentTools(new McpServer({ name: 's', version: '1', tools: [slow] }), { era });
      const controller = new AbortController();
      const call = agent.call('slow', {}, { signal: controller.signal });
      setTimeout(() => controller.abort(), 20);
      expect(await call).toEqual(text('tool slow was cancelled', true));
    });
  }

  for (const era of ['2025', '2026'] as const) {
    it(`${era}: a call given up while its question waits for an answer is cancelled`, async () => {
      const agent = new AgentTools(server, { era, onElicit: () => new Promise(() => undefined) });
      const controller = new AbortController();
      const call = agent.call('confirm', { what: 'deploy' }, { signal: controller.signal });
      setTimeout(() => controller.abort(), 20);
      expect(await call).toEqual(text('tool confirm was cancelled', true));
    });

    it(`${era}: an onProgress that throws is reported, and the tool goes on`, async () => {
      const reported: unknown[] = [];
      const reporting = makeServer() as McpServer;
      reporting.reportError = (error: unknown) => void reported.push(String(error));
      for (const options of [{}, { roots: [] }]) {
        const agent = new AgentTools(reporting, {
          era,
          ...options,
          onProgress: () => {
            throw new Error('the progress bar broke');
          },
        });
        expect(await agent.call('build', { target: 'app' })).toEqual(text('built app'));
      }
      expect(reported).toEqual(['Error: the progress bar broke', 'Error: the progress bar broke']);
    });
  }

  it('2026: a task given up is cancelled on the server (tasks/cancel), its tool stopped', async () => {
    let stopped = false;
    const long = defineTool({
      name: 'long',
      description: 'Runs until stopped.',
      input: z.object({}),
      task: 'required',
      handler: (_args, ctx) =>
        new Promise<string>((_resolve, reject) =>
          ctx.signal.addEventListener('abort', () => {
            stopped = true;
            reject(new Error('stopped'));
          }),
        ),
    });
    const tasking = new McpServer({ name: 't', version: '1', tools: [long], tasks: {} });
    const methods: string[] = [];
    tasking.use((request, next) => {
      methods.push(request.method);
      return next();
    });
    const agent = new AgentTools(tasking, { era: '2026' });
    const controller = new AbortController();
    const call = agent.call('long', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect(await call).toEqual(text('tool long was cancelled', true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(true);
    expect(methods).toContain('tasks/cancel');
  });

  it('arguments that are no object, or no JSON, are the model’s to correct', async () => {
    const agent = new AgentTools(server);
    expect(await agent.call('add', '[1, 2]')).toEqual(
      text('Invalid arguments for tool add: expected an object, got an array', true),
    );
    expect(await agent.call('add', 7)).toEqual(
      text('Invalid arguments for tool add: expected an object, got a number', true),
    );
    // A text whose JSON.parse message is the same on every Node the suite runs on.
    expect(await agent.call('add', '{"a": 1, "b": }')).toEqual(
      text(`Invalid arguments for tool add: not JSON: Unexpected token '}', "{"a": 1, "b": }" is not valid JSON`, true),
    );
    expect(await agent.call('nope', '{"a": 1, "b": }')).toEqual(text('unknown tool: nope', true));
    expect(await agent.call('add', '{"a": 1, "b": 2}')).toEqual(text('3'));
    expect(await agent.call('add', { a: 1, b: 2, note: null }, { strict: true })).toEqual(text('3'));
  });
});

describe('what a caller is listed', () => {
  const listIssues = defineTool({
    name: 'list_issues',
    description: 'Issues.',
    input: z.object({}),
    toolset: 'issues',
    handler: () => 'x',
  });
  const listRepos = defineTool({
    name: 'list_repos',
    description: 'Repositories.',
    input: z.object({}),
    toolset: 'repos',
    handler: () => 'y',
  });
  const forge = new McpServer({
    name: 'forge',
    version: '1',
    toolsets: { issues: { description: 'Issues', default: true }, repos: { description: 'Repositories' } },
    tools: [listIssues, listRepos],
  });

  it('the toolsets it names, and calls outside them are unknown tools', async () => {
    const agent = new AgentTools(forge, { toolsets: ['repos'] });
    expect((await anthropic.tools(agent)).map((tool) => tool.name)).toEqual(['list_repos']);
    expect(await agent.call('list_issues', {})).toEqual(text('unknown tool: list_issues', true));
  });

  it('no app-only tool: a model API renders no MCP App', async () => {
    const app = defineApp({ html: '<!doctype html><title>chart</title><p>chart</p>' });
    const chart = defineTool({
      name: 'chart',
      description: 'A chart.',
      input: z.object({}),
      app,
      handler: () => 'drawn',
    });
    const refresh = defineTool({
      name: 'refresh',
      description: 'Refreshes it.',
      input: z.object({}),
      app,
      visibility: ['app'],
      handler: () => 'ok',
    });
    const apps = new McpServer({ name: 'apps', version: '1', tools: [chart, refresh] });
    expect((await openaiResponses.tools(apps)).map((tool) => tool.name)).toEqual(['chart']);
    expect((await apps.listTools())!.map((tool) => tool.name)).toEqual(['chart', 'refresh']);
  });
});

describe('names no model API takes', () => {
  const named = (name: string) =>
    defineTool({ name, description: `The ${name} tool.`, input: z.object({}), handler: () => `ran ${name}` });
  const odd = new McpServer({
    name: 'odd',
    version: '1',
    tools: [named('files.read'), named('files_read'), named('9lives'), named(`a${'b'.repeat(70)}`)],
  });

  it('are declared under aliases, and a call by the alias reaches the tool', async () => {
    const agent = new AgentTools(odd);
    const names = (await anthropic.tools(agent)).map((tool) => tool.name);
    expect(names).toEqual(['files_read_2', 'files_read', '_9lives', `a${'b'.repeat(63)}`]);
    const results = await anthropic.toolResults(
      agent,
      names.map((name, i) => ({ type: 'tool_use', id: `t${i}`, name, input: {} })),
    );
    expect(results.map((result) => result.content)).toEqual([
      'ran files.read',
      'ran files_read',
      'ran 9lives',
      `ran a${'b'.repeat(70)}`,
    ]);
  });
});

describe('answers every API takes', () => {
  it('no empty text beside an image; a custom tool call answered as an unknown tool', async () => {
    const result = {
      content: [
        { type: 'text' as const, text: '' },
        { type: 'image' as const, mimeType: 'image/png', data: 'AA==' },
      ],
    };
    expect(anthropic.toolResult('t1', result)).toEqual({
      type: 'tool_result',
      tool_use_id: 't1',
      content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AA==' } }],
    });
    expect(await gemini.tools(new McpServer({ name: 'empty', version: '1' }))).toEqual([]);
    const message = { tool_calls: [{ id: 'c1', type: 'custom', custom: { name: 'grammar' } }] };
    expect(await openaiChat.toolResults(server, message)).toEqual([
      { role: 'tool', tool_call_id: 'c1', content: 'unknown tool: grammar' },
    ]);
  });
});

describe('the loop', () => {
  /** A client of the Messages API's shape that always asks for `add`. */
  const eager = {
    calls: 0,
    messages: {
      create: async () => {
        eager.calls++;
        return { content: [{ type: 'tool_use', id: `t${eager.calls}`, name: 'add', input: { a: 1, b: 1 } }] };
      },
    },
  };

  it('stops after maxTurns replies, with the last one answered', async () => {
    const loop = await anthropic.runToolLoop({ tools: server, client: eager, model: 'm', messages: [], maxTurns: 2 });
    expect(loop).toMatchObject({ turns: 2, stopped: 'maxTurns' });
    expect(loop.messages.at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 't2', content: '2' }],
    });
    await expect(
      anthropic.runToolLoop({ tools: server, client: eager, model: 'm', messages: [], maxTurns: 0 }),
    ).rejects.toThrow('maxTurns must be a whole number, at least 1');
  });
});

describe('renderings and forms', () => {
  it('structuredContent as JSON when no text block holds it; links and resources in words', () => {
    expect(renderText({ content: [{ type: 'text', text: 'sum:' }], structuredContent: { sum: 3 } })).toBe(
      'sum:\n{"sum":3}',
    );
    expect(renderText({ content: [{ type: 'text', text: '{ "sum": 3 }' }], structuredContent: { sum: 3 } })).toBe(
      '{ "sum": 3 }',
    );
    expect(
      renderText({
        content: [
          { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt' },
          { type: 'resource', resource: { uri: 'file:///b.txt', text: 'bee' } },
          { type: 'audio', mimeType: 'audio/wav', data: 'AA==' },
        ],
      }),
    ).toBe('[resource: file:///a.txt (a.txt)]\nbee\n[audio: audio/wav]');
  });

  const schema = (input: z.ZodObject) => z.toJSONSchema(input, { io: 'input' }) as Record<string, unknown>;

  it('a strict form where OpenAI strict mode can take the schema, none where it cannot', () => {
    expect(strictForm(schema(z.object({ a: z.string(), b: z.number().optional() })))).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: ['number', 'null'] } },
      required: ['a', 'b'],
      additionalProperties: false,
    });
    expect(strictForm(schema(z.object({ tags: z.record(z.string(), z.string()) })))).toBeUndefined();
    expect(strictForm(schema(z.object({ name: z.string().min(1) })))).toBeUndefined();
    expect(strictForm(schema(z.object({ n: z.number().default(3) })))).toBeUndefined();
    expect(strictForm(schema(z.object({ at: z.iso.datetime() })))).toMatchObject({
      properties: { at: { format: 'date-time' } },
    });
  });
});
