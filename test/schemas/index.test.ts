// The package's `schemas`: each contract schema, built when first read, and as a type what it parses,
// for every type a contract file exports (as `export * as schemas` gave before schemas were built lazily).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { schemas } from '../../src/index.js';
import { root } from '../helpers/run.js';

const dir = join(root, 'schemas');
/** The contract files `schemas` gathers: all but the case, snapshot and cassette files (the CLI's own) and the helpers. */
const contractFiles = readdirSync(dir).filter(
  (name) =>
    name.endsWith('.ts') && !['index.ts', 'direction.ts', 'case.ts', 'snapshot.ts', 'cassette.ts'].includes(name),
);

describe('schemas', () => {
  it('names, as a type, every type the contract files export', () => {
    const index = readFileSync(join(dir, 'index.ts'), 'utf8');
    const named = new Set([...index.matchAll(/^ {2}type (\w+) = /gm)].map((match) => match[1]));
    const exported = contractFiles.flatMap((name) =>
      [...readFileSync(join(dir, name), 'utf8').matchAll(/^export type (\w+)/gm)].map((match) => match[1]),
    );
    expect(exported.length).toBeGreaterThan(70);
    expect(exported.filter((name) => !named.has(name))).toStrictEqual([]);
    expect(named.size).toBe(exported.length);
  });

  it('reads each schema as the Zod schema it is, the same one each time, and the constants as they are', () => {
    const tool = { name: 'add', inputSchema: { type: 'object' as const } };
    expect(schemas.Tool.parse(tool)).toStrictEqual(tool);
    expect(schemas.Tool).toBe(schemas.Tool);
    expect(schemas.CallToolParams.safeParse({ name: 3 }).success).toBe(false);
    expect(schemas.PROTOCOL_VERSIONS_2026).toStrictEqual(['2026-07-28']);
    expect(schemas.MetaKey.protocolVersion).toBe('io.modelcontextprotocol/protocolVersion');
    expect(Object.isFrozen(schemas)).toBe(true);
    expectTypeOf<schemas.Tool>().toEqualTypeOf<ReturnType<typeof schemas.Tool.parse>>();
    expectTypeOf<schemas.LogLevel>().toEqualTypeOf<
      'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency'
    >();
  });
});
