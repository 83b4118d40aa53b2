// `--baseline REF`: the package as it was at a git commit, built in a clone of its own (the
// dependencies of this checkout linked in), so a bench can set today's code beside it in one run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Builds `ref` and returns its dist/program.js. */
export function buildBaseline(root: string, ref: string, log: (text: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'zod-mcp-baseline-'));
  const commit = execFileSync('git', ['rev-parse', '--short', ref], { cwd: root, encoding: 'utf8' }).trim();
  log(`baseline: building ${ref} (${commit}) in ${dir}`);
  execFileSync('git', ['clone', '-q', '--no-checkout', root, dir]);
  execFileSync('git', ['checkout', '-q', commit], { cwd: dir });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  execFileSync('npm', ['run', '-s', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  const program = join(dir, 'dist', 'program.js');
  if (!existsSync(program)) throw new Error(`baseline ${ref}: the build made no dist/program.js`);
  return program;
}

/** A baseline bench's command line: `[REF] [--NAME N …]`; REF defaults to HEAD, each option to its fallback. */
export function baselineArgs(argv: readonly string[]): {
  ref: string;
  option: (name: string, fallback: number) => number;
} {
  const ref = argv.find((arg, index) => !arg.startsWith('--') && !argv[index - 1]?.startsWith('--')) ?? 'HEAD';
  const option = (name: string, fallback: number) => {
    const at = argv.indexOf(name);
    return at === -1 ? fallback : Number(argv[at + 1]);
  };
  return { ref, option };
}
