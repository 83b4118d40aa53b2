// Which tool schemas are parsed synchronously (no author functions) and which asynchronously.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { parse, runsAuthorCode } from '../../src/schema/parse.js';

type Node4 = { kids: Node4[] };
const tree4: z.ZodType<Node4> = z.lazy(() => z.object({ kids: z.array(tree4) }));
type Node3 = { kids: Node3[] };
const tree3: z3.ZodType<Node3> = z3.lazy(() => z3.object({ kids: z3.array(tree3) }));

describe('runsAuthorCode', () => {
  const cases: [string, unknown, boolean][] = [
    [
      'zod 4 built-in checks only',
      z.object({ a: z.string().min(1).email(), b: z.array(z.int().max(3)).optional(), c: z.enum(['x']).default('x') }),
      false,
    ],
    ['zod 4 recursive, no functions', z.object({ root: tree4 }), false],
    [
      'zod 4 refine deep in an array',
      z.object({ a: z.array(z.object({ b: z.string().refine((s) => s !== 'x') })) }),
      true,
    ],
    ['zod 4 superRefine on the root', z.object({ a: z.string() }).superRefine(() => undefined), true],
    ['zod 4 transform', z.object({ a: z.string().transform(Number) }), true],
    ['zod 4 preprocess', z.object({ a: z.preprocess(String, z.string()) }), true],
    ['zod 4 custom', z.object({ a: z.custom<string>((v) => typeof v === 'string') }), true],
    [
      'zod 4 refine inside a union option',
      z.object({ a: z.union([z.string(), z.number().refine((n) => n > 0)]) }),
      true,
    ],
    ['zod 3 plain', z3.object({ a: z3.string().min(1), b: z3.array(z3.number()).optional() }), false],
    ['zod 3 recursive, no functions', z3.object({ root: tree3 }), false],
    ['zod 3 refine in a nested object', z3.object({ a: z3.object({ b: z3.string().refine((s) => s !== 'x') }) }), true],
    ['zod 3 transform in a record', z3.object({ a: z3.record(z3.string().transform(Number)) }), true],
  ];
  it.each(cases)('%s', (_name, schema, expected) => {
    expect(runsAuthorCode(schema)).toBe(expected);
  });
});

describe('parse', () => {
  it('parses synchronously when asked to, and asynchronously otherwise', async () => {
    const schema = z.object({ a: z.number() });
    expect(parse(schema, { a: 1 }, false)).toStrictEqual({ ok: true, value: { a: 1 } });
    const late = parse(schema, { a: 'x' }, true);
    expect(late).toBeInstanceOf(Promise);
    expect(await late).toMatchObject({ ok: false, issues: [{ path: ['a'] }] });
  });

  it('an async refinement that rejects is a rejected parse, never an unhandled rejection', async () => {
    const schema = z.object({ a: z.string() }).refine(async () => Promise.reject(new Error('refinement broke')));
    await expect(parse(schema, { a: 'x' }, runsAuthorCode(schema))).rejects.toThrow('refinement broke');
  });
});
