// The project as a newcomer gets it: a git repository holding exactly the files of this checkout
// that git tracks or would track (so uncommitted work is tested too, and nothing ignored comes
// along: no node_modules, no dist/), and fresh clones of it.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { root } from './run.js';

const run = promisify(execFile);
const git = (cwd: string, ...args: string[]) =>
  run('git', ['-c', 'user.name=test', '-c', 'user.email=test@localhost', ...args], { cwd });

let made: Promise<string> | undefined;

/** A repository whose one commit is this checkout's tracked and untracked-but-not-ignored files; made once per test file. */
export function snapshotRepository(): Promise<string> {
  return (made ??= (async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'zod-mcp-repo-')), 'zod-mcp');
    const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      maxBuffer: 16 << 20,
    });
    for (const file of stdout.split('\0')) {
      if (file === '' || !existsSync(join(root, file))) continue; // a tracked file deleted in this checkout
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      copyFileSync(join(root, file), join(dir, file)); // with its mode: .ci/run stays executable
    }
    await git(dir, 'init', '-q');
    await git(dir, 'add', '-A');
    await git(dir, 'commit', '-q', '-m', 'snapshot');
    return dir;
  })());
}

/** `git clone` of the snapshot into a new folder, as the README's first step. */
export async function freshClone(): Promise<string> {
  const repository = await snapshotRepository();
  const dir = join(mkdtempSync(join(tmpdir(), 'zod-mcp-clone-')), 'zod-mcp');
  await run('git', ['clone', '-q', repository, dir], { cwd: dirname(dir) });
  return dir;
}
