// Zod 3 (`zod/v3`) schemas -> tools/list JSON Schema, values. Through zod-to-json-schema, corrected to
// the 2020-12 form Zod 4 writes; differences from Zod 4 that a client cannot notice are left as they are.
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v3';
import { inputSchemaOf, outputSchemaOf } from '../../helpers/json-schema.js';

describe('Zod 3 -> JSON Schema: values', () => {
  it('string formats: email, url, uuid, datetime', () => {
    const input = z.object({
      email: z.string().email(),
      url: z.string().url(),
      id: z.string().uuid(),
      at: z.string().datetime(),
    });
    expect(inputSchemaOf(input)).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "properties": {
          "at": {
            "format": "date-time",
            "type": "string",
          },
          "email": {
            "format": "email",
            "type": "string",
          },
          "id": {
            "format": "uuid",
            "type": "string",
          },
          "url": {
            "format": "uri",
            "type": "string",
          },
        },
        "required": [
          "email",
          "url",
          "id",
          "at",
        ],
        "type": "object",
      }
    `);
  });

  it('min and max on strings, numbers, integers and arrays; exclusive bounds are numbers', () => {
    const input = z.object({
      s: z.string().min(1).max(5),
      n: z.number().min(0).max(10),
      positive: z.number().int().positive(),
      between: z.number().gt(0).lt(1),
      both: z.number().gt(0).min(5),
      a: z.array(z.string()).min(1).max(3),
    });
    expect(inputSchemaOf(input)).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "properties": {
          "a": {
            "items": {
              "type": "string",
            },
            "maxItems": 3,
            "minItems": 1,
            "type": "array",
          },
          "between": {
            "exclusiveMaximum": 1,
            "exclusiveMinimum": 0,
            "type": "number",
          },
          "both": {
            "exclusiveMinimum": 0,
            "minimum": 5,
            "type": "number",
          },
          "n": {
            "maximum": 10,
            "minimum": 0,
            "type": "number",
          },
          "positive": {
            "exclusiveMinimum": 0,
            "type": "integer",
          },
          "s": {
            "maxLength": 5,
            "minLength": 1,
            "type": "string",
          },
        },
        "required": [
          "s",
          "n",
          "positive",
          "between",
          "both",
          "a",
        ],
        "type": "object",
      }
    `);
  });

  it('enums, native enums and literals, null included', () => {
    const input = z.object({
      e: z.enum(['a', 'b']),
      native: z.nativeEnum({ A: 'a', B: 'b' } as const),
      s: z.literal('x'),
      n: z.literal(3),
      nil: z.literal(null),
      described: z.literal(null).describe('always null'),
    });
    expect(inputSchemaOf(input)).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "properties": {
          "described": {
            "const": null,
            "description": "always null",
            "type": "null",
          },
          "e": {
            "enum": [
              "a",
              "b",
            ],
            "type": "string",
          },
          "n": {
            "const": 3,
            "type": "number",
          },
          "native": {
            "enum": [
              "a",
              "b",
            ],
            "type": "string",
          },
          "nil": {
            "const": null,
            "type": "null",
          },
          "s": {
            "const": "x",
            "type": "string",
          },
        },
        "required": [
          "e",
          "native",
          "s",
          "n",
          "nil",
          "described",
        ],
        "type": "object",
      }
    `);
  });

  it('unions and discriminated unions', () => {
    const input = z.object({
      u: z.union([z.string(), z.number()]),
      d: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('a'), a: z.string() }),
        z.object({ kind: z.literal('b'), b: z.number() }),
      ]),
    });
    expect(inputSchemaOf(input)).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "properties": {
          "d": {
            "anyOf": [
              {
                "properties": {
                  "a": {
                    "type": "string",
                  },
                  "kind": {
                    "const": "a",
                    "type": "string",
                  },
                },
                "required": [
                  "kind",
                  "a",
                ],
                "type": "object",
              },
              {
                "properties": {
                  "b": {
                    "type": "number",
                  },
                  "kind": {
                    "const": "b",
                    "type": "string",
                  },
                },
                "required": [
                  "kind",
                  "b",
                ],
                "type": "object",
              },
            ],
          },
          "u": {
            "type": [
              "string",
              "number",
            ],
          },
        },
        "required": [
          "u",
          "d",
        ],
        "type": "object",
      }
    `);
  });

  it('optional, default, nullable: a field with a default is not required on the input side', () => {
    const input = z.object({
      optional: z.string().optional(),
      withDefault: z.number().default(3),
      nullable: z.string().nullable(),
      nullish: z.string().nullish(),
      nullableObject: z.object({ b: z.string() }).nullable(),
    });
    expect(inputSchemaOf(input)).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "properties": {
          "nullable": {
            "type": [
              "string",
              "null",
            ],
          },
          "nullableObject": {
            "anyOf": [
              {
                "properties": {
                  "b": {
                    "type": "string",
                  },
                },
                "required": [
                  "b",
                ],
                "type": "object",
              },
              {
                "type": "null",
              },
            ],
          },
          "nullish": {
            "type": [
              "string",
              "null",
            ],
          },
          "optional": {
            "type": "string",
          },
          "withDefault": {
            "default": 3,
            "type": "number",
          },
        },
        "required": [
          "nullable",
          "nullableObject",
        ],
        "type": "object",
      }
    `);
  });

  it('output side: refinements keep their schema, pipes describe what comes out', () => {
    const output = z.object({
      refined: z.string().refine((s) => s.length > 0),
      preprocessed: z.preprocess((v) => v, z.number()),
      piped: z.string().pipe(z.coerce.number()),
    });
    expect(outputSchemaOf(output)).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "properties": {
          "piped": {
            "type": "number",
          },
          "preprocessed": {
            "type": "number",
          },
          "refined": {
            "type": "string",
          },
        },
        "required": [
          "refined",
          "preprocessed",
          "piped",
        ],
        "type": "object",
      }
    `);
  });
});
