// Zod 4 schemas -> tools/list JSON Schema, values: formats, bounds, enums, unions, optional/default/nullable.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputSchemaOf, outputSchemaOf } from '../../helpers/json-schema.js';

describe('Zod 4 -> JSON Schema: values', () => {
  it('string formats: email, url, uuid, datetime', () => {
    const input = z.object({ email: z.email(), url: z.url(), id: z.uuid(), at: z.iso.datetime() });
    expect(inputSchemaOf(input)).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "properties": {
          "at": {
            "format": "date-time",
            "pattern": "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$",
            "type": "string",
          },
          "email": {
            "format": "email",
            "pattern": "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$",
            "type": "string",
          },
          "id": {
            "format": "uuid",
            "pattern": "^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$",
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

  it('min and max on strings, numbers, integers and arrays', () => {
    const input = z.object({
      s: z.string().min(1).max(5),
      n: z.number().min(0).max(10),
      positive: z.int().positive(),
      between: z.number().gt(0).lt(1),
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
          "n": {
            "maximum": 10,
            "minimum": 0,
            "type": "number",
          },
          "positive": {
            "exclusiveMinimum": 0,
            "maximum": 9007199254740991,
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
          "a",
        ],
        "type": "object",
      }
    `);
  });

  it('enums and literals', () => {
    const input = z.object({ e: z.enum(['a', 'b']), s: z.literal('x'), n: z.literal(3), nil: z.literal(null) });
    expect(inputSchemaOf(input)).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "properties": {
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
          "s",
          "n",
          "nil",
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
            "oneOf": [
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

  it('a field with a default is required on the output side (the handler always sends it)', () => {
    const output = z.object({ withDefault: z.number().default(3), optional: z.string().optional() });
    expect(outputSchemaOf(output)).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "additionalProperties": false,
        "properties": {
          "optional": {
            "type": "string",
          },
          "withDefault": {
            "default": 3,
            "type": "number",
          },
        },
        "required": [
          "withDefault",
        ],
        "type": "object",
      }
    `);
  });
});
