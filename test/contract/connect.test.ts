// zod-mcp/testing's in-process client and snapshot: a test calls its server as a client of either
// era would, and takes the surface `zod-mcp snapshot` writes.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineTool, elicit, McpServer } from '../../src/index.js';
import { connect, formatSnapshot, RemoteError, snapshotOf } from '../../src/testing.js';

const add = defineTool({
  name: 'add',
  title: 'Add',
  description: 'Adds two numbers.',
  input: z.object({ b: z.number().describe('second'), a: z.number().describe('first') }),
  output: z.object({ sum: z.number() }),
  annotations: { readOnlyHint: true },
  handler: ({ a, b }) => ({ sum: a + b }),
});
const greet = defineTool({
  name: 'greet',
  description: 'Asks a name.',
  input: z.object({}),
  handler: async (_args, ctx) => {
    const { who } = await ctx.ask({ who: elicit('Name?', z.object({ name: z.string() })) });
    return who.action === 'accept' ? `hello ${who.content.name}` : who.action;
  },
});
const server = () => new McpServer({ name: 'kit', version: '3.1.0', tools: [greet, add], instructions: 'Be kind.' });

describe.each(['2025', '2026'] as const)('connect, era %s', (era) => {
  it('calls, lists and answers questions as a client of the era', async () => {
    const client = await connect(server(), {
      era,
      capabilities: { elicitation: { form: {} } },
      answer: async (question) => ({ action: 'accept', content: { name: `Ada (${question.key ?? question.method})` } }),
    });
    expect(client.era).toBe(era);
    expect((await client.listTools()).map((tool) => tool.name)).toStrictEqual(['greet', 'add']);
    const meta =
      era === '2026' ? { _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'kit', version: '3.1.0' } } } : {};
    const type = era === '2026' ? { resultType: 'complete' } : {};
    expect(await client.callTool('add', { a: 1, b: 2 })).toStrictEqual({
      ...type,
      content: [{ type: 'text', text: '{"sum":3}' }],
      structuredContent: { sum: 3 },
      isError: false,
      ...meta,
    });
    const asked = era === '2026' ? 'who' : 'elicitation/create';
    expect(await client.callTool('greet')).toStrictEqual({
      ...type,
      content: [{ type: 'text', text: `hello Ada (${asked})` }],
      isError: false,
      ...meta,
    });
    await client.close();
  });

  it('throws an error frame as a RemoteError with its code and data', async () => {
    const client = await connect(server(), { era });
    const error = await client.request('nope/nothing').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(RemoteError);
    expect([(error as RemoteError).code, (error as RemoteError).message]).toStrictEqual([-32601, 'Method not found']);
  });
});

describe('snapshotOf', () => {
  it('is the canonical surface: eras, sorted lists, sorted keys, instructions', async () => {
    const snapshot = await snapshotOf(server());
    expect(snapshot.server).toStrictEqual({ name: 'kit', version: '3.1.0', instructions: 'Be kind.' });
    expect(Object.keys(snapshot.eras)).toStrictEqual(['2025', '2026']);
    expect(snapshot.eras['2025']?.protocolVersion).toBe('2025-11-25');
    expect(snapshot.tools.map((tool) => tool.name)).toStrictEqual(['add', 'greet']);
    expect(snapshot.tools[0]).toStrictEqual({
      name: 'add',
      title: 'Add',
      description: 'Adds two numbers.',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        properties: { a: { description: 'first', type: 'number' }, b: { description: 'second', type: 'number' } },
        required: ['a', 'b'],
        type: 'object',
      },
      outputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        additionalProperties: false,
        properties: { sum: { type: 'number' } },
        required: ['sum'],
        type: 'object',
      },
      annotations: { readOnlyHint: true },
    });
    expect([snapshot.resources, snapshot.resourceTemplates, snapshot.prompts]).toStrictEqual([[], [], []]);
  });

  it('structural: no descriptions, titles or instructions, property names kept', async () => {
    const named = defineTool({
      name: 'named',
      description: 'Has a property called description.',
      input: z.object({ description: z.string().describe('the text'), title: z.string() }),
      handler: () => 'ok',
    });
    const snapshot = await snapshotOf(new McpServer({ name: 's', version: '1.0.0', tools: [named] }), {
      structural: true,
    });
    expect(snapshot.structural).toBe(true);
    expect(snapshot.tools).toStrictEqual([
      {
        name: 'named',
        inputSchema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          properties: { description: { type: 'string' }, title: { type: 'string' } },
          required: ['description', 'title'],
          type: 'object',
        },
      },
    ]);
  });

  it('serves one era: the other is left out', async () => {
    const modern = new McpServer({ name: 'm', version: '1.0.0', tools: [add], eras: ['rev2026'] });
    expect(Object.keys((await snapshotOf(modern)).eras)).toStrictEqual(['2026']);
    const legacy = new McpServer({ name: 'l', version: '1.0.0', tools: [add], eras: ['rev2025'] });
    expect(Object.keys((await snapshotOf(legacy)).eras)).toStrictEqual(['2025']);
  });

  it('writes the same bytes however the server ordered its tools and keys', async () => {
    const reordered = new McpServer({ name: 'kit', version: '3.1.0', tools: [add, greet], instructions: 'Be kind.' });
    expect(formatSnapshot(await snapshotOf(reordered))).toBe(formatSnapshot(await snapshotOf(server())));
  });
});
