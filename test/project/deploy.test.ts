// docs/deploy.md's Dockerfile and systemd unit. The unit passes `systemd-analyze verify`; the
// Dockerfile has the form the page explains. Each one's command line, run as written (the unit's
// /srv/my-tools being a project laid out as both expect), serves on 0.0.0.0 inside a network namespace
// of the test's own (its loopback only), answers the Dockerfile's own HEALTHCHECK, and exits 0 on
// SIGTERM. The image is not built: no container runtime runs here.
import { mkdtempSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeWith } from '../helpers/binaries.js';
import { root, run } from '../helpers/run.js';

const page = readFileSync(join(root, 'docs', 'deploy.md'), 'utf8').split('\n');
function block(name: string): string {
  const at = page.indexOf(`<!-- test: {"deploy":"${name}"} -->`);
  expect(at).toBeGreaterThan(0);
  return page.slice(at + 2, page.indexOf('```', at + 2)).join('\n');
}
const dockerfile = block('Dockerfile');
const unit = block('systemd');
/** Each instruction of the Dockerfile, by keyword (the last one of each). */
const instructions = new Map(
  dockerfile
    .split('\n')
    .filter((line) => /^[A-Z]+ /.test(line))
    .map((line) => [line.slice(0, line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)] as const),
);
const cmd = JSON.parse(instructions.get('CMD')!) as string[];
const healthCheck = instructions.get('HEALTHCHECK')!.replace(/^.*?CMD /, '');

/** A project as both files expect it: zod-mcp and zod in node_modules, the server built to dist/server.js. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'zod-mcp-deploy-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(root, join(dir, 'node_modules', 'zod-mcp'), 'dir');
  symlinkSync(join(root, 'node_modules', 'zod'), join(dir, 'node_modules', 'zod'), 'dir');
  mkdirSync(join(dir, 'dist'));
  writeFileSync(
    join(dir, 'dist', 'server.js'),
    "import { z } from 'zod';\nimport { McpServer, defineTool } from 'zod-mcp';\n" +
      "const add = defineTool({ name: 'add', input: z.object({ a: z.number(), b: z.number() }), handler: ({ a, b }) => String(a + b) });\n" +
      "export const server = new McpServer({ name: 'my-tools', version: '1.0.0', tools: [add] });\n",
  );
  return dir;
}

/** Starts `command` in `cwd` in a namespace of its own, waits for the health check to pass, stops it with SIGTERM. */
async function serveAndStop(command: readonly string[], cwd: string): Promise<{ stdout: string; log: string }> {
  const script = [
    '/usr/sbin/ip link set lo up',
    '"$@" > serve.log 2>&1 &',
    'pid=$!',
    'i=0',
    `until ${healthCheck} 2>/dev/null; do i=$((i+1)); [ $i -gt 150 ] && { echo "no health"; exit 3; }; sleep 0.1; done`,
    'echo healthy',
    'kill -TERM $pid',
    'wait $pid',
    'echo "exit $?"',
  ].join('\n');
  const { stdout, stderr } = await run(
    '/usr/bin/unshare',
    ['-n', '/bin/sh', '-c', script, 'sh', ...command],
    undefined,
    {},
    cwd,
  );
  return { stdout: stdout + stderr, log: readFileSync(join(cwd, 'serve.log'), 'utf8') };
}

describe("docs/deploy.md's Dockerfile", () => {
  it('starts node itself (exec form, PID 1 gets the signal), as a non-root user, with a health check and a stop signal', () => {
    expect(cmd.slice(0, 2)).toStrictEqual(['node', 'node_modules/zod-mcp/dist/program.js']);
    expect(instructions.get('USER')).toBe('node');
    expect(healthCheck).toContain('http://127.0.0.1:3000/healthz');
    expect(instructions.get('STOPSIGNAL')).toBe('SIGTERM');
    expect(instructions.get('FROM')).toMatch(/^node:20-/);
  });
});

describeWith('unshare')("deploy.md's command lines, run as written", () => {
  it("the Dockerfile's CMD serves, passes its HEALTHCHECK and exits 0 on SIGTERM", async () => {
    const dir = project();
    const { stdout, log } = await serveAndStop([process.execPath, ...cmd.slice(1)], dir);
    expect(stdout).toBe('healthy\nexit 0\n');
    expect(log).toContain('zod-mcp 0.1.0: serving MCP over HTTP at http://0.0.0.0:3000/mcp\n');
    expect(log).toContain('zod-mcp: stopping (a second signal stops at once)\n');
  }, 60_000);

  it("the unit's ExecStart, its /srv/my-tools a project, does the same", async () => {
    const dir = project();
    const execStart = unit
      .split('\n')
      .find((line) => line.startsWith('ExecStart='))!
      .slice('ExecStart='.length)
      .replaceAll('/srv/my-tools', dir)
      .split(' ');
    expect(execStart[0]).toBe('/usr/bin/node');
    const { stdout } = await serveAndStop(execStart, dir);
    expect(stdout).toBe('healthy\nexit 0\n');
  }, 60_000);
});

describeWith('systemd-analyze')("docs/deploy.md's systemd unit", () => {
  it('passes systemd-analyze verify', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zod-mcp-unit-'));
    writeFileSync(join(dir, 'my-tools.service'), `${unit}\n`);
    const result = await run(
      '/usr/bin/systemd-analyze',
      ['verify', '--man=no', './my-tools.service'],
      undefined,
      {},
      dir,
    );
    expect(result).toStrictEqual({ code: 0, stdout: '', stderr: '' });
  });
});
