// The ways to install zod-mcp before it is on the registry, each as the README says it: a fresh
// clone that `npm ci` builds (its `prepare` script) and serves at once; a project that installs it
// from a git URL, from that clone's folder, and from a tarball `npm pack` made there. Each project
// imports the package, serves a tool over stdio through `npx zod-mcp`, and installs neither optional
// peer (`@redis/client`, `jose`): a feature that needs one says the line that installs it.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshClone, snapshotRepository } from '../../helpers/checkout.js';
import { StdioPeer } from '../../helpers/stdio-peer.js';
import { installedVersion, root } from './project.js';

const run = promisify(execFile);
const npm = (cwd: string, ...args: string[]) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline'], { cwd, timeout: 240_000, maxBuffer: 16 << 20 });
const zod = `zod@${installedVersion('zod')}`;

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
};
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
const line = (frame: unknown) => `${JSON.stringify(frame)}\n`;

/** Starts `args` over stdio, initializes, calls `name` with `args`, and returns that call's response. */
async function callOverStdio(
  peer: StdioPeer,
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  try {
    peer.send(
      line(initialize) +
        line(initialized) +
        line({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: args } }),
    );
    const answer = await peer.waitForId(2, 30_000);
    expect((await peer.waitForId(1)).result).toMatchObject({ protocolVersion: '2025-11-25' });
    return answer;
  } finally {
    await peer.end();
  }
}

const serverModule = `import { z } from 'zod';
import { McpServer, defineTool } from 'zod-mcp';

export const server = new McpServer({
  name: 'app',
  version: '1.0.0',
  tools: [defineTool({ name: 'add', description: 'Adds two numbers.', input: z.object({ a: z.number(), b: z.number() }), handler: ({ a, b }) => String(a + b) })],
});
`;
const inProcess = `import { server } from './server.mjs';
console.log(JSON.stringify(await server.callTool('add', { a: 2, b: 3 })));
`;

/** A new project of a user's with `spec` installed beside zod, and a server module of its own. */
async function projectWith(label: string, ...spec: string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `zod-mcp-${label}-`));
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: `app-${label}`, version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`,
  );
  writeFileSync(join(dir, 'server.mjs'), serverModule);
  writeFileSync(join(dir, 'in-process.mjs'), inProcess);
  const { stdout } = await npm(dir, 'install', ...spec, zod);
  installed.set(label, stdout);
  return dir;
}

/** What each route's `npm install` printed on stdout, by label. */
const installed = new Map<string, string>();

let clone: string;
let projects: Record<'git URL' | 'folder' | 'tarball', string>;

beforeAll(async () => {
  const repository = await snapshotRepository();
  // The git route needs nothing built beforehand (npm clones and prepares it), so it runs beside the clone's install.
  const [gitProject, cloned] = await Promise.all([
    projectWith('git', '--foreground-scripts', `git+file://${repository}`),
    freshClone().then(async (dir) => {
      await npm(dir, 'ci');
      return dir;
    }),
  ]);
  clone = cloned;
  const packed = mkdtempSync(join(tmpdir(), 'zod-mcp-tarball-'));
  const { stdout } = await npm(clone, 'pack', '--json', '--pack-destination', packed); // its prepare script builds first
  const tarball = join(packed, (JSON.parse(stdout.slice(stdout.indexOf('['))) as [{ filename: string }])[0].filename);
  const [folderProject, tarballProject] = await Promise.all([
    projectWith('folder', '--install-links', clone),
    projectWith('tarball', tarball),
  ]);
  projects = { 'git URL': gitProject, folder: folderProject, tarball: tarballProject };
}, 600_000);

describe('the git route', () => {
  it('shows its build as it runs, with --foreground-scripts (the README says so: it takes half a minute)', () => {
    const printed = installed.get('git') ?? '';
    expect(printed).toContain('> zod-mcp@0.1.0 prepare\n> npm run build\n');
    expect(printed).toContain('> zod-mcp@0.1.0 build\n');
  });
});

