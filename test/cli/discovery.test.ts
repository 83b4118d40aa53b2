// `zod-mcp serve MODULE --discovery search`, over stdio and HTTP, as real processes: the search
// listing, search_tools and call_tool, composed with --toolsets; a mode it does not know, and a tool
// that takes a meta-tool's name, are usage errors (exit 2).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { V2026, envelope } from '../helpers/eras.js';
import { root, run } from '../helpers/run.js';
import { startServe } from '../helpers/serve-process.js';
import { programJs } from '../helpers/stdio-peer.js';
import { post } from '../transports/http/helpers.js';

const module = join(root, 'test', 'cli', 'modules', 'toolsets.ts');
const lines = (...frames: object[]) => frames.map((frame) => `${JSON.stringify(frame)}\n`).join('');
const request = (id: number, method: string, params: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method,
  params: { ...params, _meta: envelope() },
});

/** `serve` over stdio fed `input`: exit code, the frames it answered, stderr. */
async function serveStdio(args: string[], input: string) {
  const { code, stdout, stderr } = await run(process.execPath, [programJs, 'serve', ...args], input);
  const frames = stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as unknown);
  return { code, frames, stderr };
}
const meta = { 'io.modelcontextprotocol/serverInfo': { name: 'sets', version: '1.0.0' } };

describe('serve --discovery', () => {
  it('over stdio: the search listing, search_tools within --toolsets, and call_tool', async () => {
    const input = lines(
      request(1, 'tools/list'),
      request(2, 'tools/call', { name: 'search_tools', arguments: { query: 'list', detail: 'names' } }),
      request(3, 'tools/call', { name: 'call_tool', arguments: { name: 'list_repos' } }),
      request(4, 'tools/call', { name: 'call_tool', arguments: { name: 'list_issues' } }),
    );
    const served = await serveStdio([module, '--discovery', 'search', '--toolsets', 'repos'], input);
    expect(served.code).toBe(0);
    expect(served.stderr).toBe('');
    const [listed, found, ran, unknown] = served.frames as { result: Record<string, unknown> }[];
    expect((listed!.result.tools as { name: string }[]).map((tool) => tool.name)).toStrictEqual([
      'search_tools',
      'call_tool',
    ]);
    expect(found!.result.structuredContent).toStrictEqual({ tools: [{ name: 'list_repos' }] });
    const text = (value: string, isError: boolean) => ({
      resultType: 'complete',
      content: [{ type: 'text', text: value }],
      isError,
      _meta: meta,
    });
    expect(ran!.result).toStrictEqual(text('list_repos', false));
    expect(unknown!.result).toStrictEqual(text('unknown tool: list_issues', true));
  }, 30_000);

  it('over HTTP: every request of the endpoint is served search mode', async () => {
    const served = await startServe([module, '--port', '0', '--discovery', 'search']);
    try {
      const res = await post(served.url, request(1, 'tools/list'), {
        'mcp-protocol-version': V2026,
        'mcp-method': 'tools/list',
      });
      const tools = (JSON.parse(res.body) as { result: { tools: { name: string }[] } }).result.tools;
      expect(tools.map((tool) => tool.name)).toStrictEqual(['search_tools', 'call_tool']);
    } finally {
      expect(await served.stop()).toBe(0);
    }
  }, 30_000);

  it('a mode it does not know, and a tool named as a meta-tool, are usage errors (exit 2)', async () => {
    expect(await serveStdio([module, '--discovery', 'lazy'], '')).toStrictEqual({
      code: 2,
      frames: [],
      stderr: 'zod-mcp: serve: --discovery: list or search, not lazy\n',
    });
    const taken = join(root, 'test', 'cli', 'modules', 'meta-name.ts');
    expect(await serveStdio([taken, '--discovery', 'search'], '')).toStrictEqual({
      code: 2,
      frames: [],
      stderr:
        'zod-mcp: serve: --discovery: tool "search_tools": search mode serves a tool of that name; give the tool ' +
        'another\n',
    });
  }, 30_000);
});
