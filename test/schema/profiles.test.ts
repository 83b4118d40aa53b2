// Schema profiles: each profile's tools/list holds to the rules it claims, over the shipped tools and
// a schema using every shape; openai-strict's nulls for optional properties are taken as left out.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, McpServer, type Tool } from '../../src/index.js';
import { workspaceTools } from '../../src/workspace.js';
import { demoTools, serverTools } from '../../src/demo.js';
import type { SchemaProfile } from '../../src/schema/json-schema/profiles.js';

type Node = Record<string, unknown>;

type Tree = { name: string; children: Tree[] };
const Tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(Tree) }));
const seen: unknown[] = [];
const everyShape = defineTool({
  name: 'every_shape',
  description: 'A schema with every shape.',
  input: z.object({
    name: z.string().describe('who'),
    nick: z.string().optional(),
    age: z.number().int().min(0).max(150).optional(),
    mode: z.enum(['a', 'b']).default('a'),
    tags: z.array(z.object({ k: z.string(), v: z.string().optional() })).optional(),
    note: z.string().nullable().optional(),
    when: z.iso.datetime().optional(),
    email: z.email().optional(),
    choice: z
      .union([
        z.object({ kind: z.literal('x'), x: z.number() }),
        z.object({ kind: z.literal('y'), y: z.string().optional() }),
      ])
      .optional(),
    meta: z.record(z.string(), z.string()).optional(),
    tree: Tree.optional(),
    either: z.union([z.string(), z.number()]).optional(),
    exact: z.literal(5).optional(),
    range: z.number().gt(0).lt(10).optional(),
    list: z
      .array(z.object({ a: z.string(), b: z.string().optional() }))
      .nullable()
      .optional(),
    pair: z.tuple([z.object({ a: z.string().optional() }), z.number()]).optional(),
    either_list: z.union([z.array(z.object({ c: z.string().optional() })), z.string()]).optional(),
    anything: z.unknown().optional(),
  }),
  handler: (args) => {
    seen.push(args);
    return 'ok';
  },
});

const corpus: Tool[] = [
  ...serverTools,
  ...demoTools,
  ...workspaceTools({ root: mkdtempSync(join(tmpdir(), 'profiles-')) }),
  everyShape,
];

/** Every schema inside `schema`, the root included. */
function nodesOf(schema: unknown): Node[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return [];
  const node = schema as Node;
  const children: unknown[] = [];
  for (const key of ['items', 'not', 'additionalProperties']) children.push(node[key]);
  for (const key of ['prefixItems', 'anyOf', 'oneOf', 'allOf'])
    if (Array.isArray(node[key])) children.push(...(node[key] as unknown[]));
  for (const key of ['properties', '$defs', 'definitions'])
    if (typeof node[key] === 'object' && node[key] !== null) children.push(...Object.values(node[key] as Node));
  return [node, ...children.flatMap(nodesOf)];
}

async function listed(profile: SchemaProfile): Promise<Node[]> {
  const server = new McpServer({ name: 't', version: '1', tools: corpus, schemaProfile: profile });
  return ((await server.listTools()) ?? []).map((tool) => tool.inputSchema as Node);
}

const GEMINI_KEYWORDS = [
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
];

describe('schema profiles: the rules each claims, over every shipped tool and every shape', () => {
  it('openai-strict: every object lists all its properties as required and has additionalProperties: false; no oneOf', async () => {
    const broken: string[] = [];
    for (const schema of await listed('openai-strict')) {
      for (const node of nodesOf(schema)) {
        if (node.type !== 'object' && node.properties === undefined) continue;
        const keys = Object.keys((node.properties as Node | undefined) ?? {});
        if (node.additionalProperties !== false)
          broken.push(`additionalProperties in ${JSON.stringify(node).slice(0, 80)}`);
        if (JSON.stringify(node.required) !== JSON.stringify(keys))
          broken.push(`required in ${JSON.stringify(node).slice(0, 80)}`);
      }
      if (JSON.stringify(schema).includes('"oneOf"')) broken.push('oneOf');
    }
    expect(broken).toStrictEqual([]);
  });

  it("gemini: only the keywords Gemini's function declarations accept, one type per schema, no $ref, string formats enum and date-time", async () => {
    const broken: string[] = [];
    for (const schema of await listed('gemini')) {
      for (const node of nodesOf(schema)) {
        for (const key of Object.keys(node)) if (!GEMINI_KEYWORDS.includes(key)) broken.push(`keyword ${key}`);
        if (node.type !== undefined && (typeof node.type !== 'string' || node.type === 'null'))
          broken.push(`type ${JSON.stringify(node.type)}`);
        if (
          node.type === 'string' &&
          node.format !== undefined &&
          !['enum', 'date-time'].includes(node.format as string)
        )
          broken.push(`format ${String(node.format)}`);
        if (Array.isArray(node.enum) && node.enum.some((value) => typeof value !== 'string'))
          broken.push(`enum ${JSON.stringify(node.enum)}`);
        if ('items' in node && (typeof node.items !== 'object' || node.items === null || Array.isArray(node.items)))
          broken.push(`items ${JSON.stringify(node.items)}`);
      }
    }
    expect(broken).toStrictEqual([]);
  });

  it('default: the schema as generated', async () => {
    expect(await listed('default')).toStrictEqual(corpus.map((tool) => tool.descriptor.inputSchema));
  });

  it('refuses an unknown profile', () => {
    expect(() => new McpServer({ name: 't', version: '1', schemaProfile: 'claude' as never })).toThrow(
      new TypeError('schemaProfile must be one of default, openai-strict, gemini'),
    );
  });
});