describe('a fresh clone, after `npm ci`', () => {
  it('has dist/ built by npm ci itself', () => {
    for (const file of ['dist/index.js', 'dist/program.js', 'dist/src/index.d.ts'])
      expect(existsSync(join(clone, file)), file).toBe(true);
  });

  it('serves the demo with `node dist/program.js serve --demo`', async () => {
    const answer = await callOverStdio(new StdioPeer(['serve', '--demo'], ['dist/program.js'], { cwd: clone }), 'add', {
      a: 2,
      b: 40,
    });
    expect(answer).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: '{"sum":42}' }], structuredContent: { sum: 42 }, isError: false },
    });
  });

  it("runs the README's quick start: `npm run mcp-server` prints the seed's expected frames", async () => {
    const { stdout } = await run('npm', ['run', '-s', 'mcp-server'], { cwd: clone, timeout: 60_000 });
    expect(stdout).toBe(
      `${JSON.stringify(JSON.parse(readFileSync(join(clone, 'fixtures', 'tools-call-handler', 'expected.json'), 'utf8')))}\n`,
    );
  }, 60_000);

  it('serves the echo tool with `npm start`', async () => {
    const answer = await callOverStdio(new StdioPeer(['-s', 'start'], [], { command: 'npm', cwd: clone }), 'echo', {
      x: 1,
    });
    expect(answer).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'echo({"x":1})' }], isError: false },
    });
  });
});

describe.each(['git URL', 'folder', 'tarball'] as const)('a project that installed zod-mcp from a %s', (route) => {
  it('imports the package and calls its tool in process', async () => {
    const { stdout } = await run(process.execPath, ['in-process.mjs'], { cwd: projects[route] });
    expect(JSON.parse(stdout)).toStrictEqual({ content: [{ type: 'text', text: '5' }], isError: false });
  });

  it('serves its module over stdio with `npx zod-mcp serve`', async () => {
    const answer = await callOverStdio(
      new StdioPeer(['zod-mcp', 'serve', 'server.mjs'], [], { command: 'npx', cwd: projects[route] }),
      'add',
      { a: 2, b: 3 },
    );
    expect(answer).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: '5' }], isError: false },
    });
  });

  it('has a real copy of the package (not a link to the clone, whose own zod would be a second copy), and neither optional peer', () => {
    const dir = projects[route];
    expect(existsSync(join(dir, 'node_modules', 'zod-mcp', 'dist', 'index.js'))).toBe(true);
    expect(existsSync(join(dir, 'node_modules', 'zod-mcp', 'node_modules'))).toBe(false);
    expect(existsSync(join(dir, 'node_modules', '@redis', 'client'))).toBe(false);
    expect(existsSync(join(dir, 'node_modules', 'jose'))).toBe(false);
  });
});

