// Prompts and completion through handle(), in both eras.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { McpServer, defineResourceTemplate, definePrompt } from '../../src/index.js';
import { modern, serverInfoMeta } from '../helpers/eras.js';
import { request, resultOf, wire } from '../helpers/server.js';

const review = definePrompt({
  name: 'review',
  title: 'Review code',
  description: 'Reviews a change.',
  arguments: z.object({
    language: z.enum(['ts', 'rust', 'go']).describe('the language'),
    focus: z.string().optional().describe('what to look at'),
    depth: z.coerce.number().int().min(1).default(1),
  }),
  complete: {
    focus: (value, { arguments: filled }) => [`${value}-naming`, `${value}-tests`, `lang:${filled.language ?? '?'}`],
  },
  get: ({ language, focus, depth }) =>
    `Review this ${language} change${focus === undefined ? '' : `, looking at ${focus}`} (depth ${depth}).`,
});
const legacy = definePrompt({
  name: 'legacy',
  description: 'A prompt with Zod 3 arguments and messages of its own.',
  arguments: z3.object({ who: z3.string() }),
  get: ({ who }) => ({
    description: `for ${who}`,
    messages: [
      { role: 'user' as const, content: { type: 'text' as const, text: `Hello ${who}` } },
      { role: 'assistant' as const, content: { type: 'text' as const, text: 'Hello!' } },
    ],
  }),
});
const bare = definePrompt({ name: 'bare', description: 'No arguments.', get: () => 'Say hi.' });

const serve = () => new McpServer({ name: 'test-server', version: '1.2.3', prompts: [review, legacy, bare] });
const error = (id: number, code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

describe('prompts/list', () => {
  it('lists each prompt with its arguments from the Zod object (description, required unless optional or defaulted)', async () => {
    expect(wire(await serve().handle(request(1, 'prompts/list')))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 1,
        result: {
          prompts: [
            {
              name: 'review',
              title: 'Review code',
              description: 'Reviews a change.',
              arguments: [
                { name: 'language', description: 'the language', required: true },
                { name: 'focus', description: 'what to look at', required: false },
                { name: 'depth', required: false },
              ],
            },
            {
              name: 'legacy',
              description: 'A prompt with Zod 3 arguments and messages of its own.',
              arguments: [{ name: 'who', required: true }],
            },
            { name: 'bare', description: 'No arguments.' },
          ],
        },
      }),
    );
  });
});

describe('prompts/get', () => {
  it('renders with the arguments parsed by the schema (a string becomes a number where it says so)', async () => {
    expect(
      wire(
        await serve().handle(request(1, 'prompts/get', { name: 'review', arguments: { language: 'ts', depth: '3' } })),
      ),
    ).toBe(
      wire({
        jsonrpc: '2.0',
        id: 1,
        result: { messages: [{ role: 'user', content: { type: 'text', text: 'Review this ts change (depth 3).' } }] },
      }),
    );
    expect(wire(await serve().handle(request(2, 'prompts/get', { name: 'legacy', arguments: { who: 'Ada' } })))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 2,
        result: {
          description: 'for Ada',
          messages: [
            { role: 'user', content: { type: 'text', text: 'Hello Ada' } },
            { role: 'assistant', content: { type: 'text', text: 'Hello!' } },
          ],
        },
      }),
    );
  });

  it('2026: resultType and serverInfo, no cache hints', async () => {
    expect(wire(await serve().handle(modern(1, 'prompts/get', { name: 'bare' })))).toBe(
      wire({
        jsonrpc: '2.0',
        id: 1,
        result: {
          resultType: 'complete',
          messages: [{ role: 'user', content: { type: 'text', text: 'Say hi.' } }],
          ...serverInfoMeta(),
        },
      }),
    );
  });

  it('an unknown prompt, or missing or invalid arguments, are -32602 naming what is wrong', async () => {
    const server = serve();
    expect(wire(await server.handle(request(1, 'prompts/get', { name: 'nope' })))).toBe(
      wire(error(1, -32602, 'Invalid params', 'params.name: unknown prompt: nope')),
    );
    expect(wire(await server.handle(request(2, 'prompts/get', { name: 'review', arguments: { depth: '0' } })))).toBe(
      wire(
        error(
          2,
          -32602,
          'Invalid params',
          'params.arguments.language: Invalid option: expected one of "ts"|"rust"|"go"; params.arguments.depth: Too small: expected number to be >=1',
        ),
      ),
    );
    expect(
      await server.handle(request(3, 'prompts/get', { name: 'review', arguments: { language: 5 } })),
    ).toMatchObject({ error: { code: -32602, data: 'params.arguments.language: expected string, received number' } });
  });

  it('a get that returns something else is -32603, reported', async () => {
    const reported: unknown[] = [];
    const broken = definePrompt({ name: 'broken', description: 'returns a number', get: () => 42 as never });
    const server = new McpServer({ name: 's', version: '1', prompts: [broken], onError: (e) => reported.push(e) });
    expect(await server.handle(request(1, 'prompts/get', { name: 'broken' }))).toStrictEqual(
      error(1, -32603, 'Internal error'),
    );
    expect(reported.map(String)).toStrictEqual(['Error: prompt "broken": get returned number']);
  });

  it('refuses a bad name, a duplicate, and a completer for no argument, when defined', () => {
    expect(() => definePrompt({ name: 'two words', description: '', get: () => '' })).toThrow(
      new TypeError('prompt "two words": the name must be 1 to 128 characters without white space'),
    );
    expect(() => new McpServer({ name: 's', version: '1', prompts: [bare, bare] })).toThrow(
      new TypeError('prompt "bare" is defined twice'),
    );
    expect(() =>
      definePrompt({
        name: 'p',
        description: '',
        arguments: z.object({ a: z.string() }),
        complete: { b: () => [] } as never,
        get: () => '',
      }),
    ).toThrow(new TypeError('prompt "p": complete.b: there is no argument "b"'));
  });
});

