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
const SUBPATHS = ['node', 'redis', 'workspace', 'skills', 'demo'];
const result = await build({
  entryPoints: {
    ...Object.fromEntries(['index', ...SUBPATHS].map((name) => [name, `dist/src/${name}.js`])),
    program: 'dist/program.js',
    'grep-worker': 'dist/src/bundled/workspace/grep-worker.js',
  },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
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
