// Zod 3 (`zod/v3`) schemas -> tools/list JSON Schema, shapes: arrays, tuples, records, objects, reuse and recursion.
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v3';
import { inputSchemaOf } from '../../helpers/json-schema.js';

describe('Zod 3 -> JSON Schema: shapes', () => {
  it('arrays, tuples (2020-12 prefixItems, with and without rest) and records', () => {
    const input = z.object({
      list: z.array(z.number()),
      pair: z.tuple([z.string(), z.number()]),
      head: z.tuple([z.string()]).rest(z.number()),
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

  it('strict, passthrough and catchall objects', () => {
    expect(inputSchemaOf(z.object({ a: z.string() }).strict())).toMatchInlineSnapshot(`
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
    expect(inputSchemaOf(z.object({ a: z.string() }).passthrough())).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
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

  it('a recursive schema uses $ref for the cycle only, even beside a reused one', () => {
    const point = z.object({ x: z.number() });
    interface Node {
      value: number;
      children: Node[];
    }
    const Node: z.ZodType<Node> = z.lazy(() => z.object({ value: z.number(), children: z.array(Node) }));
    expect(inputSchemaOf(z.object({ a: point, b: point, tree: Node }))).toMatchInlineSnapshot(`
      {
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
            "properties": {
              "children": {
                "items": {
                  "$ref": "#/properties/tree",
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
        "required": [
          "a",
          "b",
          "tree",
        ],
        "type": "object",
      }
    `);
  });

  it('a recursive $ref escapes the property name (RFC 6901)', () => {
    interface Node {
      next?: Node;
    }
    const Node: z.ZodType<Node> = z.lazy(() => z.object({ next: Node.optional() }));
    expect(inputSchemaOf(z.object({ 'a/b~c d': Node }))).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "properties": {
          "a/b~c d": {
            "properties": {
              "next": {
                "$ref": "#/properties/a~1b~0c%20d",
              },
            },
            "type": "object",
          },
        },
        "required": [
          "a/b~c d",
        ],
        "type": "object",
      }
    `);
  });
});
