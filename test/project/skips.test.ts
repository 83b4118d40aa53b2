// `npm test` on a machine without the programs some tests need (redis-server, nginx, openssl; the
// runtimes and MCP clients of .runtimes/): those tests are skipped, each program said in one line
// (the runtimes in one, the clients in one); under ZOD_MCP_TEST_ALL=1 (.ci/run) the run fails instead.
import { execFile } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers/run.js';

const run = promisify(execFile);
// A PATH that has node and nothing else: no redis-server, no nginx, no openssl.
const bare = mkdtempSync(join(tmpdir(), 'zod-mcp-path-'));
symlinkSync(process.execPath, join(bare, 'node'));
const vitest = (env: Record<string, string>) =>
  run(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'test/redis/events.test.ts'], {
    cwd: root,
    env: { ...process.env, PATH: bare, ZOD_MCP_TEST_ALL: '', ZOD_MCP_RUNTIMES_DIR: bare, ...env },
    timeout: 60_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

describe('tests that need a program this machine lacks', () => {
  it('are skipped, with one line naming what to install, and the run passes', async () => {
    const { code, stdout } = await vitest({});
    expect(code).toBe(0);
    const lines = plain(stdout).split('\n');
    expect(lines.filter((line) => line.startsWith('skipped: '))).toStrictEqual([
      'skipped: the tests that need redis-server, which is not installed (`apt-get install redis-server` runs them)',
      'skipped: the tests that need nginx, which is not installed (`apt-get install nginx` runs them)',
      'skipped: the tests that need openssl, which is not installed (`apt-get install openssl` runs them)',
      'skipped: the tests on node22, node24, node26, bun, deno, workerd, which are not installed (`npm run runtimes` installs them into .runtimes/)',
      'skipped: the tests with the MCP clients inspector, ai-sdk, claude-code, which are not installed (`npm run runtimes` installs them into .runtimes/)',
    ]);
    expect(lines.some((line) => /Tests\s+5 skipped \(5\)/.test(line))).toBe(true);
  }, 60_000);

  it('fail the run under ZOD_MCP_TEST_ALL=1, as CI sets it', async () => {
    const { code, stdout, stderr } = await vitest({ ZOD_MCP_TEST_ALL: '1' });
    expect(code).not.toBe(0);
    expect(plain(stdout + stderr)).toContain(
      'redis-server is not installed, and ZOD_MCP_TEST_ALL=1 runs every test: `apt-get install redis-server`',
    );
  }, 60_000);
});
