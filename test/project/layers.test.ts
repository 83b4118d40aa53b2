// The layering of docs/architecture.md, read off the imports: nothing imports a higher layer, the
// folders of one layer do not import each other (features never know eras, eras never know features),
// there is no import cycle, and no file passes 300 lines (none of src/ 250, nor a line of it 120 characters).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers/run.js';

/** Lowest first; a module may import only its own folder or a lower layer. */
const LAYERS: readonly (readonly string[])[] = [
  ['schemas', 'src/version.ts'],
  ['src/runtime'],
  ['src/schema'],
  ['src/jsonrpc'],
  ['src/core'],
  ['src/features', 'src/eras'],
  ['src/server-options.ts'],
  ['src/server-build.ts'],
  ['src/server-core.ts'],
  ['src/server.ts'],
  ['src/transports', 'src/bundled', 'src/redis', 'src/client'],
  ['src/contract', 'src/agent'],
  ['src/cli'],
  [
    'src/index.ts',
    'src/node.ts',
    'src/redis.ts',
    'src/workspace.ts',
    'src/skills.ts',
    'src/demo.ts',
    'src/testing.ts',
    'src/agent.ts',
    'program.ts',
  ],
];

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(dir, name).split('\\').join('/'));
}

const files = [...filesUnder('src'), ...filesUnder('schemas'), 'program.ts'];

/** The layer group a file belongs to: [layer index, group name]. */
function groupOf(file: string): [number, string] {
  for (const [index, groups] of LAYERS.entries()) {
    for (const group of groups) if (file === group || file.startsWith(`${group}/`)) return [index, group];
  }
  throw new Error(`${file} belongs to no layer: add it to LAYERS and docs/architecture.md`);
}

/** Every relative import of a file (static, type-only and dynamic), as a path from the root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (match) => match[1]!,
  );
  return specs.map((spec) =>
    relative(root, resolve(root, dirname(file), spec))
      .split('\\')
      .join('/')
      .replace(/\.js$/, '.ts'),
  );
}

const graph = new Map(files.map((file) => [file, importsOf(file)]));

describe('layers', () => {
  it('resolves every relative import to a source file (so the checks below see the real graph)', () => {
    const known = new Set(files);
    const unresolved = [...graph].flatMap(([file, imports]) =>
      imports.filter((target) => !known.has(target)).map((target) => `${file} -> ${target}`),
    );
    expect(unresolved).toStrictEqual([]);
    expect([...graph.values()].flat().length).toBeGreaterThan(150);
  });

  it('every import points down a layer or stays in its own folder', () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      const [level, group] = groupOf(file);
      for (const target of imports) {
        const [targetLevel, targetGroup] = groupOf(target);
        if (targetLevel > level || (targetLevel === level && targetGroup !== group)) wrong.push(`${file} -> ${target}`);
      }
    }
    expect(wrong).toStrictEqual([]);
  });

  it('has no import cycle', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toStrictEqual([]);
  });

  it('keeps every source file under 300 lines', () => {
    const long = files
      .map((file) => [file, readFileSync(join(root, file), 'utf8').split('\n').length - 1] as const)
      .filter(([, lines]) => lines > 300);
    expect(long).toStrictEqual([]);
  });

  it('keeps every file of src/ at 250 lines at most, and every line of it at 120 characters, the formatter width', () => {
    const sources = files.filter((file) => file.startsWith('src/'));
    const long = sources.flatMap((file) => {
      const lines = readFileSync(join(root, file), 'utf8').split('\n');
      const wide = lines.flatMap((line, index) =>
        line.length > 120 ? [`${file}:${index + 1}: ${line.length} characters`] : [],
      );
      return lines.length - 1 > 250 ? [`${file}: ${lines.length - 1} lines`, ...wide] : wide;
    });
    expect(long).toStrictEqual([]);
  });
});
