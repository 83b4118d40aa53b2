// `zod-mcp serve ./module.ts` and `zod-mcp inspect ./module.ts`: the user's TypeScript module loaded
// without a build step (through tsx), over stdio and HTTP, and what inspect prints and exits with.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { run, root } from '../helpers/run.js';
import { programJs, StdioPeer } from '../helpers/stdio-peer.js';
import { startServe } from '../helpers/serve-process.js';

const modules = join(root, 'test', 'cli', 'modules');
const parts = join(modules, 'parts.ts');
const built = join(modules, 'built-server.ts');
const lint = join(modules, 'lint.ts');
const zodMcp = (args: string[]) => run(process.execPath, [programJs, ...args]);
const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
};
const SCHEMA = 'https://json-schema.org/draft/2020-12/schema';
const partsTools = [
  {
    name: 'add',
    description: 'Adds two numbers.',
    inputSchema: {
      $schema: SCHEMA,
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
  },
  {
    name: 'shout',
    description: 'Says it louder.',
    inputSchema: {
      $schema: SCHEMA,
      type: 'object',
      properties: { text: { type: 'string', description: 'what to say' } },
      required: ['text'],
    },
  },
];

async function talk(args: string[], frames: unknown[]): Promise<Record<string, unknown>[]> {
  const peer = new StdioPeer(args);
  for (const frame of frames) peer.send(`${JSON.stringify(frame)}\n`);
  const ids = frames.flatMap((frame) => ('id' in (frame as object) ? [(frame as { id: number }).id] : []));
  const answers = await Promise.all(ids.map((id) => peer.waitForId(id, 20_000)));
  await peer.end();
  return answers;
}

describe('zod-mcp serve MODULE', () => {
  it("serves a module's exported tools, resources and prompts over stdio, without echo", async () => {
    const [init, list, call] = await talk(
      ['serve', parts],
      [
        initialize,
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'shout', arguments: { text: 'hi' } } },
      ],
    );
    // Named after the nearest package.json (this repository's).
    expect(init).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        protocolVersion: '2025-11-25',
        capabilities: {
          tools: { listChanged: true },
          resources: { subscribe: true, listChanged: true },
          prompts: { listChanged: true },
          completions: {},
          logging: {},
        },
        serverInfo: { name: 'zod-mcp', version: '0.1.0' },
      },
    });
    expect(list).toStrictEqual({ jsonrpc: '2.0', id: 2, result: { tools: partsTools } });
    expect(call).toStrictEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: 'HI' }], isError: false },
    });
  }, 30_000);

  it('serves the McpServer a module exports as it is, and adds --root tools to a module of parts', async () => {
    const [init] = await talk(['serve', built], [initialize]);
    expect((init!.result as { serverInfo: unknown; instructions: unknown }).serverInfo).toStrictEqual({
      name: 'built',
      version: '2.0.0',
    });
    expect((init!.result as { instructions: unknown }).instructions).toBe('Call repeat.');
    const dir = mkdtempSync(join(tmpdir(), 'zod-mcp-root-'));
    const [, list] = await talk(
      ['serve', parts, '--root', dir, '--read-only'],
      [initialize, { jsonrpc: '2.0', id: 2, method: 'tools/list' }],
    );
    const names = (list!.result as { tools: { name: string }[] }).tools.map((tool) => tool.name);
    expect(names).toStrictEqual(['add', 'shout', 'read_file', 'list_directory', 'glob', 'grep']);
  }, 30_000);

  it('serves a module over HTTP to the SDK v2 client, in 2026', async () => {
    const served = await startServe([parts, '--port', '0']);
    try {
      const client = new Client({ name: 't', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
      expect((await client.listTools()).tools.map((tool) => tool.name)).toStrictEqual(['add', 'shout']);
      expect(await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } })).toMatchObject({
        content: [{ type: 'text', text: '42' }],
        isError: false,
      });
      await client.close();
    } finally {
      expect(await served.stop()).toBe(0);
    }
  }, 30_000);

  it('refuses, naming the file and what to do: nothing to serve, a throw at definition, flags a built server cannot take, a missing file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zod-mcp-module-'));
    writeFileSync(join(dir, 'empty.ts'), 'export const answer = 42;\n');
    // What the module is at fault for exits 1; what the command line asks that cannot be, 2.
    const cases: [string[], number, string][] = [
      [
        ['serve', join(dir, 'empty.ts')],
        1,
        `zod-mcp: ${join(dir, 'empty.ts')}: exports no McpServer, tool, resource or prompt (export them: \`export const server = new McpServer(...)\`, or \`export const add = defineTool(...)\`)\n`,
      ],
      [
        ['serve', join(modules, 'throws.ts')],
        1,
        `zod-mcp: ${join(modules, 'throws.ts')}: tool "bad name": invalid name: tool names are 1 to 128 characters of A-Z, a-z, 0-9, "_", "-" and "." (at ${join(modules, 'throws.ts')}:5:20)\n`,
      ],
      [['serve', join(dir, 'missing.ts')], 1, `zod-mcp: ${join(dir, 'missing.ts')}: no such file\n`],
      [['inspect', join(dir, 'missing.ts')], 1, `zod-mcp: ${join(dir, 'missing.ts')}: no such file\n`],
      [['serve', parts, '--demo'], 2, `zod-mcp: serve: ${parts}: tool "add" is defined twice\n`],
      [
        ['serve', built, '--demo'],
        2,
        `zod-mcp: serve: ${built} exports a built McpServer, to which --demo cannot add: pass those to new McpServer({...}) in the module, or export its tools instead\n`,
      ],
      [['serve', parts, built], 2, `zod-mcp: serve: one module to serve, not 2: ${parts} ${built}\n`],
      // The flags that set a server's options when it is built: the module's server has its own (docs/cli.md).
      [
        ['serve', built, '--rate-limit', '60/min'],
        2,
        `zod-mcp: serve: ${built} exports a built McpServer, to which --rate-limit cannot add: pass those to new McpServer({...}) in the module, or export its tools instead\n`,
      ],
    ];
    for (const [args, code, stderr] of cases)
      expect(await zodMcp(args), args.join(' ')).toStrictEqual({ code, stdout: '', stderr });
  }, 60_000);
});

