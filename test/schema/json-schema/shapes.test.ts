// Zod 4 schemas -> tools/list JSON Schema, shapes: arrays, tuples, records, objects, reuse and recursion.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { inputSchemaOf } from '../../helpers/json-schema.js';

describe('Zod 4 -> JSON Schema: shapes', () => {
  it('arrays, tuples (with and without rest) and records', () => {
    const input = z.object({
      list: z.array(z.number()),
      pair: z.tuple([z.string(), z.number()]),
      head: z.tuple([z.string()], z.number()),
      counts: z.record(z.string(), z.number()),
    });
    expect(inputSchemaOf(input)).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "properties": {
          "counts": {
            "additionalProperties": {
              "type": "number",
            },
            "propertyNames": {
              "type": "string",
            },
            "type": "object",
          },
          "head": {
            "items": {
              "type": "number",
            },
            "minItems": 1,
            "prefixItems": [
              {
                "type": "string",
              },
            ],
            "type": "array",
          },
          "list": {
            "items": {
              "type": "number",
            },
            "type": "array",
          },
          "pair": {
            "items": false,
            "maxItems": 2,
            "minItems": 2,
            "prefixItems": [
              {
                "type": "string",
              },
              {
                "type": "number",
              },
            ],
            "type": "array",
          },
        },
        "required": [
          "list",
          "pair",
          "head",
          "counts",
        ],
        "type": "object",
      }
    `);
  });

  it('nested objects and descriptions', () => {
    const input = z
      .object({ outer: z.object({ inner: z.object({ q: z.string().describe('the query') }) }).describe('outer part') })
      .describe('the whole input');
    expect(inputSchemaOf(input)).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "description": "the whole input",
        "properties": {
          "outer": {
            "description": "outer part",
            "properties": {
              "inner": {
                "properties": {
                  "q": {
                    "description": "the query",
                    "type": "string",
                  },
                },
                "required": [
                  "q",
                ],
                "type": "object",
              },
            },
            "required": [
              "inner",
            ],
            "type": "object",
          },
        },
        "required": [
          "outer",
        ],
        "type": "object",
      }
    `);
  });

  it('strict, loose and catchall objects', () => {
    expect(inputSchemaOf(z.strictObject({ a: z.string() }))).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "additionalProperties": false,
        "properties": {
          "a": {
            "type": "string",
          },
        },
        "required": [
          "a",
        ],
        "type": "object",
      }
    `);
    expect(inputSchemaOf(z.looseObject({ a: z.string() }))).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "additionalProperties": {},
        "properties": {
          "a": {
            "type": "string",
          },
        },
        "required": [
          "a",
        ],
        "type": "object",
      }
    `);
    expect(inputSchemaOf(z.object({ a: z.string() }).catchall(z.number()))).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "additionalProperties": {
          "type": "number",
        },
        "properties": {
          "a": {
            "type": "string",
          },
        },
        "required": [
          "a",
        ],
        "type": "object",
      }
    `);
  });

  it('transforms and pipes describe their input side', () => {
    const input = z.object({
      length: z.string().transform((s) => s.length),
      count: z.string().pipe(z.coerce.number()),
    });
    expect(inputSchemaOf(input)).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "properties": {
          "count": {
            "type": "string",
          },
          "length": {
            "type": "string",
          },
        },
        "required": [
          "length",
          "count",
        ],
        "type": "object",
      }
    `);
  });

  it('a reused sub-schema is written out at each use, with no $ref', () => {
    const point = z.object({ x: z.number(), y: z.number() });
    expect(inputSchemaOf(z.object({ from: point, to: point }))).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "properties": {
          "from": {
            "properties": {
              "x": {
                "type": "number",
              },
              "y": {
                "type": "number",
              },
            },
            "required": [
              "x",
              "y",
            ],
            "type": "object",
          },
          "to": {
            "properties": {
              "x": {
                "type": "number",
              },
              "y": {
                "type": "number",
              },
            },
            "required": [
              "x",
              "y",
            ],
            "type": "object",
          },
        },
        "required": [
          "from",
          "to",
        ],
        "type": "object",
      }
    `);
  });

  it('a recursive schema uses $ref for the cycle only', () => {
    const point = z.object({ x: z.number() });
    const Node = z.object({
      value: z.number(),
      get children(): z.ZodArray<typeof Node> {
        return z.array(Node);
      },
    });
    expect(inputSchemaOf(z.object({ a: point, b: point, tree: Node }))).toMatchInlineSnapshot(`
      {
        "$defs": {
          "__schema0": {
            "properties": {
              "children": {
                "items": {
                  "$ref": "#/$defs/__schema0",
                },
                "type": "array",
              },
              "value": {
                "type": "number",
              },
            },
            "required": [
              "value",
              "children",
            ],
            "type": "object",
          },
        },
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "properties": {
          "a": {
            "properties": {
              "x": {
                "type": "number",
              },
            },
            "required": [
              "x",
            ],
            "type": "object",
          },
          "b": {
            "properties": {
              "x": {
                "type": "number",
              },
            },
            "required": [
              "x",
            ],
            "type": "object",
          },
          "tree": {
            "$ref": "#/$defs/__schema0",
          },
        },
        "required": [
          "a",
          "b",
          "tree",
        ],
        "type": "object",
      }
    `);
  });

  it('zod/mini object schemas go through z.toJSONSchema too', () => {
    const input = zm.object({ a: zm.string(), b: zm.optional(zm.number()) });
    expect(inputSchemaOf(input)).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['a'],
    });
  });

  it('never goes through zod-to-json-schema, which reads a Zod 4 schema as nothing', () => {
    const input = z.object({ a: z.string() });
    // The trap DESIGN.md names: zod-to-json-schema only knows Zod 3.
    expect(zodToJsonSchema(input as never)).toStrictEqual({ $schema: 'http://json-schema.org/draft-07/schema#' });
    expect(inputSchemaOf(input)).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
    });
  });
});
