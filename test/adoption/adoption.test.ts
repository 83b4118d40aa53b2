// A user's project, made fresh: `npm install` of the packed tarball beside one zod version (zod is a
// peer dependency, so the app's zod is the server's), `tsc` (strict, nodenext) over the README's
// examples and a small app, and both run: field descriptions reach tools/list, and the README's
// first example answers a client over stdio.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProject, installedVersion, packProject, type Project } from './project.js';
import { asModule, readmeBlocks } from './readme.js';

const run = promisify(execFile);

/** The floor of each line the peer range allows (`^3.25.76 || ^4.0.0`), and the newest 4.x (the project's own). */
const ZOD_3_25 = '3.25.76';
const ZOD_4_0 = '4.0.0';
const ZOD_LATEST = installedVersion('zod');

interface Variant {
  readonly zod: string;
  /** How the app imports zod; a `zod/v3` app writes the Zod 3 API, the others Zod 4's. */
  readonly zodImport: 'zod' | 'zod/v4' | 'zod/v3';
}
const variants: Variant[] = [
  { zod: ZOD_3_25, zodImport: 'zod/v4' },
  { zod: ZOD_3_25, zodImport: 'zod/v3' },
  { zod: ZOD_4_0, zodImport: 'zod' },
  { zod: ZOD_LATEST, zodImport: 'zod' },
  { zod: ZOD_LATEST, zodImport: 'zod/v3' },
];
const fileSuffix = (variant: Variant) => variant.zodImport.replace('/', '-');

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
        properties: { who: { type: 'string', description: 'who to greet' }, times: { type: 'integer', minimum: 0, maximum: 10 } },
        required: ['who'],
      },
    },
  ],
  call: { content: [{ type: 'text', text: 'hello Ada!!' }], isError: false },
};

/** Frames a 2025 client sends to the README's first example, and what it must answer. */
const clientFrames = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } },
];

/** Runs `out/<file>` with `frames` on stdin; returns the response frames once `count` have come. */
async function talkTo(project: Project, file: string, frames: unknown[], count: number): Promise<Record<string, unknown>[]> {
  const child = spawn(process.execPath, [join(project.dir, 'out', file)], { cwd: project.dir, stdio: ['pipe', 'pipe', 'pipe'] });
  const responses: Record<string, unknown>[] = [];
  let buffered = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer in 20 s; stderr: ${stderr}`)), 20_000);
      child.once('exit', (code) => reject(new Error(`exited ${code}; stderr: ${stderr}`)));
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) responses.push(JSON.parse(line) as Record<string, unknown>);
        if (responses.length >= count) {
          clearTimeout(timer);
          resolve();
        }
      });
      for (const frame of frames) child.stdin.write(`${JSON.stringify(frame)}\n`);
    });
  } finally {
    child.kill();
  }
  return responses;
}

const projects = new Map<string, Promise<Project>>();

describe.each(variants)('an app on zod $zod, importing $zodImport', (variant) => {
  let project: Project;
  const suffix = fileSuffix(variant);
  const blocks = readmeBlocks();

  beforeAll(async () => {
    if (!projects.has(variant.zod)) {
      projects.set(variant.zod, packProject(mkdtempSync(join(tmpdir(), 'zod-mcp-pack-'))).then((tarball) => createProject(tarball, variant.zod)));
    }
    project = await projects.get(variant.zod)!;
    project.write(`app-${suffix}.ts`, app(variant.zodImport));
    // A Zod 3 app cannot compile the README's Zod 4 examples (z.int(), …); its first one it can.
    const examples = variant.zodImport === 'zod/v3' ? blocks.slice(0, 1) : blocks;
    examples.forEach((block, i) => project.write(`readme-${i + 1}-${suffix}.ts`, asModule(block, variant.zodImport)));
  }, 180_000);

  it('type-checks the README examples and the app with tsc (strict, module nodenext)', async () => {
    expect(await project.typecheck()).toBe('');
  }, 120_000);

  it('lists the fields with their descriptions and calls the tool', async () => {
    const { stdout } = await run(process.execPath, [join(project.dir, 'out', `app-${suffix}.js`)], { cwd: project.dir, timeout: 20_000 });
    expect(JSON.parse(stdout)).toStrictEqual(appOutput);
  }, 30_000);

  it("runs the README's first example, which answers a client over stdio", async () => {
    const [initialized, called] = await talkTo(project, `readme-1-${suffix}.js`, clientFrames, 2);
    expect(initialized).toMatchObject({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', serverInfo: { name: 'my-tools', version: '1.0.0' } } });
    expect(called).toStrictEqual({ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: '5' }], isError: false } });
  }, 30_000);
});
