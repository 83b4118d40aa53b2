// `zod-mcp init DIR`: a project that works at once. Made in a temp folder with the packed package as
// its zod-mcp, installed by npm, its own `npm test` passes and `npx zod-mcp serve server.ts` serves it.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCAFFOLD_VERSIONS } from '../../src/cli/init.js';
import { packProject } from '../e2e/adoption/project.js';
import { claudeListsAfter } from '../helpers/claude.js';
import { root, run } from '../helpers/run.js';
import { describeWithClient } from '../helpers/runtimes.js';
import { shellWord } from '../../src/cli/shell-word.js';
import { programJs, StdioPeer } from '../helpers/stdio-peer.js';

const exec = promisify(execFile);
const zodMcp = (args: string[]) => run(process.execPath, [programJs, ...args]);

describe('zod-mcp init', () => {
  let dir: string;
  beforeAll(async () => {
    const tarball = await packProject(mkdtempSync(join(tmpdir(), 'zod-mcp-pack-')));
    dir = join(mkdtempSync(join(tmpdir(), 'zod-mcp-init-')), 'My Tools');
    expect(await zodMcp(['init', dir, '--zod-mcp', `file:${tarball}`])).toStrictEqual({
      code: 0,
      stdout: '',
      // A folder with a space: every path it prints is quoted for the shell.
      stderr: `zod-mcp init: wrote package.json, tsconfig.json, server.ts, server.test.ts, contract.test.ts, README.md, .gitignore in ${dir}\nnext: cd '${dir}' && npm install && npm test\n`,
    });
    await exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, timeout: 240_000 });
  }, 300_000);

  it('writes a project named after its folder, depending on the zod-mcp it was given', () => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      name: string;
      dependencies: Record<string, string>;
    };
    expect(manifest.name).toBe('my-tools');
    expect(manifest.dependencies['zod-mcp']).toMatch(/^file:.*zod-mcp-0\.1\.0\.tgz$/);
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain(
      `claude mcp add my-tools -- npx --prefix '${dir}' zod-mcp serve '${join(dir, 'server.ts')}'\n`,
    );
  });

  it('passes its own npm test (tsc, then vitest calling the tool in process and writing its snapshot)', async () => {
    const { stdout } = await exec('npm', ['test'], {
      cwd: dir,
      timeout: 120_000,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    expect(stdout.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/Tests\s+3 passed \(3\)/);
    // the first run wrote the snapshot, the bytes `zod-mcp snapshot` writes
    const written = readFileSync(join(dir, 'mcp-snapshot.json'), 'utf8');
    expect((await exec('npx', ['zod-mcp', 'snapshot', 'server.ts'], { cwd: dir, timeout: 60_000 })).stdout).toBe(
      written,
    );
    // a breaking change to the tool fails the test, naming it
    const source = readFileSync(join(dir, 'server.ts'), 'utf8');
    writeFileSync(join(dir, 'server.ts'), source.replace("b: z.number().describe('the second number')", 'b: z.int()'));
    try {
      const failed = await exec('npx', ['vitest', 'run', 'contract.test.ts'], {
        cwd: dir,
        timeout: 60_000,
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      }).then(
        () => '',
        (error: { stdout: string; stderr: string }) => error.stdout + error.stderr,
      );
      expect(failed).toContain(
        'tools/add/inputSchema/properties/b: type narrowed: number -> integer [input-type-narrowed]',
      );
    } finally {
      writeFileSync(join(dir, 'server.ts'), source);
    }
  }, 150_000);

  it('type-checks the .ts files in its folders too: a type error in src/ fails its tsc', async () => {
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'broken.ts'), "export const count: number = 'three';\n");
    try {
      const failure = await exec('npx', ['tsc', '-p', '.'], { cwd: dir, timeout: 60_000 }).then(
        () => '',
        (error: { stdout: string }) => error.stdout,
      );
      expect(failure).toContain("src/broken.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.");
    } finally {
      rmSync(join(dir, 'src'), { recursive: true, force: true });
    }
  }, 70_000);

  it('is served by `npx zod-mcp serve server.ts`', async () => {
    const peer = new StdioPeer(['zod-mcp', 'serve', 'server.ts'], [], { command: 'npx', cwd: dir });
    peer.send(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } })}\n`,
    );
    expect(await peer.waitForId(1, 30_000)).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: '{"sum":5}' }], structuredContent: { sum: 5 }, isError: false },
    });
    await peer.end();
  }, 40_000);

  describeWithClient('claude-code')('in Claude Code, typed in another folder', () => {
    it("its README's claude mcp add line connects", async () => {
      const readme = readFileSync(join(dir, 'README.md'), 'utf8');
      const line = readme.split('\n').find((entry) => entry.startsWith('claude mcp add '));
      expect(line).toBe(`claude mcp add my-tools -- npx --prefix '${dir}' zod-mcp serve '${join(dir, 'server.ts')}'`);
      expect(await claudeListsAfter(line!, 'my-tools')).toMatch(/^my-tools: npx --prefix .* - ✔ Connected$/);
    }, 90_000);

    it("serve --help's example connects, with a project's paths for its placeholders", async () => {
      const { stdout } = await zodMcp(['serve', '--help']);
      const example = stdout
        .split('\n')
        .map((entry) => entry.trim())
        .find((entry) => entry.startsWith('claude mcp add '));
      expect(example).toBe(
        'claude mcp add my-tools -- npx --prefix /abs/path/my-tools zod-mcp serve /abs/path/my-tools/server.ts',
      );
      const line = example!
        .replace('/abs/path/my-tools/server.ts', shellWord(join(dir, 'server.ts')))
        .replace('/abs/path/my-tools', shellWord(dir));
      expect(await claudeListsAfter(line, 'my-tools')).toMatch(/^my-tools: npx --prefix .* - ✔ Connected$/);
    }, 90_000);
  });
});

describe('zod-mcp init, otherwise', () => {
  it('refuses a folder that is not empty, or a file, in one line, and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zod-mcp-init-'));
    writeFileSync(join(dir, 'notes.txt'), 'mine\n');
    expect(await zodMcp(['init', dir])).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: `zod-mcp: init: ${dir} is not empty: give a new or empty folder\n`,
    });
    expect(readdirSync(dir)).toStrictEqual(['notes.txt']);
    const file = join(dir, 'notes.txt');
    expect(await zodMcp(['init', file])).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: `zod-mcp: init: ${file} is a file: give a new or empty folder\n`,
    });
  });

  it('takes a folder `git init` made', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zod-mcp-init-'));
    mkdirSync(join(dir, '.git'));
    expect((await zodMcp(['init', dir])).code).toBe(0);
    expect(readdirSync(dir).sort()).toStrictEqual([
      '.git',
      '.gitignore',
      '.npmrc',
      'README.md',
      'contract.test.ts',
      'package.json',
      'server.test.ts',
      'server.ts',
      'tsconfig.json',
    ]);
  });

  it('run from a git checkout, depends on that checkout, installed as a copy (.npmrc), so that the project has one zod', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'zod-mcp-init-')), 'here');
    mkdirSync(dir);
    expect((await zodMcp(['init', dir])).code).toBe(0);
    expect(
      (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
        .dependencies['zod-mcp'],
    ).toBe(`file:${root}`);
    expect(readFileSync(join(dir, '.npmrc'), 'utf8')).toBe('install-links=true\n');
  });

  it('installs the versions this package is tested with', () => {
    const { devDependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    for (const [name, range] of Object.entries(SCAFFOLD_VERSIONS))
      expect(range.replace(/^\^/, ''), name).toBe(devDependencies[name]!.replace(/^\^/, ''));
  });
});
