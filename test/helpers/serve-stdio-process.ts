// `zod-mcp serve ARGS` over stdio as a real process (the built dist/program.js), fed `input` and
// left to end: its exit code, and all it wrote on stdout and stderr.
import { spawn } from 'node:child_process';
import { root } from './run.js';
import { programJs } from './stdio-peer.js';

export function serveStdioProcess(
  args: readonly string[],
  input: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [programJs, 'serve', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}
