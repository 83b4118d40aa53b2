// Zod objects as elicitation forms: what each field becomes, what is left out, and what is refused (naming the field).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as z3 from 'zod/v3';
import { elicitationForm } from '../../../src/index.js';

describe('elicitationForm', () => {
  it('states strings (with the four formats), numbers, integers and booleans, their bounds, labels and defaults', () => {
    const form = elicitationForm(
      z.object({
        name: z.string().min(1).max(40).meta({ title: 'Name', description: 'your name' }),
        email: z.email(),
        site: z.url(),
        born: z.iso.date(),
        at: z.iso.datetime(),
        code: z.string().regex(/^[A-Z]{3}$/),
        age: z.int().min(0).max(150).default(30),
        ratio: z.number().gt(0).lt(1),
        subscribe: z.boolean().default(true),
        note: z.string().optional(),
      }),
    );
    expect(form.requestedSchema).toStrictEqual({
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name', description: 'your name', minLength: 1, maxLength: 40 },
        email: { type: 'string', format: 'email' },
        site: { type: 'string', format: 'uri' },
        born: { type: 'string', format: 'date' },
        at: { type: 'string', format: 'date-time' },
        code: { type: 'string' },
        age: { type: 'integer', minimum: 0, maximum: 150, default: 30 },
        ratio: { type: 'number' },
        subscribe: { type: 'boolean', default: true },
        note: { type: 'string' },
      },
      required: ['name', 'email', 'site', 'born', 'at', 'code', 'ratio'],
    });
  });

  it('states single and multiple choices: untitled, titled (oneOf / items.anyOf), legacy enumNames, a literal', () => {
    const titles = [
      { const: 'a', title: 'Apple' },
      { const: 'b', title: 'Banana' },
    ];
    const form = elicitationForm(
      z.object({
        plain: z.enum(['a', 'b']).default('b'),
        titled: z.enum(['a', 'b']).meta({ oneOf: titles }),
        legacy: z.enum(['a', 'b']).meta({ enumNames: ['Apple', 'Banana'] }),
        only: z.literal('yes'),
        many: z
          .array(z.enum(['a', 'b']))
          .min(1)
          .max(2),
        manyTitled: z.array(z.enum(['a', 'b'])).meta({ items: { anyOf: titles } }),
      }),
    );
    expect(form.requestedSchema.properties).toStrictEqual({
      plain: { type: 'string', enum: ['a', 'b'], default: 'b' },
      titled: { type: 'string', oneOf: titles },
      legacy: { type: 'string', enum: ['a', 'b'], enumNames: ['Apple', 'Banana'] },
      only: { type: 'string', enum: ['yes'] },
      many: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['a', 'b'] } },
      manyTitled: { type: 'array', items: { anyOf: titles } },
    });
  });

  it('takes Zod 3 objects too', () => {
    expect(
      elicitationForm(z3.object({ ok: z3.boolean(), n: z3.number().int().optional() })).requestedSchema,
    ).toStrictEqual({
      type: 'object',
      properties: { ok: { type: 'boolean' }, n: { type: 'integer' } },
      required: ['ok'],
    });
  });

  it('refuses what a form cannot hold, naming the field', () => {
    const refusals: [string, z.ZodObject][] = [
      ['field "address" is an object', z.object({ address: z.object({ city: z.string() }) })],
      ['field "tags" is an array of something other than choices of strings', z.object({ tags: z.array(z.string()) })],
      ['field "nick" may be null', z.object({ nick: z.string().nullable() })],
      ['field "either" has no single type', z.object({ either: z.union([z.string(), z.number()]) })],
    ];
    for (const [message, schema] of refusals)
      expect(() => elicitationForm(schema), message).toThrow(`elicitation form: ${message}`);
    expect(() => elicitationForm(z.string() as never)).toThrow(
      'elicitation form: the schema must be a Zod object (z.object)',
    );
  });

  it('is made once per schema', () => {
    const schema = z.object({ ok: z.boolean() });
    expect(elicitationForm(schema)).toBe(elicitationForm(schema));
  });
});
