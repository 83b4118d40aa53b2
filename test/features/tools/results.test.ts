// tools/call: what a handler returns -> the CallToolResult on the wire, exact frames with key order.
import { describe, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import type { ContentBlock } from '../../../schemas/common.js';
import { McpServer, defineTool } from '../../../src/index.js';
import { callFrame, expectFrame } from '../../helpers/frame.js';

const returning = (value: unknown) =>
  new McpServer({
    name: 's',
    version: '1',
    tools: [defineTool({ name: 'give', description: 'd', input: z.object({}), handler: () => value as never })],
  });

const result = (content: unknown, isError: boolean) => ({ jsonrpc: '2.0', id: 1, result: { content, isError } });
const text = (t: string) => [{ type: 'text', text: t }];

const blocks: [string, ContentBlock][] = [
  ['text', { type: 'text', text: 'hello', annotations: { audience: ['user'], priority: 0.5 } }],
  ['image', { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }],
  ['audio', { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav', _meta: { seconds: 1 } }],
  [
    'resource_link',
    {
      type: 'resource_link',
      uri: 'file:///tmp/a.txt',
      name: 'a.txt',
      title: 'A',
      description: 'a file',
      mimeType: 'text/plain',
      size: 3,
    },
  ],
  [
    'embedded text resource',
    { type: 'resource', resource: { uri: 'file:///a.md', mimeType: 'text/markdown', text: '# A' } },
  ],
  ['embedded blob resource', { type: 'resource', resource: { uri: 'file:///a.bin', blob: 'AAEC' } }],
];

describe('tools/call results', () => {
  it('a string becomes one text block, isError false', async () => {
    expectFrame(await returning('done').handle(callFrame(1, 'give')), result(text('done'), false));
  });

  it.each(blocks)('a %s block passes through exactly', async (_kind, block) => {
    expectFrame(await returning([block]).handle(callFrame(1, 'give')), result([block], false));
  });

  it('all block kinds together keep their order', async () => {
    const all = blocks.map(([, block]) => block);
    expectFrame(await returning(all).handle(callFrame(1, 'give')), result(all, false));
  });

  it('a full CallToolResult keeps its own isError and structuredContent, in wire order', async () => {
    const value = { isError: true, structuredContent: { code: 7 }, content: text('failed') };
    expectFrame(await returning(value).handle(callFrame(1, 'give')), {
      jsonrpc: '2.0',
      id: 1,
      result: { content: text('failed'), structuredContent: { code: 7 }, isError: true },
    });
  });

  it('a CallToolResult without isError gets isError false', async () => {
    expectFrame(await returning({ content: text('ok') }).handle(callFrame(1, 'give')), result(text('ok'), false));
  });

  const notResults: [string, unknown, string][] = [
    ['a number', 42, 'number'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['a boolean', true, 'boolean'],
    ['an object without content', { answer: 42 }, 'an object without "content"'],
  ];

  it.each(notResults)('%s becomes an isError result saying so', async (_label, value, described) => {
    expectFrame(
      await returning(value).handle(callFrame(1, 'give')),
      result(
        text(
          `tool give returned ${described}; a handler returns a string, an array of content blocks or a CallToolResult`,
        ),
        true,
      ),
    );
  });

  it('invalid content blocks become an isError result naming the bad field', async () => {
    expectFrame(
      await returning([
        { type: 'text', text: 'ok' },
        { type: 'image', mimeType: 'image/png' },
      ]).handle(callFrame(1, 'give')),
      result(text('tool give returned invalid content blocks: [1].data: missing, expected string'), true),
    );
  });

  it('an invalid CallToolResult becomes an isError result naming the bad field', async () => {
    expectFrame(
      await returning({ content: 'just text' }).handle(callFrame(1, 'give')),
      result(text('tool give returned an invalid CallToolResult: content: expected array, received string'), true),
    );
  });
});

describe('tools/call with an output schema', () => {
  const tools = [
    defineTool({
      name: 'sum4',
      description: 'd',
      input: z.object({ values: z.array(z.unknown()) }),
      output: z.object({ sum: z.number(), unit: z.string().default('none') }),
      handler: ({ values }) => ({ sum: values.reduce<number>((a, v) => a + (v as number), 0) }),
    }),
    defineTool({
      name: 'sum3',
      description: 'd',
      input: z3.object({ values: z3.array(z3.unknown()) }),
      output: z3.object({ sum: z3.number(), unit: z3.string().default('none') }),
      handler: ({ values }) => ({ sum: values.reduce<number>((a, v) => a + (v as number), 0) }),
    }),
  ];
  const server = new McpServer({ name: 's', version: '1', tools });

  it.each(['sum4', 'sum3'])('%s: the parsed value is structuredContent, and its JSON the text', async (name) => {
    expectFrame(await server.handle(callFrame(1, name, { values: [1, 2] })), {
      jsonrpc: '2.0',
      id: 1,
      result: { content: text('{"sum":3,"unit":"none"}'), structuredContent: { sum: 3, unit: 'none' }, isError: false },
    });
  });

  it.each(['sum4', 'sum3'])('%s: a value that fails the output schema is an isError result', async (name) => {
    const expected = 'sum: expected number, received string'; // the same words for Zod 4 and Zod 3
    expectFrame(
      await server.handle(callFrame(1, name, { values: ['a', 'b'] })),
      result(text(`tool ${name} returned a value that does not match its output schema: ${expected}`), true),
    );
  });
});

describe('argument errors read the same for Zod 4 and Zod 3', () => {
  const tools = [
    defineTool({
      name: 'v4',
      description: 'd',
      input: z.object({ a: z.number(), b: z.string() }),
      handler: () => 'ok',
    }),
    defineTool({
      name: 'v3',
      description: 'd',
      input: z3.object({ a: z3.number(), b: z3.string() }),
      handler: () => 'ok',
    }),
  ];
  const server = new McpServer({ name: 's', version: '1', tools });

  it.each(['v4', 'v3'])('%s', async (name) => {
    expectFrame(
      await server.handle(callFrame(1, name, { a: 'one' })),
      result(
        text(`Invalid arguments for tool ${name}: a: expected number, received string; b: missing, expected string`),
        true,
      ),
    );
  });
});
