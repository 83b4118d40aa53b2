// `zod-mcp manifest`: the MCP Registry's server.json from package.json and the server, and --check
// naming each disagreement (mcpName, version drift, the description's length, the name's form).
import { readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedProject } from '../helpers/linked-project.js';
import { run } from '../helpers/run.js';
import { programJs } from '../helpers/stdio-peer.js';

const SERVER = `import { z } from 'zod';
import { McpServer, defineTool } from 'zod-mcp';

const echo = defineTool({ name: 'echo', description: 'Echoes.', input: z.object({}), handler: () => 'ok' });
export const server = new McpServer({
  name: 'notes',
  version: '2.3.4',
  title: 'Notes',
  description: 'Keeps notes.',
  tools: [echo],
  card: { name: 'io.github.example/notes' },
});
`;
const PACKAGE = {
  name: 'notes-mcp',
  version: '2.3.4',
  type: 'module',
  mcpName: 'io.github.example/notes',
  repository: { type: 'git', url: 'git+https://github.com/example/notes.git' },
};
const EXPECTED = {
  $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
  name: 'io.github.example/notes',
  title: 'Notes',
  description: 'Keeps notes.',
  version: '2.3.4',
  repository: { url: 'https://github.com/example/notes', source: 'github' },
  packages: [{ registryType: 'npm', identifier: 'notes-mcp', version: '2.3.4', transport: { type: 'stdio' } }],
};

describe('zod-mcp manifest', () => {
  let project: string;
  const manifest = (...args: string[]) =>
    run(process.execPath, [programJs, 'manifest', ...args], undefined, {}, project);
  const setPackage = (more: Record<string, unknown>) =>
    writeFileSync(join(project, 'package.json'), `${JSON.stringify({ ...PACKAGE, ...more }, null, 2)}\n`);
  beforeAll(async () => {
    project = await linkedProject({ 'server.ts': SERVER });
    setPackage({});
  });
  afterAll(() => rm(project, { recursive: true, force: true }));

  it('prints server.json from package.json and the server', async () => {
    expect(await manifest('server.ts')).toStrictEqual({
      code: 0,
      stdout: `${JSON.stringify(EXPECTED, null, 2)}\n`,
      stderr: '',
    });
  });

  it('writes it with --out, adds a remote with --public-url, and --check finds it agrees', async () => {
    expect(await manifest('server.ts', '--out', 'server.json')).toStrictEqual({ code: 0, stdout: '', stderr: '' });
    expect(JSON.parse(readFileSync(join(project, 'server.json'), 'utf8'))).toStrictEqual(EXPECTED);
    expect(await manifest('server.ts', '--check')).toStrictEqual({
      code: 0,
      stdout: 'server.json: agrees with package.json and the server\n',
      stderr: '',
    });
    const remote = JSON.parse((await manifest('server.ts', '--public-url', 'https://mcp.example.com/mcp')).stdout);
    expect(remote.remotes).toStrictEqual([{ type: 'streamable-http', url: 'https://mcp.example.com/mcp' }]);
  });

  it('--check names each disagreement and exits 1', async () => {
    setPackage({ version: '2.4.0', mcpName: undefined });
    try {
      expect(await manifest('server.ts', '--check')).toStrictEqual({
        code: 1,
        stdout:
          'server.json: package.json has no mcpName (the registry checks it is "io.github.example/notes")\n' +
          'server.json: the server says version "2.3.4", package.json "2.4.0"\n' +
          'server.json: version is "2.3.4", but the project says "2.4.0"\n' +
          'server.json: packages names "notes-mcp" "2.3.4", not "notes-mcp" "2.4.0"\n',
        stderr: '',
      });
    } finally {
      setPackage({});
    }
  });

  it('says what the registry would refuse: a long description, a name not in its form', async () => {
    setPackage({ mcpName: 'notes' });
    writeFileSync(
      join(project, 'long.ts'),
      SERVER.replace("description: 'Keeps notes.'", `description: '${'x'.repeat(120)}'`).replace(
        "card: { name: 'io.github.example/notes' },",
        '',
      ),
    );
    try {
      const result = await manifest('long.ts');
      expect([result.code, result.stderr]).toStrictEqual([
        1,
        'zod-mcp: manifest: name "notes" is not a registry name (io.github.owner/name)\n' +
          'zod-mcp: manifest: the description is 120 characters; at most 100\n',
      ]);
    } finally {
      setPackage({});
    }
  });

  it('runs as its --help examples say, typed in the project', async () => {
    const help = (await run(process.execPath, [programJs, 'manifest', '--help'])).stdout;
    const examples = help
      .slice(help.indexOf('examples:\n') + 'examples:\n'.length)
      .trim()
      .split('\n')
      .map((line) => line.trim());
    expect(examples).toStrictEqual([
      'zod-mcp manifest ./server.ts --out server.json',
      'zod-mcp manifest ./server.ts --check',
    ]);
    expect(await run('bash', ['-e', '-c', `npx ${examples[0]}`], undefined, {}, project)).toStrictEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect((await run('bash', ['-e', '-c', `npx ${examples[1]}`], undefined, {}, project)).stdout).toBe(
      'server.json: agrees with package.json and the server\n',
    );
  });
});
