// `zod-mcp serve MODULE --toolsets a,b` and ZOD_MCP_TOOLSETS, over stdio and HTTP, as real processes:
// the toolsets served when a request names none; an unknown name a usage error (exit 2) naming the
// toolsets the server has.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { V2026, envelope } from '../helpers/eras.js';
import { root, run } from '../helpers/run.js';
import { startServe } from '../helpers/serve-process.js';
import { programJs } from '../helpers/stdio-peer.js';
import { post } from '../transports/http/helpers.js';

const module = join(root, 'test', 'cli', 'modules', 'toolsets.ts');
const LIST = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })}\n`;

/** `serve` over stdio fed `input`, with `env` added: exit code, tool names listed (or none), stderr. */
async function serveStdio(args: string[], env: Record<string, string> = {}, input = LIST) {
  const { code, stdout, stderr } = await run(process.execPath, [programJs, 'serve', module, ...args], input, env);
  const line = stdout.split('\n').find((text) => text.startsWith('{'));
  const tools =
    line === undefined
      ? undefined
      : (JSON.parse(line) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name);
  return { code, tools, stderr };
}

describe('serve --toolsets and ZOD_MCP_TOOLSETS', () => {
  it('over stdio: the flag, else the environment, else the defaults; the flag wins over the environment', async () => {
    expect(await serveStdio([])).toStrictEqual({ code: 0, tools: ['always', 'list_issues'], stderr: '' });
    expect(await serveStdio(['--toolsets', 'repos'])).toStrictEqual({
      code: 0,
      tools: ['always', 'list_repos'],
      stderr: '',
    });
    expect(await serveStdio([], { ZOD_MCP_TOOLSETS: 'all' })).toStrictEqual({
      code: 0,
      tools: ['always', 'list_issues', 'list_repos'],
      stderr: '',
    });
    expect(await serveStdio(['--toolsets', 'repos'], { ZOD_MCP_TOOLSETS: 'issues' })).toStrictEqual({
      code: 0,
      tools: ['always', 'list_repos'],
      stderr: '',
    });
  }, 30_000);

  it('an unknown toolset is a usage error, exit 2, naming what the server has', async () => {
    const known = 'this server has the toolsets issues, repos (and "all")';
    expect(await serveStdio(['--toolsets', 'wiki'])).toStrictEqual({
      code: 2,
      tools: undefined,
      stderr: `zod-mcp: serve: --toolsets: unknown toolset "wiki": ${known}\n`,
    });
    expect(await serveStdio([], { ZOD_MCP_TOOLSETS: 'repo' })).toStrictEqual({
      code: 2,
      tools: undefined,
      stderr: `zod-mcp: serve: ZOD_MCP_TOOLSETS: unknown toolset "repo" (did you mean "repos"?): ${known}\n`,
    });
  }, 30_000);

  it('over HTTP: the flag serves a request that names none; a request may still name its own', async () => {
    const served = await startServe([module, '--port', '0', '--toolsets', 'repos']);
    try {
      const list = async (headers: Record<string, string> = {}) => {
        const frame = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope() } };
        const res = await post(served.url, frame, {
          'mcp-protocol-version': V2026,
          'mcp-method': 'tools/list',
          ...headers,
        });
        return (JSON.parse(res.body) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name);
      };
      expect(await list()).toStrictEqual(['always', 'list_repos']);
      expect(await list({ 'x-mcp-toolsets': 'issues' })).toStrictEqual(['always', 'list_issues']);
    } finally {
      expect(await served.stop()).toBe(0);
    }
  }, 30_000);
});
