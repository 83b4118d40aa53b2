// A user's project, made fresh: `npm install` of the packed tarball beside one zod version (zod is a
// peer dependency, so the app's zod is the server's), `tsc` (strict, nodenext) over a small app and
// every TypeScript block of README.md and docs/, and each block that is a program run as its
// annotation says (test/e2e/adoption/docs.ts): served over stdio, over HTTP to the official client, run
// to its output, or run as a test.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { StdioPeer } from '../../helpers/stdio-peer.js';
import { asModule, docBlocks, isProgram, type Call, type DocBlock } from './docs.js';
import { createProject, installedVersion, packProject, root, type Project } from './project.js';

const run = promisify(execFile);

/** The floor of each line the peer range allows (`^3.25.76 || ^4.0.0`), and the newest 4.x (the project's own). */
const ZOD_3_25 = '3.25.76';
const ZOD_4_0 = '4.0.0';
const ZOD_LATEST = installedVersion('zod');

interface Variant {
  readonly zod: string;
  /** How the app and the blocks import zod: `zod` as written, or `zod/v4` / `zod/v3` for that API. */
  readonly zodImport: 'zod' | 'zod/v4' | 'zod/v3';
}
// zod 3.25's `zod` is Zod 3's API, as its `zod/v3` is: the blocks as written, on a Zod 3 app.
const variants: Variant[] = [
  { zod: ZOD_3_25, zodImport: 'zod' },
  { zod: ZOD_3_25, zodImport: 'zod/v4' },
  { zod: ZOD_4_0, zodImport: 'zod' },
  { zod: ZOD_LATEST, zodImport: 'zod' },
  { zod: ZOD_LATEST, zodImport: 'zod/v3' },
];
const zod3Api = (variant: Variant) =>
  variant.zodImport === 'zod/v3' || (variant.zod === ZOD_3_25 && variant.zodImport === 'zod');
const fileSuffix = (variant: Variant) => `${variant.zod}-${variant.zodImport.replace('/', '-')}`;

const app = (zodImport: string) => `import { z } from '${zodImport}';
import { McpServer, defineTool } from 'zod-mcp';

const greet = defineTool({
  name: 'greet',
  description: 'Greets someone.',
  input: z.object({ who: z.string().describe('who to greet'), times: z.number().int().min(0).max(10).optional() }),
  handler: ({ who, times }) => \`hello \${who}\${'!'.repeat(times ?? 0)}\`,
});
const server = new McpServer({ name: 'app', version: '1.0.0', tools: [greet] });
console.log(JSON.stringify({ tools: await server.listTools(), call: await server.callTool('greet', { who: 'Ada', times: 2 }) }));
`;

const appOutput = {
  tools: [
    {
      name: 'greet',
      description: 'Greets someone.',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: {
          who: { type: 'string', description: 'who to greet' },
          times: { type: 'integer', minimum: 0, maximum: 10 },
        },
        required: ['who'],
      },
    },
  ],
  call: { content: [{ type: 'text', text: 'hello Ada!!' }], isError: false },
};

const blocks = docBlocks();
const programs = blocks.filter((block) =>
  Object.keys(block.test).some((key) => ['serve', 'stdio', 'http', 'run', 'test'].includes(key)),
);
const label = (block: DocBlock) => `${block.page}:${block.line}`;

describe('the TypeScript blocks of README.md and docs/', () => {
  it('are found, and each program among them says how it is run (or why it is only type-checked)', () => {
    expect(blocks.length).toBeGreaterThan(15);
    const unsaid = blocks
      .filter((block) => isProgram(block) && programs.indexOf(block) === -1 && block.test.only !== 'typecheck')
      .map(label);
    expect(unsaid).toStrictEqual([]);
    expect(
      blocks.filter((block) => block.test.only === 'typecheck' && (block.test.why ?? '') === '').map(label),
    ).toStrictEqual([]);
    expect(new Set(blocks.map((block) => block.path)).size).toBe(blocks.length);
  });
});