describe('schema profiles: exact schemas', () => {
  it('gemini writes a tuple as the one items schema it takes', async () => {
    const tuple = defineTool({
      name: 'tuple',
      description: 'd',
      input: z.object({ same: z.tuple([z.string(), z.string()]), mixed: z.tuple([z.string(), z.number()]) }),
      handler: () => 'ok',
    });
    const listedTuple = (await new McpServer({
      name: 't',
      version: '1',
      tools: [tuple],
      schemaProfile: 'gemini',
    }).listTools())![0]!.inputSchema;
    expect(listedTuple.properties).toStrictEqual({
      same: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string' } },
      mixed: { type: 'array', minItems: 2, maxItems: 2, items: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
    });
  });

  const tool = defineTool({
    name: 'find',
    description: 'Finds.',
    input: z.object({
      query: z.string(),
      limit: z.number().int().min(1).max(50).optional(),
      kind: z.enum(['a', 'b']).optional(),
      at: z.email().optional(),
    }),
    handler: () => 'found',
  });
  const listedOne = async (profile: SchemaProfile) =>
    (await new McpServer({ name: 't', version: '1', tools: [tool], schemaProfile: profile }).listTools())![0]!
      .inputSchema;

  it('openai-strict', async () => {
    expect(await listedOne('openai-strict')).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        query: { type: 'string' },
        limit: { type: ['integer', 'null'], minimum: 1, maximum: 50 },
        kind: { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] },
        at: {
          type: ['string', 'null'],
          format: 'email',
          pattern: (tool.descriptor.inputSchema.properties as Record<string, { pattern: string }>).at!.pattern,
        },
      },
      required: ['query', 'limit', 'kind', 'at'],
      additionalProperties: false,
    });
  });

  it('gemini', async () => {
    expect(await listedOne('gemini')).toStrictEqual({
      type: 'object',
      properties: {
        query: { type: 'string' },
        limit: { type: 'integer', minimum: 1, maximum: 50 },
        kind: { type: 'string', enum: ['a', 'b'] },
        at: {
          type: 'string',
          description: '(format: email)',
          pattern: (tool.descriptor.inputSchema.properties as Record<string, { pattern: string }>).at!.pattern,
        },
      },
      required: ['query'],
    });
  });
});

describe('openai-strict: a null for an optional property is left out', () => {
  const server = new McpServer({ name: 't', version: '1', tools: [everyShape], schemaProfile: 'openai-strict' });

  it('drops nulls the profile allowed, keeps nulls the schema takes, and checks the rest as before', async () => {
    seen.length = 0;
    const result = await server.callTool('every_shape', {
      name: 'Ada',
      nick: null,
      note: null,
      tags: [{ k: 'a', v: null }],
      tree: null,
      choice: { kind: 'y', y: null },
    });
    expect(result).toStrictEqual({ content: [{ type: 'text', text: 'ok' }], isError: false });
    expect(seen).toStrictEqual([{ name: 'Ada', mode: 'a', note: null, tags: [{ k: 'a' }], choice: { kind: 'y' } }]);
  });

  it('drops them inside nullable arrays, tuples and unions of arrays, and keeps a null a schema of anything takes', async () => {
    seen.length = 0;
    const result = await server.callTool('every_shape', {
      name: 'Ada',
      list: [{ a: 'x', b: null }],
      pair: [{ a: null }, 1],
      either_list: [{ c: null }],
      anything: null,
    });
    expect(result).toStrictEqual({ content: [{ type: 'text', text: 'ok' }], isError: false });
    expect(seen).toStrictEqual([
      { name: 'Ada', mode: 'a', list: [{ a: 'x' }], pair: [{}, 1], either_list: [{}], anything: null },
    ]);
    expect(await server.callTool('every_shape', { name: null })).toStrictEqual({
      content: [{ type: 'text', text: 'Invalid arguments for tool every_shape: name: expected string, received null' }],
      isError: true,
    });
  });

  it('leaves nulls alone under the default profile (the schema refuses them)', async () => {
    const plain = new McpServer({ name: 't', version: '1', tools: [everyShape] });
    expect(await plain.callTool('every_shape', { name: 'Ada', nick: null })).toStrictEqual({
      content: [{ type: 'text', text: 'Invalid arguments for tool every_shape: nick: expected string, received null' }],
      isError: true,
    });
  });
});
