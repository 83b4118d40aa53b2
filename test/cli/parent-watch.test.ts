// Under npm (`npm start`, `npx zod-mcp serve --http`), a wrapper that ends without stopping its child
// would leave the server running under PID 1 on its port: the server notices its parent is gone and
// stops, draining as on SIGTERM. Without npm it is left alone (a supervisor may start it detached).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { programJs } from '../helpers/stdio-peer.js';

/** A wrapper (as npm's is) that starts serve --http with its output in a file, prints its pid, and waits. */
const WRAPPER = `
const { spawn } = require('node:child_process');
const { openSync } = require('node:fs');
const [program, log, npm] = process.argv.slice(1);
const out = openSync(log, 'a');
const env = { ...process.env };
if (npm === 'alone') delete env.npm_lifecycle_event; else env.npm_lifecycle_event = 'start';
if (npm === 'off') env.ZOD_MCP_PARENT_WATCH = 'off';
const child = spawn(process.execPath, [program, 'serve', '--http', '--port', '0'], { stdio: ['ignore', out, out], env });
console.log(child.pid);
setInterval(() => {}, 1000);
`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function orphan(npm: 'npm' | 'alone' | 'off'): Promise<{ pid: number; log: string }> {
  const log = join(mkdtempSync(join(tmpdir(), 'zod-mcp-orphan-')), 'serve.log');
  const wrapper = spawn(process.execPath, ['-e', WRAPPER, programJs, log, npm], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = Number(
    await new Promise<string>((resolve) => wrapper.stdout.once('data', (chunk) => resolve(String(chunk)))),
  );
  const deadline = Date.now() + 10_000;
  while (!readFileSync(log, 'utf8').includes('serving MCP over HTTP at') && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  wrapper.kill('SIGKILL'); // the wrapper ends and stops nobody
  return { pid, log };
}

describe('a server whose npm wrapper is gone', () => {
  it('stops by itself, as on SIGTERM, under npm', async () => {
    const { pid, log } = await orphan('npm');
    const deadline = Date.now() + 10_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alive(pid)).toBe(false);
    expect(readFileSync(log, 'utf8')).toContain('zod-mcp: npm, which started this process, is gone: stopping\n');
  }, 30_000);

  it.each(['alone', 'off'] as const)(
    'runs on when npm did not start it, or with the watch off (%s)',
    async (how) => {
      const { pid, log } = await orphan(how);
      try {
        await new Promise((resolve) => setTimeout(resolve, 1500)); // three times the watch's interval
        expect(alive(pid)).toBe(true);
        expect(readFileSync(log, 'utf8')).not.toContain('is gone');
      } finally {
        process.kill(pid, 'SIGTERM');
      }
    },
    30_000,
  );
});
