// Calling a server in the same process without frames: ids assigned (so calls at once never
// collide), pages followed, progress to a callback, cancellation, error frames thrown.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode, McpServer, ProtocolError, definePrompt, defineResource, defineTool } from '../../src/index.js';

const weather = defineTool({
  name: 'get_weather',
  description: 'Current temperature for a city, in °C.',
  input: z.object({ city: z.string().describe('city name') }),
  output: z.object({ city: z.string(), celsius: z.number() }),
  handler: async ({ city }) => ({ city, celsius: 21 }),
});
const slow = defineTool({
  name: 'slow',
  description: 'Counts to `n`, one step each 10 ms.',
  input: z.object({ n: z.int() }),
  handler: async ({ n }, ctx) => {
    for (let i = 1; i <= n; i++) {
      await sleep(10, undefined, { signal: ctx.signal });
      ctx.progress(i, n, `step ${i}`);
    }
    return `counted to ${n}`;
  },
});
const tools = Array.from({ length: 5 }, (_, i) =>
  defineTool({ name: `t${i}`, description: 't', input: z.object({}), handler: () => `t${i}` }),
);
const server = new McpServer({
  name: 's',
  version: '1',
  tools: [weather, slow, ...tools],
  pageSize: 2,
  resources: [defineResource({ uri: 'test://a', name: 'a', read: () => 'A' })],
  prompts: [
    definePrompt({
      name: 'hi',
      description: 'h',
      arguments: z.object({ who: z.string() }),
      get: ({ who }) => `Hi ${who}`,
    }),
  ],
});

describe('the in-process client', () => {
  it('callTool returns the result, structured content included; many at once never collide', async () => {
    expect(await server.callTool('get_weather', { city: 'Lisbon' })).toStrictEqual({
      content: [{ type: 'text', text: '{"city":"Lisbon","celsius":21}' }],
      structuredContent: { city: 'Lisbon', celsius: 21 },
      isError: false,
    });
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) => server.callTool('get_weather', { city: `c${i}` })),
    );
    expect(many.map((result) => (result?.structuredContent as { city: string } | undefined)?.city)).toStrictEqual(
      Array.from({ length: 20 }, (_, i) => `c${i}`),
    );
  });

  it('a tool failure is a result (isError), as for any client; a malformed call throws the error frame', async () => {
    expect(await server.callTool('get_weather', { city: 3 })).toStrictEqual({
      content: [
        { type: 'text', text: 'Invalid arguments for tool get_weather: city: expected string, received number' },
      ],
      isError: true,
    });
    expect(await server.callTool('nope')).toMatchObject({ isError: true, content: [{ text: 'unknown tool: nope' }] });
    const thrown = await server.readResource('test://missing').catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ProtocolError);
    expect(thrown).toMatchObject({ code: ErrorCode.ResourceNotFound, data: { uri: 'test://missing' } });
  });

  it('progress reaches onProgress; an abort cancels (null)', async () => {
    const seen: unknown[] = [];
    expect(await server.callTool('slow', { n: 3 }, { onProgress: (progress) => seen.push(progress) })).toMatchObject({
      content: [{ text: 'counted to 3' }],
    });
    expect(seen).toStrictEqual([
      { progress: 1, total: 3, message: 'step 1' },
      { progress: 2, total: 3, message: 'step 2' },
      { progress: 3, total: 3, message: 'step 3' },
    ]);
    const abort = new AbortController();
    const cancelled = server.callTool('slow', { n: 100 }, { signal: abort.signal });
    setTimeout(() => abort.abort(), 25);
    expect(await cancelled).toBeNull();
  });

  it('lists follow every page; resources and prompts too', async () => {
    expect((await server.listTools())!.map((tool) => tool.name)).toStrictEqual([
      'get_weather',
      'slow',
      't0',
      't1',
      't2',
      't3',
      't4',
    ]);
    expect(await server.listResources()).toStrictEqual([{ uri: 'test://a', name: 'a' }]);
    expect(await server.readResource('test://a')).toStrictEqual({ contents: [{ uri: 'test://a', text: 'A' }] });
    expect((await server.listPrompts())!.map((prompt) => prompt.name)).toStrictEqual(['hi']);
    expect(await server.getPrompt('hi', { who: 'Ada' })).toStrictEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'Hi Ada' } }],
    });
  });

  it('speaks 2026 to a server that serves only 2026, and answers as on 2025', async () => {
    const modern = new McpServer({ name: 's', version: '1', tools: [weather], eras: ['rev2026'] });
    expect(await modern.callTool('get_weather', { city: 'Oslo' })).toStrictEqual({
      content: [{ type: 'text', text: '{"city":"Oslo","celsius":21}' }],
      structuredContent: { city: 'Oslo', celsius: 21 },
      isError: false,
    });
    expect((await modern.listTools())!.map((tool) => tool.name)).toStrictEqual(['get_weather']);
  });

  it('an onProgress that throws is reported, and the call goes on; an aborted list is null', async () => {
    const errors: unknown[] = [];
    const quiet = new McpServer({
      name: 's',
      version: '1',
      tools: [slow],
      onError: (error) => void errors.push(error),
    });
    expect(
      await quiet.callTool(
        'slow',
        { n: 2 },
        {
          onProgress: () => {
            throw new Error('callback broke');
          },
        },
      ),
    ).toMatchObject({ content: [{ text: 'counted to 2' }], isError: false });
    expect(errors.map(String)).toStrictEqual(['Error: callback broke', 'Error: callback broke']);
    expect(await quiet.listTools({ signal: AbortSignal.abort() })).toBeNull();
  });

  it('checks scopes against the caller it is given', async () => {
    const scoped = new McpServer({
      name: 's',
      version: '1',
      tools: [
        defineTool({ name: 'admin', description: 'a', input: z.object({}), scopes: ['admin'], handler: () => 'ok' }),
      ],
    });
    const auth = { subject: 'u', scopes: [], claims: {} };
    await expect(scoped.callTool('admin', {}, { auth })).rejects.toMatchObject({ code: ErrorCode.InsufficientScope });
    expect(await scoped.callTool('admin')).toMatchObject({ content: [{ text: 'ok' }] });
  });
});