describe('completion/complete', () => {
  const ref = { type: 'ref/prompt', name: 'review' };
  const complete = (server: McpServer, id: number, params: Record<string, unknown>, era: '2025' | '2026' = '2025') =>
    server.handle(
      era === '2025' ? request(id, 'completion/complete', params) : modern(id, 'completion/complete', params),
    );

  it('completes a z.enum field by prefix, and a field with a completer from it, with the other arguments', async () => {
    const server = serve();
    expect(wire(await complete(server, 1, { ref, argument: { name: 'language', value: 'r' } }))).toBe(
      wire({ jsonrpc: '2.0', id: 1, result: { completion: { values: ['rust'], total: 1, hasMore: false } } }),
    );
    expect(
      wire(
        await complete(
          server,
          2,
          { ref, argument: { name: 'focus', value: 'x' }, context: { arguments: { language: 'go' } } },
          '2026',
        ),
      ),
    ).toBe(
      wire({
        jsonrpc: '2.0',
        id: 2,
        result: {
          resultType: 'complete',
          completion: { values: ['x-naming', 'x-tests', 'lang:go'], total: 3, hasMore: false },
          ...serverInfoMeta(),
        },
      }),
    );
    expect(await complete(server, 3, { ref, argument: { name: 'depth', value: '' } })).toStrictEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { completion: { values: [], total: 0, hasMore: false } },
    });
  });

  it('gives at most 100 values, saying how many there are', async () => {
    const numbers = defineResourceTemplate({
      uriTemplate: 'n://{n}',
      name: 'n',
      variables: z.object({ n: z.string() }),
      complete: { n: () => Array.from({ length: 250 }, (_, i) => String(i)) },
      read: ({ n }) => n,
    });
    const server = new McpServer({ name: 's', version: '1', resources: [numbers] });
    const { completion } = resultOf<{ completion: { values: string[]; total: number; hasMore: boolean } }>(
      await complete(server, 1, { ref: { type: 'ref/resource', uri: 'n://{n}' }, argument: { name: 'n', value: '' } }),
    );
    expect({ ...completion, values: completion.values.length }).toStrictEqual({
      values: 100,
      total: 250,
      hasMore: true,
    });
  });

  it('an unknown prompt, template or argument is -32602', async () => {
    const server = serve();
    expect(
      await complete(server, 1, { ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'a', value: '' } }),
    ).toStrictEqual(error(1, -32602, 'Invalid params', 'params.ref.name: unknown prompt: nope'));
    expect(await complete(server, 2, { ref, argument: { name: 'nope', value: '' } })).toStrictEqual(
      error(2, -32602, 'Invalid params', 'params.argument.name: prompt "review" has no argument "nope"'),
    );
    expect(
      await complete(server, 3, { ref: { type: 'ref/resource', uri: 'x://{y}' }, argument: { name: 'y', value: '' } }),
    ).toStrictEqual(error(3, -32602, 'Invalid params', 'params.ref.uri: unknown resource template: x://{y}'));
  });
});
