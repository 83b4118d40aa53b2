// `npm run runtimes [-- NAME ...]`: the runtimes the tests serve the package on (Node 22, 24 and 26,
// Bun, Deno, Cloudflare's workerd; scripts/runtimes.json), each from the npm package that ships its
// binary, and the MCP clients the tests run against it (the MCP Inspector, the Vercel AI SDK's MCP
// client, Claude Code; scripts/clients.json, each run on one of those runtimes, the one it names, or
// `native`: a binary of its own), into .runtimes/NAME/ (ignored by git). A `package` may name several
// packages, space-separated. One already there at its version is kept. npm skips their install
// scripts (and says so); none needs them. Linux x64 only, as the tables say.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (name) => JSON.parse(readFileSync(join(root, 'scripts', name), 'utf8'));
const runtimes = read('runtimes.json');
const clients = read('clients.json');
for (const [name, { runtime }] of Object.entries(clients)) {
  if (name in runtimes) throw new Error(`${name} is both a runtime and a client`);
  if (runtime !== 'native' && !(runtime in runtimes))
    throw new Error(`client ${name} runs on ${runtime}, which is no runtime`);
}
const table = { ...runtimes, ...clients };
const wanted = process.argv.slice(2);
for (const name of wanted)
  if (!(name in table)) throw new Error(`no runtime or client ${name}: known are ${Object.keys(table).join(', ')}`);

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
  const specs = spec.split(' ').filter(Boolean);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', ...specs], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (!existsSync(join(dir, binary))) throw new Error(`${name}: ${spec} installed, but ${binary} is not there`);
  writeFileSync(stamp, spec);
}
