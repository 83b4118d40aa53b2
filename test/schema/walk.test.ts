// The one schema walker: every kind of both Zod versions, with the parts it leads to and their steps.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { children, find } from '../../src/schema/walk.js';
import { runsAuthorCode } from '../../src/schema/parse.js';
import { refusalOf } from '../helpers/json-schema.js';

const s4 = z.string();
const n4 = z.number();
const s3 = z3.string();
const n3 = z3.number();

/** What `children` gives, with each part named by the scalar it is. */
function parts(schema: unknown, side?: 'input' | 'output'): [string, string | undefined][] {
  const names = new Map<unknown, string>([
    [s4, 's'],
    [n4, 'n'],
    [s3, 's'],
    [n3, 'n'],
  ]);
  return children(schema, side).map(({ schema: part, step }) => [names.get(part) ?? 'other', step]);
}

describe('children of every Zod 4 kind', () => {
  const table: [string, unknown, [string, string | undefined][]][] = [
    [
      'object',
      z.object({ a: s4, b: n4 }),
      [
        ['s', 'a'],
        ['n', 'b'],
      ],
    ],
    [
      'object with catchall',
      z.object({ a: s4 }).catchall(n4),
      [
        ['s', 'a'],
        ['n', '[]'],
      ],
    ],
    ['array', z.array(s4), [['s', '[]']]],
    [
      'tuple with rest',
      z.tuple([s4], n4),
      [
        ['s', '[]'],
        ['n', '[]'],
      ],
    ],
    [
      'record',
      z.record(s4, n4),
      [
        ['s', undefined],
        ['n', '[]'],
      ],
    ],
    [
      'map',
      z.map(s4, n4),
      [
        ['s', undefined],
        ['n', '[]'],
      ],
    ],
    ['set', z.set(s4), [['s', '[]']]],
    [
      'union',
      z.union([s4, n4]),
      [
        ['s', undefined],
        ['n', undefined],
      ],
    ],
    ['discriminated union', z.discriminatedUnion('k', [z.object({ k: z.literal('a') })]), [['other', undefined]]],
    [
      'intersection',
      z.intersection(s4, n4),
      [
        ['s', undefined],
        ['n', undefined],
      ],
    ],
    ['optional', s4.optional(), [['s', undefined]]],
    ['nullable', s4.nullable(), [['s', undefined]]],
    ['default', s4.default('x'), [['s', undefined]]],
    ['prefault', s4.prefault('x'), [['s', undefined]]],
    ['nonoptional', s4.optional().nonoptional(), [['other', undefined]]],
    ['success', z.success(s4), [['s', undefined]]],
    ['catch', s4.catch('x'), [['s', undefined]]],
    ['readonly', s4.readonly(), [['s', undefined]]],
    ['promise', z.promise(s4), [['s', undefined]]],
    [
      'pipe, both ends',
      s4.pipe(n4 as never),
      [
        ['s', undefined],
        ['n', undefined],
      ],
    ],
    ['lazy', z.lazy(() => s4), [['s', undefined]]],
    ['template literal', z.templateLiteral(['a', n4]), [['n', undefined]]],
  ];
  it.each(table)('%s', (_kind, schema, expected) => {
    expect(parts(schema)).toStrictEqual(expected);
  });

  it.each([
    ['string', s4],
    ['enum', z.enum(['a'])],
    ['literal', z.literal(1)],
    ['custom', z.custom(() => true)],
    ['transform', z.transform((value) => value)],
    ['function', z.function()],
    ['nan', z.nan()],
  ])('%s is a leaf', (_kind, schema) => {
    expect(children(schema)).toStrictEqual([]);
  });

  it('follows one end of a pipe when a side is asked for', () => {
    expect(parts(s4.pipe(n4 as never), 'input')).toStrictEqual([['s', undefined]]);
    expect(parts(s4.pipe(n4 as never), 'output')).toStrictEqual([['n', undefined]]);
  });
});

