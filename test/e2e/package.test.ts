// The package as `npm pack` makes it: what it ships (and does not), source maps that carry their
// sources, no install-time script, and `require('zod-mcp')` on Node 20's require(esm).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers/run.js';

const packed = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }),
) as [{ files: { path: string }[] }];
const files = packed[0].files.map((file) => file.path);
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  exports: Record<string, { types: string; default: string }>;
  bin: Record<string, string>;
};

describe('the packed package', () => {
  it('ships the build, the schemas, the README and the LICENSE, and nothing of the tests or the workbench', () => {
    for (const needed of [
      'LICENSE',
      'README.md',
      'CHANGELOG.md',
      'package.json',
      'dist/index.js',
      'dist/src/index.d.ts',
      'dist/program.js',
      'docs/getting-started.md',
    ])
      expect(files).toContain(needed);
    expect(files.some((file) => file.startsWith('schemas/json/'))).toBe(true);
    expect(
      files.filter(
        (file) => /^(test|bench|scripts|fixtures|\.scratch|\.ci|src)\//.test(file) || file.startsWith('dist/test/'),
      ),
    ).toStrictEqual([]);
  });

  it('has its entry points in the tarball, and no script that runs when it is installed from a tarball or a registry', () => {
    const entries = Object.entries(manifest.exports).filter(([subpath]) => subpath !== './package.json');
    expect(entries.map(([subpath]) => subpath)).toStrictEqual([
      '.',
      './node',
      './redis',
      './workspace',
      './skills',
      './demo',
      './testing',
      './agent',
    ]);
    for (const [, entry] of entries) {
      expect(files).toContain(entry.default.replace(/^\.\//, ''));
      expect(files).toContain(entry.types.replace(/^\.\//, ''));
    }
    expect(files).toContain(manifest.bin['zod-mcp']);
    for (const hook of ['preinstall', 'install', 'postinstall']) expect(manifest.scripts[hook]).toBeUndefined();
    // `prepare` runs in a checkout (npm ci, npm install), for a git or folder install, and before
    // `npm pack`: the build, so each of those has dist/ (test/e2e/adoption/install-routes.test.ts).
    expect(manifest.scripts.prepare).toBe('npm run build');
  });

  it('carries the sources inside its source maps (it ships no src/ for them to point at), and no file of an older build', () => {
    const maps = files.filter((file) => file.endsWith('.js.map'));
    expect(maps.length).toBeGreaterThan(50);
    const missing = maps.filter((file) => {
      const map = JSON.parse(readFileSync(join(root, file), 'utf8')) as {
        sources: string[];
        sourcesContent?: (string | null)[];
      };
      return (
        map.sourcesContent === undefined ||
        map.sourcesContent.length !== map.sources.length ||
        map.sourcesContent.some((text) => typeof text !== 'string')
      );
    });
    expect(missing).toStrictEqual([]);
    // The JavaScript is the bundle (three entry points and their shared chunks, scripts/bundle.mjs);
    // every declaration file comes from a source that exists (the build starts from an empty dist/).
    const scripts = files.filter((file) => file.startsWith('dist/') && file.endsWith('.js'));
    expect(
      scripts.filter(
        (file) =>
          !/^dist\/(index|node|redis|workspace|skills|demo|testing|agent|program|grep-worker|chunk-[A-Z0-9]+)\.js$/.test(
            file,
          ),
      ),
    ).toStrictEqual([]);
    const orphans = files
      .filter((file) => file.startsWith('dist/') && file.endsWith('.d.ts'))
      .filter((file) => !existsSync(join(root, file.slice('dist/'.length).replace(/\.d\.ts$/, '.ts'))));
    expect(orphans).toStrictEqual([]);
  });

  it("docs/architecture.md names every public file of the build, and the repository's own programs that embed it import it by name", () => {
    const docs = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## What is public in the build'), docs.indexOf('## Layers'));
    const rows = [...section.matchAll(/^\| `(zod-mcp[^`]*)` \| `([^`]+)` \| (?:`([^`]+)`)? *\|$/gm)].map((row) => [
      row[1],
      row[2],
      row[3],
    ]);
    const expected = Object.entries(manifest.exports).map(([subpath, entry]) =>
      typeof entry === 'string'
        ? [`zod-mcp${subpath.slice(1)}`, String(entry).replace(/^\.\//, ''), undefined]
        : [`zod-mcp${subpath.slice(1)}`, entry.default.replace(/^\.\//, ''), entry.types.replace(/^\.\//, '')],
    );
    expect(rows).toStrictEqual(expected);
    expect(section).toContain(`| \`${manifest.bin['zod-mcp']}\` |`);
    const programs = ['bench', 'examples', join('test', 'e2e', 'scale', 'servers')].flatMap((dir) =>
      (readdirSync(join(root, dir), { recursive: true }) as string[])
        .filter((file) => /\.(mjs|js|ts)$/.test(file))
        .map((file) => join(dir, file)),
    );
    expect(programs.length).toBeGreaterThan(10);
    const byPath = programs.filter((file) =>
      /(from |import\()'(\.\.\/)+dist\//.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(byPath).toStrictEqual([]);
  });

  it("is require()-able on Node 20's require(esm), as well as importable", () => {
    const out = execFileSync(
      process.execPath,
      [
        '-e',
        `const m = require(${JSON.stringify(join(root, 'dist/index.js'))}); console.log(typeof m.McpServer, typeof m.defineTool)`,
      ],
      { encoding: 'utf8' },
    );
    expect(out.trim()).toBe('function function');
  });

  it('imports zod only by the subpaths every zod of its peer range has (zod/v4, zod/v4/core, zod/v3): zod 3.25 answers `zod` with Zod 3', () => {
    // src/cli/init.ts is left out: its `from 'zod'` is in the server.ts it writes for a user's project, which has a zod of its own.
    const sources = ['src', 'schemas']
      .flatMap((dir) =>
        (readdirSync(join(root, dir), { recursive: true }) as string[])
          .filter((file) => file.endsWith('.ts'))
          .map((file) => join(dir, file)),
      )
      .filter((file) => file !== join('src', 'cli', 'init.ts'));
    const imports = sources.flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/from '(zod[^']*)'/g)].map(
        (match) => `${file}: ${match[1]!}`,
      ),
    );
    expect(imports.length).toBeGreaterThan(30);
    expect(imports.filter((line) => !/: zod(\/v4|\/v4\/core|\/v3|-to-json-schema)$/.test(line))).toStrictEqual([]);
  });
});
