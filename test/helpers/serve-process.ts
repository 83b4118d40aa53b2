// `zod-mcp serve --http` as a real process (the built dist/program.js), or any server that prints
// its URL the same way: started on a port it picks or is given, found by that URL, stopped by PID.
import { spawn, type ChildProcess } from 'node:child_process';
import { programJs } from './stdio-peer.js';

export interface ServeProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything it wrote to stderr so far. */
  stderr(): string;
  /** Sends `signal` and resolves with the exit code (or signal) once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
  readonly exited: Promise<number | string>;
}

export function startServe(
  args: readonly string[],
  env: Record<string, string> = {},
  timeoutMs = 15_000,
): Promise<ServeProcess> {
  return startHttpProcess([programJs, 'serve', '--http', ...args], env, timeoutMs);
}

/** Any Node program that prints `serving MCP over HTTP at <url>` on stderr once it serves (the bench's SDK server too). */
export function startHttpProcess(
  argv: readonly string[],
  env: Record<string, string> = {},
  timeoutMs = 15_000,
): Promise<ServeProcess> {
  return startHttpProgram(process.execPath, argv, env, timeoutMs);
}

/** The same, for a program of any runtime (`command`: its binary, a Bun, a Deno, another Node). */
export async function startHttpProgram(
  command: string,
  argv: readonly string[],
  env: Record<string, string> = {},
  timeoutMs = 15_000,
  cwd?: string,
): Promise<ServeProcess> {
  const child = spawn(command, [...argv], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(cwd === undefined ? {} : { cwd }),
  });
  let stderr = '';
  let stdout = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`serve did not start within ${timeoutMs} ms: ${stderr}`)),
      timeoutMs,
    );
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const found = /serving MCP over HTTP at (\S+)/.exec(stderr);
      if (found !== null) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code}) before it served: ${stderr}`));
    });
  });
  return {
    url,
    child,
    stderr: () => stderr,
    exited: exited.then((code) => {
      if (stdout !== '') throw new Error(`serve wrote to stdout: ${stdout}`);
      return code;
    }),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
