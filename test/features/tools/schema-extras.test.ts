// What a tool's JSON Schema may carry beyond Zod's output: 2020-12 keywords (SEP-2106) and
// x-mcp-header markers (SEP-2243), checked when the tool is defined.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { McpServer, defineTool } from '../../../src/index.js';

const define = (input: z.ZodObject | z3.AnyZodObject, extra: Record<string, unknown> = {}) =>
  defineTool({ name: 't', description: 'test tool', input: input as never, handler: () => 'ok', ...extra });

describe('JSON Schema 2020-12 keywords Zod cannot produce', () => {
  const conditional = {
    allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
    if: { properties: { contact: { const: 'phone' } }, required: ['contact'] },
    then: { required: ['phone'] },
    else: { required: ['email'] },
  };
  const fields = { contact: z.enum(['phone', 'email']), phone: z.string().optional(), email: z.string().optional() };

  it('reach tools/list verbatim through .meta() (Zod 4), at the root and in $defs', () => {
    const address = z.object({ city: z.string() }).meta({ id: 'address', $anchor: 'addressDef' });
    const tool = define(z.object({ ...fields, address: address.optional() }).meta(conditional));
    expect(tool.descriptor.inputSchema).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        contact: { type: 'string', enum: ['phone', 'email'] },
        phone: { type: 'string' },
        email: { type: 'string' },
        address: { $ref: '#/$defs/address' },
      },
      required: ['contact'],
      ...conditional,
      $defs: {
        address: {
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
          $anchor: 'addressDef',
        },
      },
    });
  });

  it('reach tools/list through the jsonSchema option, for Zod 3 and Zod 4 alike; arguments are still checked by Zod', () => {
    const tool = define(z3.object({ contact: z3.enum(['phone', 'email']) }), { jsonSchema: { input: conditional } });
    expect(tool.descriptor.inputSchema).toMatchObject({ type: 'object', ...conditional });
    expect(Object.keys(tool.descriptor.inputSchema).slice(-4)).toStrictEqual(['allOf', 'if', 'then', 'else']);
    const server = new McpServer({ name: 's', version: '1', tools: [tool] });
    // The keywords describe; only Zod judges: no phone or email is fine, a contact outside the enum is not.
    return Promise.all([
      expect(
        server.handle({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 't', arguments: { contact: 'phone' } },
        }),
      ).resolves.toMatchObject({
        result: { isError: false },
      }),
      expect(
        server.handle({
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 't', arguments: { contact: 'fax' } },
        }),
      ).resolves.toMatchObject({
        result: { isError: true },
      }),
    ]);
  });

  it('refuses a keyword that would replace a generated one', () => {
    expect(() => define(z.object({ a: z.string() }), { jsonSchema: { input: { properties: {} } } })).toThrow(
      new TypeError(
        'tool "t" input: jsonSchema.properties would replace the generated "properties"; express it in the Zod schema',
      ),
    );
  });
});

describe('x-mcp-header', () => {
  it('marks arguments through the headers option or .meta(), and binds them to their paths', () => {
    const tool = define(
      z.object({
        region: z.string(),
        opts: z.object({ tenant: z.int().meta({ 'x-mcp-header': 'Tenant' }) }),
        dry: z.boolean(),
      }),
      { headers: { region: 'Region', dry: 'Dry-Run' } },
    );
    expect(tool.headers).toStrictEqual([
      { header: 'Region', path: ['region'] },
      { header: 'Tenant', path: ['opts', 'tenant'] },
      { header: 'Dry-Run', path: ['dry'] },
    ]);
    expect(tool.descriptor.inputSchema.properties).toMatchObject({
      region: { type: 'string', 'x-mcp-header': 'Region' },
      dry: { 'x-mcp-header': 'Dry-Run' },
    });
  });

  const refused: [string, z.ZodObject | z3.AnyZodObject, Record<string, unknown>, string][] = [
    [
      'an argument that does not exist',
      z.object({ a: z.string() }),
      { headers: { b: 'B' } },
      'tool "t": headers.b: the input has no argument named "b"',
    ],
    [
      'a name that is no token',
      z.object({ a: z.string() }),
      { headers: { a: 'Bad Name' } },
      'tool "t": x-mcp-header at properties.a: "Bad Name" is not a header name token (RFC 9110)',
    ],
    [
      'a number property',
      z.object({ a: z.number() }),
      { headers: { a: 'A' } },
      'tool "t": x-mcp-header at properties.a: only string, integer and boolean properties may carry it, not "number"',
    ],
    [
      'a name used twice, whatever its case',
      z.object({ a: z.string(), b: z.string() }),
      { headers: { a: 'Region', b: 'REGION' } },
      'tool "t": x-mcp-header at properties.b: "REGION" is already used by a',
    ],
    [
      'a property not reachable through properties alone',
      z.object({ list: z.array(z.object({ a: z.string().meta({ 'x-mcp-header': 'A' }) })) }),
      {},
      'tool "t": x-mcp-header at properties.list.items.properties.a: only properties reachable from the root through "properties" may carry it',
    ],
  ];
  it.each(refused)('refuses %s', (_what, input, extra, message) => {
    expect(() => define(input, extra)).toThrow(new TypeError(message));
  });

  it('lets a property be named x-mcp-header, and data keywords hold such keys', () => {
    const tool = define(
      z.object({ 'x-mcp-header': z.string(), b: z.object({}).default({ 'x-mcp-header': 1 } as never) }),
    );
    expect(tool.headers).toStrictEqual([]);
  });
});
