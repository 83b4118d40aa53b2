// The `claude mcp add` lines serve (on a terminal) and dev print, typed as printed in another folder:
// Claude Code then starts the server and connects (`claude mcp list`). init's README line and serve's
// --help example, which need an installed project, are run in init.test.ts.
import { join } from 'node:path';
import { expect, it } from 'vitest';
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
