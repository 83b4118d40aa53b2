// The `claude mcp add` lines serve (on a terminal) and dev print, typed as printed in another folder:
// Claude Code then starts the server and connects (`claude mcp list`). init's README line and serve's
// --help example, which need an installed project, are run in init.test.ts.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeAddLine, claudeName, withAbsolutePaths } from '../../src/cli/claude-line.js';
import { claudeListsAfter } from '../helpers/claude.js';
import { root, run } from '../helpers/run.js';
import { describeWithClient } from '../helpers/runtimes.js';
import { programJs, StdioPeer } from '../helpers/stdio-peer.js';

const module = join(root, 'test', 'cli', 'modules', 'built-server.ts');

/** The line after "starts it with (…):" in what a command printed. */
function printedLine(text: string): string {
  const line = text.split(/\r?\n/).find((entry) => entry.startsWith('  claude mcp add '));
  if (line === undefined) throw new Error(`no claude mcp add line in: ${text}`);
  return line.trim();
}

describeWithClient('claude-code')('the claude mcp add line, typed in another folder', () => {
  it('serve on a terminal prints one that Claude Code connects with', async () => {
    // `script` gives serve a terminal; its stdin at end of file ends the server at once.
    const { stdout } = await run('script', ['-qec', `${process.execPath} ${programJs} serve ${module}`, '/dev/null']);
    const line = printedLine(stdout);
    expect(line).toBe(`claude mcp add built-server -- node ${programJs} serve ${module}`);
    expect(await claudeListsAfter(line, 'built-server')).toBe(
      `built-server: node ${programJs} serve ${module} - ✔ Connected`,
    );
  }, 90_000);

  it('dev prints one that Claude Code connects with', async () => {
    const peer = new StdioPeer(['dev', module]);
    const deadline = Date.now() + 20_000;
    while (!peer.stderr.includes('  claude mcp add ') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await peer.end();
    const line = printedLine(peer.stderr);
    expect(line).toBe(`claude mcp add built-server -- node ${programJs} dev ${module}`);
    expect(await claudeListsAfter(line, 'built-server')).toBe(
      `built-server: node ${programJs} dev ${module} - ✔ Connected`,
    );
  }, 90_000);
});

describe('claudeAddLine', () => {
  /** A file at `path` under a new folder, with its folders; answers the folder. */
  function layout(path: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'zod-mcp-layout-'));
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), '');
    return dir;
  }

  it("names the project of an npm install, reached through node_modules/.bin's link", () => {
    const project = layout('node_modules/zod-mcp/dist/program.js');
    mkdirSync(join(project, 'node_modules', '.bin'));
    symlinkSync('../zod-mcp/dist/program.js', join(project, 'node_modules', '.bin', 'zod-mcp'));
    expect(
      claudeAddLine('my-tools', ['serve', '/abs/server.ts'], join(project, 'node_modules', '.bin', 'zod-mcp')),
    ).toBe(`claude mcp add my-tools -- npx --prefix ${project} zod-mcp serve /abs/server.ts`);
  });

  it('names the project of a pnpm install, not its store folder', () => {
    const project = layout('node_modules/.pnpm/zod-mcp@0.1.0/node_modules/zod-mcp/dist/program.js');
    const program = join(project, 'node_modules/.pnpm/zod-mcp@0.1.0/node_modules/zod-mcp/dist/program.js');
    expect(claudeAddLine('t', ['serve'], program)).toBe(`claude mcp add t -- npx --prefix ${project} zod-mcp serve`);
  });

  it("runs a clone's program with node, and quotes what a shell would split", () => {
    const clone = layout('my clone/dist/program.js');
    expect(claudeAddLine('my.tools', ['dev', '/a b/server.ts'], join(clone, 'my clone/dist/program.js'))).toBe(
      `claude mcp add my-tools -- node '${clone}/my clone/dist/program.js' dev '/a b/server.ts'`,
    );
  });

  it('takes names Claude Code takes, and makes paths absolute in both flag forms', () => {
    expect(claudeName('my.tools')).toBe('my-tools');
    expect(claudeName('...')).toBe('zod-mcp');
    expect(withAbsolutePaths(['./s.ts', '--root', 'data', '--skills=./skills', '--port', '3'], './s.ts')).toStrictEqual(
      [resolve('s.ts'), '--root', resolve('data'), `--skills=${resolve('skills')}`, '--port', '3'],
    );
  });
});
