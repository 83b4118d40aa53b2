// Real clients against examples/many-tools (321 tools, served in search mode), over stdio and over
// Streamable HTTP: the official SDK v2 client in each way it negotiates, the Vercel AI SDK's MCP
// client (@ai-sdk/mcp, on Node 24) on 2026 and on the 2025 handshake, each finding a tool with
// search_tools and running it with call_tool; and Claude Code's `claude mcp list` showing the server
// connected.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { StreamableHTTPClientTransport, type Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../helpers/run.js';
import { clientCommand, clientScript, describeWithClient } from '../../helpers/runtimes.js';
import { NEGOTIATIONS, createClient, realErrors } from '../../helpers/sdk-v2.js';
import { startServe, type ServeProcess } from '../../helpers/serve-process.js';
import { programJs } from '../../helpers/stdio-peer.js';

const run = promisify(execFile);
const example = join(root, 'examples', 'many-tools', 'server.ts');
const serveArgs = [programJs, 'serve', example];
const DELETE_BRANCH = '{"tool":"delete_branch","arguments":{"repo":"octo/app","id":"7"}}';

let http: ServeProcess;
beforeAll(async () => {
  http = await startServe([example, '--port', '0']);
});
afterAll(async () => {
  expect(await http.stop()).toBe(0);
});

/** What a model does with the listing: search, then call what it found. */
async function searchAndCall(client: Client) {
  const { tools } = await client.listTools();
  const found = await client.callTool({
    name: 'search_tools',
    arguments: { query: 'delete a branch', detail: 'names', limit: 3 },
  });
  const ran = await client.callTool({
    name: 'call_tool',
    arguments: { name: 'delete_branch', arguments: { repo: 'octo/app', id: '7' } },
  });
  return { listed: tools.map((tool) => tool.name), found: found.structuredContent, ran: ran.content };
}

describe.each(NEGOTIATIONS)('the SDK v2 client, %s', (_name, negotiation, era) => {
  const expected = {
    listed: ['get_me', 'search_tools', 'call_tool'],
    found: { tools: [{ name: 'delete_branch' }, { name: 'delete_ruleset' }, { name: 'create_branch' }] },
    ran: [{ type: 'text', text: DELETE_BRANCH }],
  };

  it.each([
    ['stdio', () => new StdioClientTransport({ command: process.execPath, args: serveArgs, stderr: 'pipe' })],
    ['HTTP', () => new StreamableHTTPClientTransport(new URL(http.url))],
  ] as const)(
    `over %s (${era}): finds delete_branch and runs it through call_tool`,
    async (_over, transport) => {
      const errors: unknown[] = [];
      const client = createClient(negotiation, errors);
      await client.connect(transport());
      try {
        expect(client.getProtocolEra()).toBe(era);
        expect(await searchAndCall(client)).toStrictEqual(expected);
        expect(realErrors(errors)).toStrictEqual([]);
      } finally {
        await client.close();
      }
    },
    30_000,
  );
});

describeWithClient('ai-sdk')("the AI SDK's MCP client (@ai-sdk/mcp 2.0.99, on Node 24)", () => {
  const aiSdk = async (target: object, legacy: boolean) => {
    const { runtime, script } = clientCommand('ai-sdk')!;
    const dir = join(script, '..', '..', '..', '..', '..');
    const args = [join(import.meta.dirname, 'ai-sdk-client.mjs'), dir, JSON.stringify(target)];
    const { stdout } = await run(runtime, legacy ? [...args, 'legacy'] : args, { cwd: root, timeout: 30_000 });
    return JSON.parse(stdout) as { tools: string[]; protocolVersion: string; found: unknown; ran: unknown };
  };
  const stdio = { stdio: { command: process.execPath, args: serveArgs, cwd: root } };
  const found = { tools: [{ name: 'delete_branch' }, { name: 'delete_ruleset' }, { name: 'create_branch' }] };
  const text = (value: string) => [{ type: 'text', text: value }];
  const serverInfo = { 'io.modelcontextprotocol/serverInfo': { name: 'many-tools', version: '1.0.0' } };

  it.each([
    ['stdio', 'on 2026', false],
    ['stdio', 'on the 2025 handshake', true],
    ['HTTP', 'on 2026', false],
    ['HTTP', 'on the 2025 handshake', true],
  ] as const)(
    'over %s, %s: finds delete_branch and runs it through call_tool',
    async (transport, _era, legacy) => {
      const report = await aiSdk(transport === 'stdio' ? stdio : { url: http.url }, legacy);
      const modern = legacy ? {} : { _meta: serverInfo, resultType: 'complete' };
      expect(report).toStrictEqual({
        tools: ['get_me', 'search_tools', 'call_tool'],
        protocolVersion: legacy ? '2025-11-25' : '2026-07-28',
        found: { ...modern, content: text(JSON.stringify(found)), structuredContent: found, isError: false },
        ran: { ...modern, content: text(DELETE_BRANCH), isError: false },
      });
    },
    40_000,
  );
});

describeWithClient('claude-code')("Claude Code's claude mcp list (2.1.332)", () => {
  it('shows the server connected over stdio and over HTTP', async () => {
    const claude = clientScript('claude-code')!;
    const home = await mkdtemp(join(tmpdir(), 'zod-mcp-claude-'));
    // A home of its own, no update check, no traffic but to the servers it checks.
    const env = {
      ...process.env,
      HOME: home,
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    };
    const options = { cwd: home, env, timeout: 60_000 };
    try {
      await run(claude, ['mcp', 'add', 'many-stdio', '--', process.execPath, ...serveArgs], options);
      await run(claude, ['mcp', 'add', '--transport', 'http', 'many-http', http.url], options);
      const { stdout } = await run(claude, ['mcp', 'list'], options);
      const lines = stdout.split('\n').filter((line) => line.startsWith('many-'));
      expect(lines).toStrictEqual([
        `many-stdio: ${process.execPath} ${serveArgs.join(' ')} - ✔ Connected`,
        `many-http: ${http.url} (HTTP) - ✔ Connected`,
      ]);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  }, 90_000);
});
