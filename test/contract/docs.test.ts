// docs/testing.md as a reader uses it: its rules table is RULES, and its shell blocks, run with
// `npx zod-mcp` in a project holding the page's server.ts, print what the page says they print.
// And the README's lines about it, against the README's own server.ts.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '../../src/testing.js';
import { linkedProject } from '../helpers/linked-project.js';
import { root, run } from '../helpers/run.js';

const page = async () => (await readFile(join(root, 'docs', 'testing.md'), 'utf8')).split('\n');

/** The block after the annotation, and the plain block after it (what it prints). */
async function shellBlock(name: string): Promise<{ script: string; prints: string }> {
  const lines = await page();
  const at = lines.indexOf(`<!-- test: {"shell":"${name}"} -->`);
  expect(lines[at + 1]).toBe('```bash');
  const end = lines.indexOf('```', at + 2);
  const printsAt = lines.indexOf('```', end + 1);
  const printsEnd = lines.indexOf('```', printsAt + 1);
  return {
    script: lines.slice(at + 2, end).join('\n'),
    prints: `${lines.slice(printsAt + 1, printsEnd).join('\n')}\n`,
  };
}

describe('docs/testing.md', () => {
  let project: string;
  beforeAll(async () => {
    const lines = await page();
    const at = lines.findIndex((line) => line.startsWith('<!-- test: {"file":"server.ts"'));
    const end = lines.indexOf('```', at + 2);
    project = await linkedProject({ 'server.ts': `${lines.slice(at + 2, end).join('\n')}\n` });
  });
  afterAll(async () => {
    await rm(project, { recursive: true, force: true });
  });

  it('lists every rule with its class and meaning, in the order of RULES', async () => {
    const lines = await page();
    const start = lines.indexOf('| rule | class | when |') + 2;
    const rows = lines.slice(start, lines.indexOf('', start));
    expect(rows).toStrictEqual(
      Object.entries(RULES).map(([rule, { class: level, text }]) => `| \`${rule}\` | ${level} | ${text} |`),
    );
  });

  it('snapshot: writes the file, then finds no changes', async () => {
    const { script, prints } = await shellBlock('snapshot');
    expect(await run('bash', ['-e', '-c', script], undefined, {}, project)).toStrictEqual({
      code: 0,
      stdout: prints,
      stderr: '',
    });
  });

  it('call: lists, calls, prints JSON, and exits 2 on a value the schema refuses', async () => {
    const { script, prints } = await shellBlock('call');
    expect(await run('bash', ['-e', '-c', script], undefined, {}, project)).toStrictEqual({
      code: 0,
      stdout: prints,
      stderr: 'zod-mcp: call: b: expected a number, got "three"\n',
    });
    const said = (await page()).find((line) => line.startsWith('with, on stderr, '));
    expect(said).toBe('with, on stderr, `zod-mcp: call: b: expected a number, got "three"` for the last.');
  });

  it("the README's call and snapshot lines work against the README's server.ts", async () => {
    const readme = await readFile(join(root, 'README.md'), 'utf8');
    const lines = readme.split('\n');
    const at = lines.indexOf(
      '<!-- test: {"file":"server.ts","serve":{"call":"add","arguments":{"a":2,"b":3},"text":"5"}} -->',
    );
    const folder = join(project, 'readme');
    await mkdir(folder);
    await writeFile(join(folder, 'server.ts'), `${lines.slice(at + 2, lines.indexOf('```', at + 2)).join('\n')}\n`);
    const prose = readme.replace(/\s*\n\s*/g, ' ');
    const commands = [
      '`npx zod-mcp call ./server.ts add a=2 b=3`',
      '`npx zod-mcp snapshot ./server.ts --out mcp-snapshot.json`',
      '`snapshot --check mcp-snapshot.json ./server.ts`',
    ];
    for (const command of commands) expect(prose).toContain(command);
    const shell = (line: string) => run('bash', ['-e', '-c', line], undefined, {}, folder);
    expect(await shell('npx zod-mcp call ./server.ts add a=2 b=3')).toStrictEqual({
      code: 0,
      stdout: '5\n',
      stderr: '',
    });
    expect(await shell('npx zod-mcp snapshot ./server.ts --out mcp-snapshot.json')).toStrictEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(await shell('npx zod-mcp snapshot --check mcp-snapshot.json ./server.ts')).toStrictEqual({
      code: 0,
      stdout: 'no changes\n',
      stderr: '',
    });
  });
});
