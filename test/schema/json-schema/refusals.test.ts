// Schemas JSON Schema cannot hold are refused when the tool is defined, naming the tool and the field,
// with the same text for Zod 4 and Zod 3.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { toJsonSchema } from '../../../src/schema/json-schema/index.js';
import type { AnyObjectSchema } from '../../../src/schema/zod.js';
import { inputSchemaOf, refusalOf } from '../../helpers/json-schema.js';

const cannot = (field: string, what: string) =>
  `tool "t" input: field "${field}": ${what} cannot be represented in JSON Schema`;

const kinds: [string, z.ZodType, z3.ZodTypeAny, string][] = [
  ['bigint', z.bigint(), z3.bigint(), 'BigInt'],
  ['date', z.date(), z3.date(), 'Date'],
  ['map', z.map(z.string(), z.string()), z3.map(z3.string(), z3.string()), 'Map'],
  ['set', z.set(z.string()), z3.set(z3.string()), 'Set'],
  ['function', z.function(), z3.function(), 'Function types'],
  ['symbol', z.symbol(), z3.symbol(), 'Symbols'],
  ['undefined', z.undefined(), z3.undefined(), 'Undefined'],
  ['void', z.void(), z3.void(), 'Void'],
  ['NaN', z.nan(), z3.nan(), 'NaN'],
  ['bigint literal', z.literal(1n), z3.literal(1n as never), 'BigInt literals'],
];

describe('refused schemas', () => {
  describe.each(kinds)('%s', (_kind, zod4, zod3, what) => {
    it('as a top-level field, in Zod 4 and Zod 3 alike', () => {
      expect(refusalOf(z.object({ when: zod4 }))).toBe(cannot('when', what));
      expect(refusalOf(z3.object({ when: zod3 }))).toBe(cannot('when', what));
    });

    it('inside an optional nested object in an array', () => {
      expect(refusalOf(z.object({ a: z.array(z.object({ b: zod4.optional() })) }))).toBe(cannot('a[].b', what));
      expect(refusalOf(z3.object({ a: z3.array(z3.object({ b: zod3.optional() })) }))).toBe(cannot('a[].b', what));
    });
  });

  it('names record values and tuple elements as [] too', () => {
    expect(refusalOf(z.object({ r: z.record(z.string(), z.date()) }))).toBe(cannot('r[]', 'Date'));
    expect(refusalOf(z3.object({ r: z3.record(z3.string(), z3.date()) }))).toBe(cannot('r[]', 'Date'));
    expect(refusalOf(z.object({ t: z.tuple([z.string(), z.date()]) }))).toBe(cannot('t[]', 'Date'));
    expect(refusalOf(z3.object({ t: z3.tuple([z3.string(), z3.date()]) }))).toBe(cannot('t[]', 'Date'));
  });

  it('refuses literal(undefined), which zod-to-json-schema writes as { type: "object" }', () => {
    expect(refusalOf(z.object({ u: z.literal(undefined) }))).toBe(cannot('u', 'Literal `undefined`'));
    expect(refusalOf(z3.object({ u: z3.literal(undefined) }))).toBe(cannot('u', 'Literal `undefined`'));
  });

  it('refuses a transform on the output side (its output has no schema), in both versions', () => {
    const refuse = (output: AnyObjectSchema) => () => toJsonSchema(output, 'output', 'tool "t" output');
    const message = 'tool "t" output: field "o.n": Transforms cannot be represented in JSON Schema';
    expect(refuse(z.object({ o: z.object({ n: z.string().transform(Number) }) }))).toThrow(new TypeError(message));
    expect(refuse(z3.object({ o: z3.object({ n: z3.string().transform(Number) }) }))).toThrow(new TypeError(message));
  });

  it('refuses a schema that mixes Zod versions, instead of an empty schema or a crash', () => {
    expect(refusalOf(z3.object({ a: z3.object({ b: z.string() as never }) }))).toBe(
      'tool "t" input: field "a.b": a Zod 4 schema inside a Zod 3 schema; use one Zod version per tool',
    );
    expect(refusalOf(z.object({ a: z.array(z3.string() as never) }))).toBe(
      'tool "t" input: field "a[]": a Zod 3 schema inside a Zod 4 schema; use one Zod version per tool',
    );
  });

  it('refuses a schema nested past MAX_SCHEMA_DEPTH, naming the tool, instead of a bare RangeError', () => {
    let deep4: z.ZodType = z.string();
    let deep3: z3.ZodTypeAny = z3.string();
    for (let i = 0; i < 5000; i++) {
      deep4 = z.object({ a: deep4 });
      deep3 = z3.object({ a: deep3 });
    }
    const message = `tool "t" input: field "x${'.a'.repeat(11)}.…": schemas nest more than 256 deep; no client or model reads a schema this deep`;
    expect(refusalOf(z.object({ x: deep4 }))).toBe(message);
    expect(refusalOf(z3.object({ x: deep3 }))).toBe(message);
    let fine: z.ZodType = z.string();
    for (let i = 0; i < 200; i++) fine = z.object({ a: fine });
    expect(() => inputSchemaOf(z.object({ x: fine }))).not.toThrow();
  });

  it('refuses a lazy schema that holds itself with nothing between, whose checks would never end', () => {
    const message = (field: string) =>
      `tool "t" input: field "${field}": a lazy schema that holds itself with no field or element between (z.lazy(() => itself), or a union holding itself): checking a value against it never ends`;
    const self4: z.ZodType = z.lazy(() => self4);
    const union4: z.ZodType = z.lazy(() => z.union([z.string(), union4.optional()]));
    const self3: z3.ZodTypeAny = z3.lazy(() => self3);
    const union3: z3.ZodTypeAny = z3.lazy(() => z3.union([z3.string(), union3]));
    expect(refusalOf(z.object({ n: self4 }))).toBe(message('n'));
    expect(refusalOf(z.object({ a: z.array(union4) }))).toBe(message('a[]'));
    expect(refusalOf(z3.object({ n: self3 }))).toBe(message('n'));
    expect(refusalOf(z3.object({ n: union3 }))).toBe(message('n'));
    // Recursion through a field is a tree type, and stays allowed.
    const tree: z.ZodType = z.lazy(() => z.object({ children: z.array(tree) }));
    expect(() => inputSchemaOf(z.object({ tree }))).not.toThrow();
  });

  it('refuses a Zod 4 schema made by another copy of zod, saying how to install one', () => {
    const foreign = z.string().describe('a field');
    // What a second copy's schema carries: the version of the zod that made it.
    (foreign._zod as { version: unknown }).version = { major: 4, minor: 0, patch: 0 };
    expect(refusalOf(z.object({ a: z.object({ b: foreign }) }))).toBe(
      `tool "t" input: field "a.b": made by zod 4.0.0, but the server reads schemas with zod ${z.core.version.major}.${z.core.version.minor}.${z.core.version.patch}: two copies of zod are installed. zod-mcp uses the app's zod (a peer dependency): install one version (\`npm ls zod\`, then \`npm dedupe\` or one version in package.json)`,
    );
  });
});
