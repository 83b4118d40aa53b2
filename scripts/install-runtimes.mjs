// `npm run runtimes [-- NAME ...]`: the runtimes the tests serve the package on (Node 22, 24 and 26,
// Bun, Deno, Cloudflare's workerd), each from the npm package that ships its binary, into
// .runtimes/NAME/ (ignored by git). One already there at its version is kept. npm skips their
// install scripts (and says so); the binaries need none. Linux x64 only, as the table says.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const table = JSON.parse(readFileSync(join(root, 'scripts', 'runtimes.json'), 'utf8'));
const wanted = process.argv.slice(2);
for (const name of wanted) if (!(name in table)) throw new Error(`no runtime ${name}: known are ${Object.keys(table).join(', ')}`);

for (const [name, { package: spec, binary }] of Object.entries(table)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  const dir = join(root, '.runtimes', name);
  const stamp = join(dir, 'installed');
  if (existsSync(join(dir, binary)) && existsSync(stamp) && readFileSync(stamp, 'utf8') === spec) {
    process.stderr.write(`${name}: ${spec} is installed\n`);
    continue;
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  process.stderr.write(`${name}: installing ${spec}\n`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', spec], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (!existsSync(join(dir, binary))) throw new Error(`${name}: ${spec} installed, but ${binary} is not there`);
  writeFileSync(stamp, spec);
}
