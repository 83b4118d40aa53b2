// docs/http.md's calls, run as a user pastes them against `zod-mcp serve --http`: the shell blocks
// (bash, in a folder of their own) and the SDK v2 client program (node, in a project that installed
// the client), each printing exactly the block the page shows after it. And the README's one curl
// line, against a module with the README's `add`.
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, run } from '../../helpers/run.js';
import { startHttpProcess, type ServeProcess } from '../../helpers/serve-process.js';
import { programJs } from '../../helpers/stdio-peer.js';

const PAGE_URL = 'http://127.0.0.1:3000/mcp';

/** Each annotated bash block of the page, with the plain block that follows it: what it prints. */
async function shellBlocks(): Promise<{ name: string; script: string; prints: string }[]> {
  const lines = (await readFile(join(root, 'docs', 'http.md'), 'utf8')).split('\n');
  const blocks: { name: string; script: string; prints: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const annotation = /^<!-- test: \{"shell":"(\w+)"\} -->$/.exec(lines[i]!);
    if (annotation === null) continue;
    expect(lines[i + 1]).toBe('```bash');
    const end = lines.indexOf('```', i + 2);
    const printsAt = lines.indexOf('```', end + 1);
    const printsEnd = lines.indexOf('```', printsAt + 1);
    blocks.push({
      name: annotation[1]!,
      script: lines.slice(i + 2, end).join('\n'),
      prints: `${lines.slice(printsAt + 1, printsEnd).join('\n')}\n`,
    });
  }
  return blocks;
}

describe("docs/http.md's curl blocks", () => {
  let served: ServeProcess;
  let folder: string;
  beforeAll(async () => {
    served = await startHttpProcess([programJs, 'serve', '--http', '--port', '0']);
    folder = await mkdtemp(join(tmpdir(), 'zod-mcp-curl-'));
  });
  afterAll(async () => {
    await served.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it('has a block for each era', async () => {
    expect((await shellBlocks()).map(({ name }) => name)).toStrictEqual(['2025', '2026']);
  });

  it.each(['2025', '2026'])('the %s block prints what the page says', async (name) => {
    const block = (await shellBlocks()).find((candidate) => candidate.name === name)!;
    expect(block.script).toContain(PAGE_URL);
    const script = block.script.replaceAll(PAGE_URL, served.url);
    const { code, stdout, stderr } = await run('bash', ['-e', '-c', script], undefined, {}, folder);
    expect({ code, stderr }).toStrictEqual({ code: 0, stderr: '' });
    expect(stdout).toBe(block.prints);
  });
});

describe("docs/http.md's SDK v2 client program", () => {
  it('speaks 2026 with auto negotiation and 2025 by default, and prints what the page says', async () => {
    const lines = (await readFile(join(root, 'docs', 'http.md'), 'utf8')).split('\n');
    const at = lines.indexOf('<!-- test: {"client":"sdk-v2"} -->');
    expect(lines[at + 1]).toBe('```js');
    const end = lines.indexOf('```', at + 2);
    const printsAt = lines.indexOf('```', end + 1);
    const prints = `${lines.slice(printsAt + 1, lines.indexOf('```', printsAt + 1)).join('\n')}\n`;
    const project = await mkdtemp(join(tmpdir(), 'zod-mcp-client-'));
    await symlink(join(root, 'node_modules'), join(project, 'node_modules'), 'dir');
    await writeFile(join(project, 'client.mjs'), `${lines.slice(at + 2, end).join('\n')}\n`);
    const served = await startHttpProcess([programJs, 'serve', '--http', '--port', '0']);
    try {
      const result = await run(process.execPath, ['client.mjs'], undefined, { MCP_URL: served.url }, project);
      expect(result).toStrictEqual({ code: 0, stdout: prints, stderr: '' });
    } finally {
      await served.stop();
      await rm(project, { recursive: true, force: true });
    }
  });
});

describe("the README's curl line", () => {
  it('calls add over one 2026 POST', async () => {
    const readme = (await readFile(join(root, 'README.md'), 'utf8')).split('\n');
    const at = readme.findIndex((line) => line.startsWith('curl -s http://127.0.0.1:3000/mcp'));
    const script = readme.slice(at, readme.indexOf('```', at)).join('\n');
    expect(script).toContain("-H 'mcp-name: add'");
    const served = await startHttpProcess([
      programJs,
      'serve',
      join(root, 'test', 'cli', 'modules', 'parts.ts'),
      '--http',
      '--port',
      '0',
    ]);
    try {
      const { code, stdout } = await run('bash', ['-e', '-c', script.replaceAll(PAGE_URL, served.url)]);
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toStrictEqual({
        jsonrpc: '2.0',
        id: 1,
        result: {
          resultType: 'complete',
          content: [{ type: 'text', text: '5' }],
          isError: false,
          _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'zod-mcp', version: '0.1.0' } },
        },
      });
    } finally {
      await served.stop();
    }
  });
});