describe('`npx zod-mcp init` in a project that installed zod-mcp', () => {
  const init = async (route: keyof typeof projects) => {
    const dir = join(projects[route], `made-by-init`);
    await run('npx', ['zod-mcp', 'init', 'made-by-init'], { cwd: projects[route], timeout: 30_000 });
    return {
      dir,
      manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> },
    };
  };

  it('depends on zod-mcp as that project does (so npm can install it before it is on the registry), and its npm test passes', async () => {
    const { dir, manifest } = await init('git URL');
    expect(manifest.dependencies['zod-mcp']).toMatch(/^git\+file:\/\/\/.*zod-mcp$/);
    await npm(dir, 'install');
    const { stdout } = await run('npm', ['test'], {
      cwd: dir,
      timeout: 120_000,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    expect(stdout.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/Tests\s+3 passed \(3\)/);
  }, 240_000);

  it("a tarball's or a folder's path is made absolute (a folder's installed as a copy)", async () => {
    const tarball = await init('tarball');
    expect(tarball.manifest.dependencies['zod-mcp']).toMatch(/^file:\/.*\/zod-mcp-0\.1\.0\.tgz$/);
    expect(existsSync(join(tarball.dir, '.npmrc'))).toBe(false);
    const folder = await init('folder');
    expect(folder.manifest.dependencies['zod-mcp']).toBe(`file:${clone}`);
    expect(readFileSync(join(folder.dir, '.npmrc'), 'utf8')).toBe('install-links=true\n');
  }, 60_000);
});

describe('the declarations of the core entry', () => {
  it("type-check in a strict nodenext project without Node's types (types: [], skipLibCheck off)", async () => {
    const dir = projects.tarball;
    writeFileSync(
      join(dir, 'core.ts'),
      `import { z } from 'zod';
import { McpServer, defineTool, definePrompt, defineResource, elicit, memoryTaskStore, toFetchHandler, type FetchHandler, type HandlerContext } from 'zod-mcp';

const ask = defineTool({
  name: 'ask',
  description: 'Asks the user.',
  input: z.object({ question: z.string() }),
  handler: async ({ question }, ctx: HandlerContext) => {
    const { answer } = await ctx.ask({ answer: elicit(question, z.object({ text: z.string() })) });
    return answer.action === 'accept' ? answer.content.text : 'no answer';
  },
});
const server = new McpServer({
  name: 'core',
  version: '1.0.0',
  tools: [ask],
  prompts: [definePrompt({ name: 'hi', description: 'Says hi.', get: () => 'hi' })],
  resources: [defineResource({ uri: 'notes://a', name: 'a', read: () => 'a' })],
  tasks: { store: memoryTaskStore() },
});
export const fetchHandler: FetchHandler = toFetchHandler(server);
export const answer = await server.handle({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
`,
    );
    const tsconfig = {
      compilerOptions: {
        strict: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        noEmit: true,
        types: [],
        skipLibCheck: false,
      },
      files: ['core.ts'],
    };
    writeFileSync(join(dir, 'tsconfig.core.json'), JSON.stringify(tsconfig));
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.core.json'], { cwd: dir }).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(result).toBe('');
    expect(existsSync(join(dir, 'node_modules', '@types', 'node'))).toBe(false);
  }, 60_000);
});

describe('an optional peer that is not installed', () => {
  const serve = async (args: string[], env: Record<string, string> = {}) =>
    run('npx', ['zod-mcp', 'serve', 'server.mjs', '--http', '--port', '0', ...args], {
      cwd: projects['git URL'],
      env: { ...process.env, ...env },
      timeout: 30_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );

  it('--redis: exits 1, naming the line that installs @redis/client', async () => {
    const result = await serve(['--redis', 'redis://127.0.0.1:9'], {
      ZOD_MCP_STATE_KEY: 'a shared secret of the test',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'needs @redis/client, an optional peer dependency of zod-mcp that is not installed: run `npm install @redis/client@^6.0.0`',
    );
  });

  it('--auth-issuer: exits 1, naming the line that installs jose', async () => {
    const result = await serve(['--auth-issuer', 'http://127.0.0.1:9', '--auth-audience', 'http://127.0.0.1:3000/mcp']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'checking JWT access tokens and DPoP proofs (auth) needs jose, an optional peer dependency of zod-mcp that is not installed: run `npm install jose@^6.0.0`',
    );
  });

  const otel =
    '@opentelemetry/api@^1.9.0 @opentelemetry/sdk-metrics@^2.0.0 @opentelemetry/exporter-prometheus@^0.223.0';

  it('--metrics: exits 1, naming its three packages in one line that installs them all', async () => {
    const result = await serve(['--metrics']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "serveHttp's metrics option needs @opentelemetry/api, @opentelemetry/sdk-metrics and " +
        '@opentelemetry/exporter-prometheus, optional peer dependencies of zod-mcp that are not installed: run ' +
        `\`npm install ${otel}\``,
    );
  });

  it('--redis, --auth-issuer and --metrics: one message for every package they need, before anything starts', async () => {
    const result = await serve(
      [
        ...['--redis', 'redis://127.0.0.1:9', '--metrics'],
        ...['--auth-issuer', 'http://127.0.0.1:9', '--auth-audience', 'http://127.0.0.1:3000/mcp'],
      ],
      { ZOD_MCP_STATE_KEY: 'a shared secret of the test' },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'serve --redis, --auth-issuer and --metrics needs @redis/client, jose, @opentelemetry/api, ' +
        '@opentelemetry/sdk-metrics and @opentelemetry/exporter-prometheus, optional peer dependencies of zod-mcp ' +
        `that are not installed: run \`npm install @redis/client@^6.0.0 jose@^6.0.0 ${otel}\``,
    );
    expect(result.stderr.match(/not installed/g)).toHaveLength(1);
  });
});
