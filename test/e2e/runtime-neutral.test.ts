// The core entry (`zod-mcp`) runs on any runtime with web standards (workerd, Bun, Deno, Node): its
// built module graph, every static and dynamic import from dist/index.js on, names no Node built-in,
// and only these packages. The Node parts have entries of their own (zod-mcp/node, …).
import { builtinModules } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers/run.js';

const dist = join(root, 'dist');

/** Packages the core may import: zod (the user's peer) and zod-to-json-schema (Zod 3 schemas only). */
const PACKAGES = new Set(['zod/v4', 'zod/v4/core', 'zod/v3', 'zod-to-json-schema']);

/** What esbuild's ESM output imports: `from "x"`, `import "x"`, `import("x")`. */
function specifiersOf(code: string): string[] {
  const found = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g)].map(
    (match) => match[1]!,
  );
  return [...new Set(found)];
}

function isBuiltin(spec: string): boolean {
  return spec.startsWith('node:') || builtinModules.includes(spec) || builtinModules.includes(spec.split('/')[0]!);
}

/** Every module reachable from `entry`, and every bare import among them, by the module that makes it. */
function graphOf(entry: string): { modules: string[]; bare: Map<string, string[]> } {
  const seen = new Set<string>();
  const bare = new Map<string, string[]>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of specifiersOf(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.')) visit(join(dirname(file), spec));
      else bare.set(spec, [...(bare.get(spec) ?? []), relative(root, file)]);
    }
  };
  visit(entry);
  return { modules: [...seen], bare };
}

describe('the core entry is runtime-neutral', () => {
  const entry = join(dist, 'index.js');

  it('was built', () => {
    expect(existsSync(entry)).toBe(true);
  });

  it('imports no Node built-in anywhere in its module graph, dynamic imports included', () => {
    const { modules, bare } = graphOf(entry);
    expect(modules.length).toBeGreaterThan(5); // the entry and its chunks: the walk did follow them
    const builtins = [...bare]
      .filter(([spec]) => isBuiltin(spec))
      .map(([spec, by]) => `${spec} (from ${by.join(', ')})`);
    expect(builtins).toStrictEqual([]);
    expect([...bare.keys()].filter((spec) => !PACKAGES.has(spec))).toStrictEqual([]);
  });

  it('the walk sees a built-in where there is one: zod-mcp/node imports node:http (through its lazy HTTP listener)', () => {
    const { bare } = graphOf(join(dist, 'node.js'));
    expect([...bare.keys()].filter(isBuiltin)).toContain('node:http');
  });
});