/** Frames over stdio: initialize, then the call or read of `check`; the answer's first text. */
async function callOverStdio(peer: StdioPeer, check: Call): Promise<string> {
  const request =
    check.read !== undefined
      ? { method: 'resources/read', params: { uri: check.read } }
      : { method: 'tools/call', params: { name: check.call, arguments: check.arguments ?? {} } };
  peer.send(
    `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'docs', version: '1' } } })}\n`,
  );
  peer.send(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  peer.send(`${JSON.stringify({ jsonrpc: '2.0', id: 2, ...request })}\n`);
  try {
    const answer = (await peer.waitForId(2, 30_000)) as {
      result?: { content?: { text: string }[]; contents?: { text: string }[] };
    };
    const first = answer.result?.content?.[0] ?? answer.result?.contents?.[0];
    if (first === undefined) throw new Error(`no text in ${JSON.stringify(answer)}; stderr: ${peer.stderr}`);
    return first.text;
  } finally {
    await peer.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the program with PORT set, waits for it to answer, and makes the call with the official client (2026). */
async function callOverHttp(project: Project, file: string, check: Call): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(project.dir, 'out', file)], {
    cwd: project.dir,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  try {
    const url = new URL(`http://127.0.0.1:${port}/mcp`);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const client = new Client(
        { name: 'docs', version: '1' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      try {
        await client.connect(new StreamableHTTPClientTransport(url));
        const result = (await client.callTool({ name: check.call!, arguments: check.arguments ?? {} })) as {
          content: { text: string }[];
        };
        return result.content[0]!.text;
      } catch (error) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${String(error)}; stderr: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      } finally {
        await client.close().catch(() => undefined);
      }
    }
  } finally {
    child.kill();
  }
}

function expectText(text: string, check: Call): void {
  if (check.contains !== undefined) expect(text).toContain(check.contains);
  else expect(text).toBe(check.text);
}

const projects = new Map<string, Promise<Project>>();

describe.each(variants)('an app on zod $zod, importing $zodImport', (variant) => {
  let project: Project;
  const suffix = fileSuffix(variant);
  const own = (block: DocBlock) => `docs-${suffix}/${block.path}`;
  const compiled = (block: DocBlock) => own(block).replace(/\.ts$/, '.js');

  beforeAll(async () => {
    if (!projects.has(variant.zod)) {
      projects.set(
        variant.zod,
        packProject(mkdtempSync(join(tmpdir(), 'zod-mcp-pack-'))).then((tarball) =>
          createProject(tarball, variant.zod),
        ),
      );
    }
    project = await projects.get(variant.zod)!;
    project.write(`app-${suffix}.ts`, app(variant.zodImport));
    // A block that uses Zod 4's API is compiled, on a Zod 3 app, with the Zod 4 that zod 3.25 and 4 both ship.
    for (const block of blocks)
      project.write(
        own(block),
        asModule(block, block.test.zod4 === true && zod3Api(variant) ? 'zod/v4' : variant.zodImport),
      );
  }, 180_000);

  it('type-checks the app and every block with tsc (strict, module nodenext)', async () => {
    expect(await project.typecheck()).toBe('');
  }, 180_000);

  it('lists the fields with their descriptions and calls the tool', async () => {
    const { stdout } = await run(process.execPath, [join(project.dir, 'out', `app-${suffix}.js`)], {
      cwd: project.dir,
      timeout: 20_000,
    });
    expect(JSON.parse(stdout)).toStrictEqual(appOutput);
  }, 30_000);

  it.each(programs.map((block) => [label(block), block] as const))(
    'runs %s as its annotation says',
    async (_label, block) => {
      const file = join(project.dir, 'out', compiled(block));
      const { serve, stdio, http, run: runs, test } = block.test;
      if (serve !== undefined)
        expectText(
          await callOverStdio(
            new StdioPeer(['serve', file], [join(project.dir, 'node_modules', 'zod-mcp', 'dist', 'program.js')], {
              cwd: project.dir,
            }),
            serve,
          ),
          serve,
        );
      if (stdio !== undefined)
        expectText(await callOverStdio(new StdioPeer([], [file], { cwd: project.dir }), stdio), stdio);
      if (http !== undefined) expectText(await callOverHttp(project, compiled(block), http), http);
      if (runs !== undefined)
        expect((await run(process.execPath, [file], { cwd: project.dir, timeout: 20_000 })).stdout).toBe(runs.stdout);
      // As the page runs it: `npx tsx --test server.test.ts`, on the TypeScript itself (tsx from this checkout).
      if (test === true)
        await run(
          process.execPath,
          [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), '--test', join('src', own(block))],
          { cwd: project.dir, timeout: 30_000 },
        );
    },
    60_000,
  );
});