describe('zod-mcp serve MODULE in a CommonJS package', () => {
  it('serves a .ts module of a package without "type": "module" (tsx loads it as CommonJS), parts and a built server alike', async () => {
    // A project of a user's: its own package.json, zod-mcp and zod installed (linked to this checkout).
    const dir = mkdtempSync(join(root, 'test', 'cli', '.dev-cjs-'));
    try {
      writeFileSync(join(dir, 'package.json'), '{ "name": "cjs-app", "version": "3.1.4" }\n');
      mkdirSync(join(dir, 'node_modules'));
      symlinkSync(root, join(dir, 'node_modules', 'zod-mcp'));
      symlinkSync(join(root, 'node_modules', 'zod'), join(dir, 'node_modules', 'zod'));
      copyFileSync(parts, join(dir, 'parts.ts'));
      copyFileSync(built, join(dir, 'built.ts'));
      const partsOut = await zodMcp(['inspect', join(dir, 'parts.ts'), '--json']);
      expect(partsOut.stderr).toBe('');
      const inspected = JSON.parse(partsOut.stdout) as { server: unknown; tools: unknown };
      expect({ server: inspected.server, tools: inspected.tools }).toStrictEqual({
        server: { name: 'cjs-app', version: '3.1.4' },
        tools: partsTools,
      });
      const builtOut = await zodMcp(['inspect', join(dir, 'built.ts'), '--json']);
      expect((JSON.parse(builtOut.stdout) as { server: unknown }).server).toStrictEqual({
        name: 'built',
        version: '2.0.0',
      });
      // Its McpServer is its own copy of zod-mcp's (require compiles the package again): served all the same.
      const [, called] = await talk(
        ['serve', join(dir, 'built.ts')],
        [
          initialize,
          { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'repeat', arguments: { text: 'cjs' } } },
        ],
      );
      expect(called).toStrictEqual({
        jsonrpc: '2.0',
        id: 2,
        result: { content: [{ type: 'text', text: 'cjs' }], isError: false },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('zod-mcp inspect MODULE', () => {
  it('prints what a client sees as JSON, and exits 0 without errors', async () => {
    const { code, stdout, stderr } = await zodMcp(['inspect', parts, '--json']);
    expect({ code, stderr }).toStrictEqual({ code: 0, stderr: '' });
    expect(JSON.parse(stdout)).toStrictEqual({
      server: { name: 'zod-mcp', version: '0.1.0' },
      tools: partsTools,
      resources: [{ uri: 'notes://today', name: 'today', mimeType: 'text/plain' }],
      resourceTemplates: [],
      prompts: [{ name: 'greet', description: 'Greets someone.', arguments: [{ name: 'who', required: true }] }],
      cost: {
        rule: 'tokens estimated as UTF-8 bytes / 4, rounded up',
        listings: [
          {
            listing: 'default',
            tools: partsTools.length,
            bytes: bytesOf({ tools: partsTools }),
            tokens: expect.any(Number),
          },
          { listing: 'search mode', tools: 2, bytes: expect.any(Number), tokens: expect.any(Number) },
        ],
        tools: partsTools
          .map((tool) => ({ name: tool.name, bytes: bytesOf(tool), tokens: Math.ceil(bytesOf(tool) / 4) }))
          .sort((a, b) => b.bytes - a.bytes),
      },
      problems: [],
    });
    const { cost } = JSON.parse(stdout) as { cost: { listings: { bytes: number; tokens: number }[] } };
    for (const { bytes, tokens } of cost.listings) expect(tokens).toBe(Math.ceil(bytes / 4));
  }, 30_000);

  it('lists the tools as a schema profile writes them with --profile', async () => {
    const { code, stdout } = await zodMcp(['inspect', parts, '--json', '--profile', 'gemini']);
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as { tools: unknown[] }).tools).toStrictEqual(
      partsTools.map(({ inputSchema: { $schema: _dialect, ...inputSchema }, ...tool }) => ({ ...tool, inputSchema })),
    );
    expect(await zodMcp(['inspect', built, '--profile', 'gemini'])).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: `zod-mcp: inspect: ${built} exports a built McpServer, whose schemaProfile is its own: give it in new McpServer({...})\n`,
    });
  }, 30_000);

  it('lints what known clients refuse, and exits 1 on an error', async () => {
    const { code, stdout } = await zodMcp(['inspect', lint]);
    expect(code).toBe(1);
    const report = stdout.slice(stdout.lastIndexOf('}\n\n') + 3);
    expect(report).toBe(
      [
        'what tools/list costs (tokens estimated as UTF-8 bytes / 4, rounded up):',
        '  default         4 tools      1,145 bytes      287 tokens',
        '  search mode     2 tools      2,199 bytes      550 tokens',
        'largest tools:',
        '  files.plant: 375 bytes, 94 tokens',
        '  link: 295 bytes, 74 tokens',
        '  pick: 259 bytes, 65 tokens',
        '  greet: 201 bytes, 51 tokens',
        '',
        `warning tool "greet" input: the property name "first name" is not ^[A-Za-z0-9_.-]{1,64}$, which Anthropic's API requires of property names`,
        'error   tool "link" input: $ref at #/properties/default, #/$defs/__schema0/properties/next: several clients and model APIs do not resolve references (a recursive schema needs them; inline the rest)',
        `error   tool "pick" input: a top-level oneOf, which Anthropic's API refuses in a tool's input_schema (the tool, or the whole request, is rejected): describe the variants in the properties instead`,
        'error   tool "files.plant" input: $ref at #/properties/tree, #/$defs/__schema0/properties/children/items: several clients and model APIs do not resolve references (a recursive schema needs them; inline the rest)',
        `warning tool "files.plant": the name is not ^[A-Za-z0-9_-]{1,64}$, which Anthropic's and OpenAI's APIs require of tool names: clients that pass it on as it is fail`,
        'warning tool "files.plant": no description: the model has only the name to go on',
        '3 errors, 3 warnings',
        '',
      ].join('\n'),
    );
    expect(
      stdout.startsWith(
        'zod-mcp 0.1.0: 4 tools, 0 resources, 0 resource templates, 0 prompts\n\ntool greet — Greets.\n  input:  {\n',
      ),
    ).toBe(true);
  }, 30_000);
});