describe('children of every Zod 3 kind', () => {
  const table: [string, unknown, [string, string | undefined][]][] = [
    [
      'object',
      z3.object({ a: s3, b: n3 }),
      [
        ['s', 'a'],
        ['n', 'b'],
      ],
    ],
    [
      'object with catchall',
      z3.object({ a: s3 }).catchall(n3),
      [
        ['s', 'a'],
        ['n', '[]'],
      ],
    ],
    ['array', z3.array(s3), [['s', '[]']]],
    [
      'tuple with rest',
      z3.tuple([s3]).rest(n3),
      [
        ['s', '[]'],
        ['n', '[]'],
      ],
    ],
    [
      'record',
      z3.record(s3, n3),
      [
        ['s', undefined],
        ['n', '[]'],
      ],
    ],
    [
      'map',
      z3.map(s3, n3),
      [
        ['s', undefined],
        ['n', '[]'],
      ],
    ],
    ['set', z3.set(s3), [['s', '[]']]],
    [
      'union',
      z3.union([s3, n3]),
      [
        ['s', undefined],
        ['n', undefined],
      ],
    ],
    [
      'intersection',
      z3.intersection(s3, n3),
      [
        ['s', undefined],
        ['n', undefined],
      ],
    ],
    ['optional', s3.optional(), [['s', undefined]]],
    ['nullable', s3.nullable(), [['s', undefined]]],
    ['default', s3.default('x'), [['s', undefined]]],
    ['catch', s3.catch('x'), [['s', undefined]]],
    ['readonly', s3.readonly(), [['s', undefined]]],
    ['promise', z3.promise(s3), [['s', undefined]]],
    ['branded', s3.brand('B'), [['s', undefined]]],
    ['effects', s3.refine(() => true), [['s', undefined]]],
    [
      'pipeline, both ends',
      s3.pipe(n3),
      [
        ['s', undefined],
        ['n', undefined],
      ],
    ],
    ['lazy', z3.lazy(() => s3), [['s', undefined]]],
  ];
  it.each(table)('%s', (_kind, schema, expected) => {
    expect(parts(schema)).toStrictEqual(expected);
  });

  it('follows one end of a pipeline when a side is asked for', () => {
    expect(parts(s3.pipe(n3), 'input')).toStrictEqual([['s', undefined]]);
    expect(parts(s3.pipe(n3), 'output')).toStrictEqual([['n', undefined]]);
  });
});

describe('find', () => {
  it('visits fields in their written order with their paths, and ends on a cycle', () => {
    type Node = { next?: Node; value: string };
    const node: z.ZodType<Node> = z.lazy(() => z.object({ value: s4, next: node.optional() }));
    const seen: string[] = [];
    find(z.object({ head: node, tail: z.array(n4) }), (part, path) => {
      if (part === s4 || part === n4) seen.push(path.join('.'));
      return undefined;
    });
    expect(seen).toStrictEqual(['head.value', 'tail.[]']);
  });

  it('returns the first value a visitor gives', () => {
    expect(find(z.object({ a: s4, b: n4 }), (part, path) => (part === n4 ? path : undefined))).toStrictEqual(['b']);
  });
});

describe('the checks built on it', () => {
  it('refuses a Zod 3 part behind a Zod 4 lazy, naming the field (it used to crash)', () => {
    expect(refusalOf(z.object({ a: z.lazy(() => z3.string() as never) }) as never)).toBe(
      'tool "t" input: field "a": a Zod 3 schema inside a Zod 4 schema; use one Zod version per tool',
    );
  });

  it('refuses a Zod 4 part behind a Zod 3 lazy', () => {
    expect(refusalOf(z3.object({ a: z3.lazy(() => z.string() as never) }))).toBe(
      'tool "t" input: field "a": a Zod 4 schema inside a Zod 3 schema; use one Zod version per tool',
    );
  });

  it('finds author code behind a lazy, in a catchall, and in a check', () => {
    expect(runsAuthorCode(z.object({ a: z.lazy(() => s4.refine(() => true)) }))).toBe(true);
    expect(runsAuthorCode(z.object({}).catchall(z.string().transform((v) => v)))).toBe(true);
    expect(runsAuthorCode(z3.object({ a: z3.lazy(() => s3.transform((v) => v)) }))).toBe(true);
    expect(runsAuthorCode(z.object({ a: s4.min(1), b: z.array(n4) }))).toBe(false);
  });
});
