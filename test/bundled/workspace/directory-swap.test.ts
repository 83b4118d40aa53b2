// A local process swaps a directory of the root for a link to a directory outside it, over and over,
// while the tools run. Whatever the timing, no answer may show what lies outside (its content, its
// names, the root's absolute path in an error), and no write may land outside.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, createServer, createTempWorkspace, writeTree, type TempWorkspace } from './helpers.js';

let workspace: TempWorkspace;

const MAX_ROUNDS = 200;
const MAX_MS = 3000;

// Run by a child process: d → hold (outside), link → d, d → link, hold → d, until the stop file
// appears or the time is up. A tool may create `d` while it is missing (write_file makes parent
// directories); that directory is removed so the swap goes on. It always ends with d as it was.
const SWAPPER = `
const fs = require('node:fs');
const [dir, hold, link, stop, ms] = process.argv.slice(1);
const place = (from) => {
  for (let tries = 0; tries < 1000; tries++) {
    try { fs.renameSync(from, dir); return; } catch {}
    try { fs.rmSync(dir, { recursive: true, force: true }); } catch {}
  }
  throw new Error('cannot place ' + from);
};
const deadline = Date.now() + Number(ms);
let swaps = 0;
process.stdout.write('ready\\n');
while (!fs.existsSync(stop) && Date.now() < deadline) {
  fs.renameSync(dir, hold);
  place(link);
  fs.renameSync(dir, link);
  place(hold);
  swaps += 1;
}
process.stdout.write(swaps + '\\n');
`;

beforeAll(async () => {
  workspace = await createTempWorkspace();
  await writeTree(workspace.base, {
    'outside/inside.txt': 'OUTSIDE SECRET\n',
    'outside/secret-only.txt': 'OUTSIDE SECRET\n',
    link: { link: path.join(workspace.base, 'outside') },
  });
  await writeTree(workspace.root, { 'd/inside.txt': 'inside\n', 'top.txt': 'top\n' });
});

afterAll(() => workspace.remove());

/** Every file under a directory, by relative path, with its content. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!name.isFile()) continue;
    const file = path.join(name.parentPath, name.name);
    files[path.relative(dir, file)] = await readFile(file, 'utf8');
  }
  return files;
}

describe('a directory swapped for a link to outside the root while the tools run', () => {
  it('never shows what is outside and never writes there', async () => {
    const { base, root } = workspace;
    const server = createServer({ root });
    const outsideBefore = await snapshot(path.join(base, 'outside'));
    const stop = path.join(base, 'stop');
    const swapper = spawn(
      process.execPath,
      [
        '-e',
        SWAPPER,
        path.join(root, 'd'),
        path.join(base, 'hold'),
        path.join(base, 'link'),
        stop,
        String(MAX_MS + 2000),
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    swapper.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = once(swapper, 'exit');
    while (!output.includes('ready')) await once(swapper.stdout, 'data');

    const calls: [string, Record<string, unknown>][] = [
      ['read_file', { path: 'd/inside.txt' }],
      ['list_directory', { path: '.', depth: 3 }],
      ['list_directory', { path: 'd' }],
      // The pattern is echoed when nothing matches: spelled so that the echo is no leak.
      ['grep', { pattern: 'S[E]CRET|inside', path: '.' }],
      ['write_file', { path: 'd/w.txt', content: 'written\n' }],
      ['edit_file', { path: 'd/inside.txt', old_string: 'OUTSIDE', new_string: 'changed' }],
    ];
    const leaks: unknown[] = [];
    let answered = 0;
    const started = Date.now();
    try {
      for (let round = 0; round < MAX_ROUNDS && Date.now() - started < MAX_MS; round++) {
        for (const [tool, args] of calls) {
          const text = JSON.stringify(await callTool(server, tool, args));
          answered += 1;
          // Outside files are the only ones of 15 bytes: a size of 15 describes one of them.
          if (/SECRET|secret-only|"size":15\b/.test(text) || text.includes(base) || text.includes('"replacements":1'))
            leaks.push({ tool, args, text });
        }
      }
    } finally {
      await writeFile(stop, '');
      await exited;
    }
    const swaps = Number(output.trim().split('\n').at(-1));

    expect(swaps).toBeGreaterThan(0);
    expect(answered).toBeGreaterThanOrEqual(calls.length);
    expect(leaks, `${leaks.length} of ${answered} answers, during ${swaps} swaps`).toStrictEqual([]);
    expect(await snapshot(path.join(base, 'outside'))).toStrictEqual(outsideBefore);
    expect(await readFile(path.join(root, 'd/inside.txt'), 'utf8')).toBe('inside\n');
    // A write that failed half-way removed its temporary file.
    expect((await readdir(root, { recursive: true })).filter((name) => name.endsWith('.tmp'))).toStrictEqual([]);
  });
});
