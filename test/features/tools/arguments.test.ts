// What models send, under the argument policies: unknown names rejected with the closest known one,
// strings coerced where the schema asks for numbers, booleans, objects or arrays; both off by default.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as z3 from 'zod/v3';
import { McpServer, defineTool, type ArgumentPolicy } from '../../../src/index.js';

const reindex = defineTool({
  name: 'reindex',
  description: 'Reindexes shards.',
  input: z.object({
    shards: z.int().min(1),
    ratio: z.number().optional(),
    dry: z.boolean().default(false),
    label: z.string().optional(),
    either: z.union([z.string(), z.number()]).optional(),
    tags: z.array(z.int()).optional(),
    options: z.object({ depth: z.int(), fast: z.boolean() }).optional(),
  }),
  handler: (args) => JSON.stringify(args),
});
const legacy = defineTool({
  name: 'legacy',
  description: 'Zod 3.',
  input: z3.object({ count: z3.number(), on: z3.boolean() }),
  handler: (args) => JSON.stringify(args),
});

function serve(policy?: ArgumentPolicy, tools = [reindex, legacy]) {
  const server = new McpServer({
    name: 's',
    version: '1',
    tools,
    ...(policy === undefined ? {} : { arguments: policy }),
  });
  return async (name: string, args: object) => {
    const result = await server.callTool(name, args);
    return {
      text: result!.content[0]!.type === 'text' ? (result!.content[0] as { text: string }).text : '',
      isError: result!.isError,
    };
  };
}

describe('argument policies', () => {
  it('off by default: strings stay strings (the schema refuses them), unknown names are dropped', async () => {
    const call = serve();
    expect(await call('reindex', { shards: '3' })).toMatchObject({ isError: true });
    expect(await call('reindex', { shards: 3, shardz: 4 })).toStrictEqual({
      text: '{"shards":3,"dry":false}',
      isError: false,
    });
  });

  it('coerce: exact strings become what the schema asks for, at any depth; anything else is left to the schema', async () => {
    const call = serve({ coerce: true });
    expect(
      await call('reindex', {
        shards: '3',
        ratio: '0.5',
        dry: 'true',
        label: '42',
        either: '7',
        tags: '[1,2]',
        options: '{"depth":"2","fast":"false"}',
      }),
    ).toStrictEqual({
      text: '{"shards":3,"ratio":0.5,"dry":true,"label":"42","either":"7","tags":[1,2],"options":{"depth":2,"fast":false}}',
      isError: false,
    });
    expect(await call('reindex', { shards: ['4'], options: { depth: '5', fast: 'true' } })).toMatchObject({
      isError: true,
    }); // an array is not an int
    expect(await call('reindex', { shards: '3.5' })).toMatchObject({ isError: true }); // not an integer
    expect(await call('reindex', { shards: ' 3' })).toMatchObject({ isError: true }); // not exact
    expect(await call('reindex', { shards: '3', dry: 'yes' })).toMatchObject({ isError: true });
    expect(await call('reindex', { shards: '0x10' })).toMatchObject({ isError: true });
    expect(await call('legacy', { count: '2', on: 'false' })).toStrictEqual({
      text: '{"count":2,"on":false}',
      isError: false,
    });
  });

  it('reject: every unknown name, with the closest known one, at any depth', async () => {
    const call = serve({ unknown: 'reject' });
    expect(await call('reindex', { shardz: 3 })).toStrictEqual({
      text: 'Invalid arguments for tool reindex: unknown argument "shardz" (did you mean "shards"?)',
      isError: true,
    });
    expect(await call('reindex', { shards: 3, options: { depht: 1, fast: true }, zzzzzzzz: 1 })).toStrictEqual({
      text: 'Invalid arguments for tool reindex: unknown argument "options.depht" (did you mean "options.depth"?); unknown argument "zzzzzzzz"',
      isError: true,
    });
    expect(await call('reindex', { shards: 3 })).toMatchObject({ isError: false });
  });

  it('keys named __proto__ stay keys: no prototype reaches the schema, and reject names them', async () => {
    const guarded = defineTool({
      name: 'guarded',
      description: 'g',
      input: z.object({ o: z.object({ x: z.number(), admin: z.boolean().default(false) }) }),
      handler: (args) => JSON.stringify(args),
    });
    const frame = JSON.parse('{"o":{"x":1,"__proto__":{"admin":true}}}') as object;
    expect(await serve({ coerce: true }, [guarded])('guarded', frame)).toStrictEqual({
      text: '{"o":{"x":1,"admin":false}}',
      isError: false,
    });
    expect(
      await serve({ coerce: true }, [guarded])('guarded', { o: '{"x":"1","__proto__":{"admin":true}}' }),
    ).toStrictEqual({ text: '{"o":{"x":1,"admin":false}}', isError: false });
    expect(await serve({ coerce: true, unknown: 'reject' }, [guarded])('guarded', frame)).toStrictEqual({
      text: 'Invalid arguments for tool guarded: unknown argument "o.__proto__"',
      isError: true,
    });
  });

  it('reject stays cheap on many or huge unknown names, naming ten at most', async () => {
    const args = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]));
    const started = performance.now();
    const result = await serve({ unknown: 'reject' })('reindex', { shards: 1, ...args, ['x'.repeat(200_000)]: 1 });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result.text).toMatch(/; and \d+ more$/);
    expect(result.text.length).toBeLessThan(1000);
  });

  it('Zod 3: only the top level is checked, and nothing under .passthrough(); z.any() takes a string as it is', async () => {
    const loose = defineTool({
      name: 'loose',
      description: 'l',
      input: z3.object({ a: z3.string() }).passthrough(),
      handler: (args) => JSON.stringify(args),
    });
    const anything = defineTool({
      name: 'anything',
      description: 'a',
      input: z.object({ v: z.union([z.number(), z.any()]) }),
      handler: (args) => JSON.stringify(args),
    });
    const call = serve({ unknown: 'reject', coerce: true }, [loose, legacy, anything]);
    expect(await call('loose', { a: 'x', extra: 1 })).toStrictEqual({ text: '{"a":"x","extra":1}', isError: false });
    expect(await call('legacy', { count: 1, on: true, more: 1 })).toStrictEqual({
      text: 'Invalid arguments for tool legacy: unknown argument "more"',
      isError: true,
    });
    expect(await call('anything', { v: '007' })).toStrictEqual({ text: '{"v":"007"}', isError: false });
  });

  it("a tool's own policy overrides the server's, key by key", async () => {
    const strict = defineTool({
      name: 'strict',
      description: 's',
      input: z.object({ n: z.int() }),
      arguments: { unknown: 'reject' },
      handler: ({ n }) => `n=${n}`,
    });
    const call = serve({ coerce: true }, [strict]);
    expect(await call('strict', { n: '2' })).toStrictEqual({ text: 'n=2', isError: false });
    expect(await call('strict', { n: 2, m: 1 })).toStrictEqual({
      text: 'Invalid arguments for tool strict: unknown argument "m" (did you mean "n"?)',
      isError: true,
    });
  });

  it('a bad policy is refused when it is given', () => {
    expect(() => new McpServer({ name: 's', version: '1', arguments: { unknown: 'drop' as never } })).toThrow(
      "McpServer: arguments.unknown must be 'strip' or 'reject'",
    );
    expect(() =>
      defineTool({
        name: 't',
        description: 't',
        input: z.object({}),
        arguments: { coerce: 'yes' as never },
        handler: () => '',
      }),
    ).toThrow('tool "t": arguments.coerce must be a boolean');
  });
});
