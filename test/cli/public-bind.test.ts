// `serve` and `dev` on a public address with --allow-unauthenticated, for real, inside a network
// namespace of the test's own (its loopback only: 0.0.0.0 there is reached from nowhere else). The
// warning names the tools the built server serves and the port clients use; under `dev`, the server
// of the moment listens on loopback only, behind dev's listener, and still serves the machine's names.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { describeWith } from '../helpers/binaries.js';
import { root } from '../helpers/run.js';
import { programJs } from '../helpers/stdio-peer.js';
import { startHttpProgram, type ServeProcess } from '../helpers/serve-process.js';

const run = promisify(execFile);
const modules = join(root, 'test', 'cli', 'modules');

/** `node program.js …args` in a new network namespace whose loopback is up; its pid is node's. */
function inNamespace(args: readonly string[]): Promise<ServeProcess> {
  return startHttpProgram(
    '/usr/bin/unshare',
    ['-n', '/bin/sh', '-c', '/usr/sbin/ip link set lo up && exec "$@"', 'sh', process.execPath, programJs, ...args],
    {},
    30_000,
  );
}

/** The listening TCP sockets of the namespace `pid` is in, as `address:port` (IPv4 and IPv6). */
function listening(pid: number): string[] {
  const sockets: string[] = [];
  for (const [file, v6] of [
    ['tcp', false],
    ['tcp6', true],
  ] as const) {
    for (const line of readFileSync(`/proc/${pid}/net/${file}`, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A' || local === undefined) continue; // 0A: LISTEN
      const [hex, port] = local.split(':');
      sockets.push(`${v6 ? addressOf6(hex!) : addressOf4(hex!)}:${Number.parseInt(port!, 16)}`);
    }
  }
  return sockets.sort();
}
const addressOf4 = (hex: string) => [3, 2, 1, 0].map((i) => Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)).join('.');
const addressOf6 = (hex: string) => (/^0+$/.test(hex) ? '[::]' : /^0{24}01000000$/.test(hex) ? '[::1]' : `[${hex}]`);

/** A POST of tools/list from inside the namespace of `pid`, with the Host header given: its status and tool names. */
async function listFromInside(pid: number, url: string, host: string): Promise<{ status: number; tools?: string[] }> {
  const script = `
    const { request } = require('node:http');
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } } });
    const req = request(process.argv[1], { method: 'POST', headers: { host: process.argv[2], 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' } }, (res) => {
      let text = ''; res.setEncoding('utf8').on('data', (c) => (text += c)).on('end', () => console.log(JSON.stringify({ status: res.statusCode, text })));
    });
    req.end(body);`;
  const { stdout } = await run('/usr/bin/nsenter', [
    `--net=/proc/${pid}/ns/net`,
    process.execPath,
    '-e',
    script,
    url,
    host,
  ]);
  const { status, text } = JSON.parse(stdout) as { status: number; text: string };
  if (status !== 200) return { status };
  return {
    status,
    tools: (JSON.parse(text) as { result: { tools: { name: string }[] } }).result.tools.map((tool) => tool.name),
  };
}

const hostNames =
  /^zod-mcp: serving the Host names localhost, 127\.0\.0\.1, ::1, .*; any other gets 403 \(--allowed-hosts to name more\)$/;

describeWith('unshare')('a public bind with --allow-unauthenticated', () => {
  it('serve MODULE exporting a built server: the warning names its tools and the port it listens on', async () => {
    const served = await inNamespace([
      'serve',
      join(modules, 'built-server.ts'),
      '--http',
      '--host',
      '0.0.0.0',
      '--port',
      '0',
      '--allow-unauthenticated',
    ]);
    try {
      const port = Number(new URL(served.url).port);
      expect(port).toBeGreaterThan(0);
      const lines = served.stderr().split('\n');
      expect(lines[0]).toBe(
        `zod-mcp: WARNING: no authorization on 0.0.0.0:${port}: anyone who can reach it may call repeat`,
      );
      expect(lines[1]).toMatch(hostNames);
      expect(listening(served.child.pid!)).toStrictEqual([`0.0.0.0:${port}`]);
    } finally {
      expect(await served.stop()).toBe(0);
    }
  }, 60_000);

  it("dev MODULE --http: the warning names the module's tools and dev's port; the server behind it listens on loopback only", async () => {
    const served = await inNamespace([
      'dev',
      join(modules, 'parts.ts'),
      '--http',
      '--host',
      '0.0.0.0',
      '--port',
      '0',
      '--allow-unauthenticated',
    ]);
    try {
      const port = Number(new URL(served.url).port);
      const lines = served
        .stderr()
        .split('\n')
        .filter((line) => line.startsWith('zod-mcp: '));
      expect(lines[0]).toBe(
        `zod-mcp: WARNING: no authorization on 0.0.0.0:${port}: anyone who can reach it may call add, shout, and read its resources`,
      );
      expect(lines[1]).toMatch(hostNames);
      const sockets = listening(served.child.pid!);
      expect(sockets).toHaveLength(2);
      expect(sockets).toContain(`0.0.0.0:${port}`);
      expect(sockets.filter((socket) => socket !== `0.0.0.0:${port}`)[0]).toMatch(/^127\.0\.0\.1:\d+$/);
      // Through dev's listener, the server behind it serves this machine's names as serve on 0.0.0.0 would, and no other.
      const url = `http://127.0.0.1:${port}/mcp`;
      expect(await listFromInside(served.child.pid!, url, `127.0.0.1:${port}`)).toStrictEqual({
        status: 200,
        tools: ['add', 'shout'],
      });
      expect(
        await listFromInside(served.child.pid!, url, `${(await run('hostname')).stdout.trim()}:${port}`),
      ).toStrictEqual({ status: 200, tools: ['add', 'shout'] });
      expect(await listFromInside(served.child.pid!, url, `evil.example:${port}`)).toStrictEqual({ status: 403 });
    } finally {
      expect(await served.stop()).toBe(0);
    }
  }, 60_000);

  it('dev --http on a public host without authorization is refused before anything listens', async () => {
    // In a namespace too: were the check missing, this would listen on 0.0.0.0.
    const args = [
      '-n',
      '/bin/sh',
      '-c',
      '/usr/sbin/ip link set lo up && exec "$@"',
      'sh',
      process.execPath,
      programJs,
      'dev',
      join(modules, 'parts.ts'),
      '--http',
      '--host',
      '0.0.0.0',
      '--port',
      '0',
    ];
    const refused = await run('/usr/bin/unshare', args, { timeout: 20_000 }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'dev: --host 0.0.0.0 makes this server reachable from other machines, and it has no authorization: give --auth-issuer URL --auth-audience URL, or --allow-unauthenticated to serve anyone who can reach it',
    );
  });
});

describe('the namespace helpers', () => {
  it('read /proc/net/tcp addresses', () => {
    expect([
      addressOf4('0100007F'),
      addressOf4('00000000'),
      addressOf6('00000000000000000000000001000000'),
      addressOf6('0'.repeat(32)),
    ]).toStrictEqual(['127.0.0.1', '0.0.0.0', '[::1]', '[::]']);
  });
});
