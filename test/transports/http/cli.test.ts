// `zod-mcp serve --http`: prints its URL on stderr only, serves, and exits 0 on SIGTERM and SIGINT.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { root } from '../../helpers/run.js';
import { programJs } from '../../helpers/stdio-peer.js';
import { initializeFrame, post } from './helpers.js';

describe('zod-mcp serve --http', () => {
  it.each([['SIGTERM'], ['SIGINT']] as const)('serves on the printed URL and exits 0 on %s', async (signal) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'program.ts', 'serve', '--http', '--port', '0'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit');
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL within 15 s: ${stderr}`)), 15_000);
      child.stderr.on('data', () => {
        const match = /serving MCP over HTTP at (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/.exec(stderr);
        if (match?.[1] !== undefined) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
    const res = await post(url, initializeFrame());
    expect(JSON.parse(res.body)).toMatchObject({ id: 1, result: { serverInfo: { name: 'zod-mcp' } } });
    child.kill(signal);
    const [code] = await exited;
    expect({ code, stdout }).toEqual({ code: 0, stdout: '' });
    expect(stderr).toMatch(/\nzod-mcp: stopping \(a second signal stops at once\)\n$/);
  });
});

describe('zod-mcp serve --http on an address other machines reach', () => {
  it('refuses to start without authorization, saying what to give, and never listens', async () => {
    const child = spawn(
      process.execPath,
      [programJs, 'serve', '--http', '--host', '0.0.0.0', '--port', '0', '--root', '.'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(2);
    expect(stderr).toBe(
      'zod-mcp: serve: --host 0.0.0.0 makes this server reachable from other machines, and it has no authorization: give --auth-issuer URL --auth-audience URL, or --allow-unauthenticated to serve anyone who can reach it\n',
    );
  });
});
