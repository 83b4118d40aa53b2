import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');
export const tsxBin = join(root, 'node_modules', '.bin', 'tsx');

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion (in `cwd`, the checkout by default), feeding `input` on stdin (or closing it at once), with `env` added to ours. */
export function run(
  command: string,
  args: string[],
  input?: string,
  env: Record<string, string> = {},
  cwd = root,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** `npx tsx program.ts ...`, as process mode is run from a checkout. */
export function runProgram(args: string[], input?: string): Promise<RunResult> {
  return run(tsxBin, [join(root, 'program.ts'), ...args], input);
}
