// `npm run build`'s second step: the JavaScript tsc wrote to dist/ becomes a few files (esbuild,
// ESM, code shared between entry points in chunks), so a start-up reads and compiles a couple of
// dozen files instead of about a hundred (docs/performance.md, "Cold start"). The entry points are
// the package's entries (dist/index.js, and dist/node.js, dist/redis.js, … for its subpaths), the command line (dist/program.js, where it always was) and
// the grep worker; they share one copy of every module. Dependencies (zod, yaml, zod-to-json-schema,
// the optional ones) stay outside, imported as they are. tsc's declarations stay in dist/src and
// dist/schemas; its JavaScript and maps are removed once bundled (the bundle's maps point at the
// TypeScript sources).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const dist = 'dist';
/** The package's entries besides its core (`zod-mcp/node`, …): package.json's exports name each. */
const SUBPATHS = ['node', 'redis', 'workspace', 'skills', 'demo', 'testing', 'agent'];
/**
 * Every entry but the grep worker, and every module a dynamic import loads, also imports the whole
 * core. esbuild puts modules in chunks by the set of entries (dynamic imports count as entries)
 * that reach them; reached from all of them, the core's modules share one chunk, and
 * `import 'zod-mcp'` reads a few files instead of a few dozen (docs/performance.md, "The core's
 * import"). An entry that needed only part of the core now evaluates all of it, which each nearly
 * did; a dynamic import loads nothing more, the core being loaded by then.
 */
const core = join(process.cwd(), 'dist', 'src', 'index.js');
const withCore = {
  name: 'with-core',
  setup(build) {
    build.onResolve({ filter: /^with-core:/ }, (args) => ({
      path: join(process.cwd(), args.path.slice('with-core:'.length)),
      namespace: 'with-core',
    }));
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind !== 'dynamic-import' || args.namespace === 'with-core') return undefined;
      return { path: join(args.resolveDir, args.path), namespace: 'with-core' };
    });
    build.onLoad({ filter: /.*/, namespace: 'with-core' }, (args) => ({
      // The command line keeps its hashbang: esbuild carries an entry's first line over.
      contents: `${args.path.endsWith('program.js') ? '#!/usr/bin/env node\n' : ''}import ${JSON.stringify(core)};\nexport * from ${JSON.stringify(args.path)};\n`,
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};

const result = await build({
  entryPoints: {
    index: 'dist/src/index.js',
    ...Object.fromEntries(SUBPATHS.map((name) => [name, `with-core:dist/src/${name}.js`])),
    program: 'with-core:dist/program.js',
    'grep-worker': 'dist/src/bundled/workspace/grep-worker.js',
  },
  plugins: [withCore],
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  // Whitespace and syntax, not names (stack traces keep them; the maps point at the TypeScript): the
  // core's chunk is 0.74× the bytes, and its import holds about 0.45 MiB less (docs/performance.md).
  minifyWhitespace: true,
  minifySyntax: true,
  sourcesContent: true,
  chunkNames: 'chunk-[hash]',
  logLevel: 'warning',
  write: false,
});

for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
  if (/\.js(\.map)?$/.test(file)) rmSync(join(dist, file));
}
for (const file of result.outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.contents, { mode: file.path.endsWith('program.js') ? 0o755 : 0o644 });
}
