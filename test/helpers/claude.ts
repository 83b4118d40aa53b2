// Claude Code as a user runs it: a `claude mcp add …` line typed in a shell, in a folder of its own
// (not the server's project), then `claude mcp list` there, which starts each server and says whether
// it connected. A home of its own, no update check, no traffic but to the servers it checks.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { clientScript } from './runtimes.js';
import { run } from './run.js';

/** Runs `line` (a `claude mcp add` command) in a new folder, and answers `claude mcp list`'s line for `name`. */
export async function claudeListsAfter(line: string, name: string): Promise<string | undefined> {
  const claude = clientScript('claude-code');
  if (claude === undefined) throw new Error('Claude Code is not installed: npm run runtimes');
  const home = await mkdtemp(join(tmpdir(), 'zod-mcp-claude-home-'));
  const folder = await mkdtemp(join(tmpdir(), 'zod-mcp-claude-elsewhere-'));
  const env = {
    HOME: home,
    PATH: `${dirname(claude)}${delimiter}${process.env.PATH ?? ''}`,
    DISABLE_AUTOUPDATER: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  };
  try {
    const added = await run('sh', ['-c', line], undefined, env, folder);
    if (added.code !== 0) throw new Error(`${line}: exit ${added.code}: ${added.stderr}${added.stdout}`);
    const { stdout } = await run(claude, ['mcp', 'list'], undefined, env, folder);
    return stdout.split('\n').find((entry) => entry.startsWith(`${name}: `));
  } finally {
    await rm(home, { recursive: true, force: true });
    await rm(folder, { recursive: true, force: true });
  }
}
