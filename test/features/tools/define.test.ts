// defineTool: what is checked when a tool is defined or a server built, and the handler's inferred types.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { McpServer, defineTool, type ToolContext } from '../../../src/index.js';
import { expectFrame } from '../../helpers/frame.js';

const input = z.object({});
const handler = () => 'ok';
const nameRule = 'tool names are 1 to 128 characters of A-Z, a-z, 0-9, "_", "-" and "."';

describe('defineTool names', () => {
  it.each(['a', 'get_weather', 'files.read', 'A-Z_a-z.0-9', 'x'.repeat(128)])('accepts %j', (name) => {
    expect(defineTool({ name, description: 'd', input, handler }).name).toBe(name);
  });

  it.each(['', 'has space', 'slash/name', 'colon:name', 'naïve', 'emoji🙂', 'x'.repeat(129)])(
    'refuses %j, naming it',
    (name) => {
      expect(() => defineTool({ name, description: 'd', input, handler })).toThrow(
        new TypeError(`tool ${JSON.stringify(name)}: invalid name: ${nameRule}`),
      );
    },
  );

  it('refuses a handler that is not a function', () => {
    expect(() => defineTool({ name: 't', description: 'd', input, handler: undefined as never })).toThrow(
      new TypeError('tool "t": handler must be a function'),
    );
  });

  it('refuses a name that is not a string', () => {
    expect(() => defineTool({ name: 42 as never, description: 'd', input, handler })).toThrow(
      new TypeError('tool 42: invalid name: expected string, received number'),
    );
  });
});

describe('defineTool schemas', () => {
  const notObjects: [string, unknown][] = [
    ['a Zod 4 string', z.string()],
    ['a Zod 4 array', z.array(z.object({}))],
    ['a Zod 4 object with a transform', z.object({}).transform(() => ({}))],
    ['a Zod 4 union of objects', z.union([z.object({ a: z.string() }), z.object({ b: z.string() })])],
    ['a Zod 3 string', z3.string()],
    ['a Zod 3 refined object', z3.object({}).refine(() => true)],
    ['a raw shape', { a: z.string() }],
    ['undefined', undefined],
  ];

  it.each(notObjects)('refuses %s as input, naming the tool', (_label, schema) => {
    expect(() => defineTool({ name: 'lookup', description: 'd', input: schema as never, handler })).toThrow(
      new TypeError('tool "lookup": input must be a Zod object schema (z.object(...))'),
    );
  });

  it.each(notObjects.filter(([, schema]) => schema !== undefined))(
    'refuses %s as output, naming the tool',
    (_label, schema) => {
      expect(() => defineTool({ name: 'lookup', description: 'd', input, output: schema, handler } as never)).toThrow(
        new TypeError('tool "lookup": output must be a Zod object schema (z.object(...))'),
      );
    },
  );

  it('refuses an unrepresentable output field, naming tool, side and field', () => {
    expect(() =>
      defineTool({
        name: 'when',
        description: 'd',
        input,
        output: z.object({ at: z.date() }),
        handler: () => ({ at: new Date() }),
      }),
    ).toThrow(new TypeError('tool "when" output: field "at": Date cannot be represented in JSON Schema'));
  });
});

describe('new McpServer', () => {
  it('refuses two tools with the same name', () => {
    const tools = [
      defineTool({ name: 'echo', description: 'one', input, handler }),
      defineTool({ name: 'other', description: 'two', input, handler }),
      defineTool({ name: 'echo', description: 'three', input: z3.object({}), handler }),
    ];
    expect(() => new McpServer({ name: 's', version: '1', tools })).toThrow(
      new TypeError('tool "echo" is defined twice'),
    );
  });

  it('lists each tool with the schemas computed when it was defined', async () => {
    const tool = defineTool({
      name: 'add',
      title: 'Add',
      description: 'Adds two numbers.',
      input: z.object({ a: z.number(), b: z.number().default(0) }),
      output: z3.object({ sum: z3.number() }),
      annotations: { readOnlyHint: true },
      handler: ({ a, b }) => ({ sum: a + b }),
    });
    const server = new McpServer({ name: 's', version: '1', tools: [tool] });
    expectFrame(await server.handle({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), {
      jsonrpc: '2.0',
      id: 1,
      result: {
        tools: [
          {
            name: 'add',
            title: 'Add',
            description: 'Adds two numbers.',
            inputSchema: {
              $schema: 'https://json-schema.org/draft/2020-12/schema',
              type: 'object',
              properties: { a: { type: 'number' }, b: { default: 0, type: 'number' } },
              required: ['a'],
            },
            outputSchema: {
              $schema: 'https://json-schema.org/draft/2020-12/schema',
              type: 'object',
              properties: { sum: { type: 'number' } },
              required: ['sum'],
            },
            annotations: { readOnlyHint: true },
          },
        ],
      },
    });
  });
});

describe('handler types', () => {
  it('infers the argument from a Zod 4 input schema (output side: defaults filled, transforms applied)', () => {
    defineTool({
      name: 't',
      description: 'd',
      input: z.object({
        a: z.string(),
        n: z.number().default(1),
        o: z.boolean().optional(),
        len: z.string().transform((s) => s.length),
      }),
      handler: (args, context) => {
        expectTypeOf(args).toEqualTypeOf<{ a: string; n: number; o?: boolean | undefined; len: number }>();
        expectTypeOf(context).toEqualTypeOf<ToolContext>();
        return 'ok';
      },
    });
  });

  it('infers the argument from a Zod 3 input schema', () => {
    defineTool({
      name: 't',
      description: 'd',
      input: z3.object({
        a: z3.string(),
        n: z3.number().default(1),
        o: z3.boolean().optional(),
        len: z3.string().transform((s) => s.length),
      }),
      handler: (args) => {
        expectTypeOf(args).toEqualTypeOf<{ a: string; n: number; o?: boolean | undefined; len: number }>();
        return 'ok';
      },
    });
  });

  it('with an output schema, the handler returns its input type, in both versions', () => {
    defineTool({
      name: 't',
      description: 'd',
      input,
      output: z.object({ sum: z.number() }),
      handler: () => ({ sum: 1 }),
    });
    defineTool({
      name: 't',
      description: 'd',
      input,
      output: z3.object({ sum: z3.number() }),
      handler: () => ({ sum: 1 }),
    });
    // @ts-expect-error a string is not the output schema's type
    defineTool({ name: 't', description: 'd', input, output: z.object({ sum: z.number() }), handler: () => 'ok' });
    defineTool({
      name: 't',
      description: 'd',
      input,
      output: z3.object({ sum: z3.number() }),
      // @ts-expect-error sum must be a number
      handler: () => ({ sum: 'one' }),
    });
  });

  it('without one, the handler returns a string, content blocks or a CallToolResult', () => {
    defineTool({ name: 't', description: 'd', input, handler: () => [{ type: 'text' as const, text: 'hi' }] });
    defineTool({ name: 't', description: 'd', input, handler: async () => ({ content: [], isError: true }) });
    // @ts-expect-error a number is none of them
    defineTool({ name: 't', description: 'd', input, handler: () => 42 });
  });
});
