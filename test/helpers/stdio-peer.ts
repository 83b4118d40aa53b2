import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { root } from './run.js';

export const programJs = join(root, 'dist', 'program.js');

/** A spawned `node dist/program.js serve ...` fed raw lines, with every stdout line kept. */
export class StdioPeer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: string[] = [];
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  #partial = '';
  #waiters: (() => void)[] = [];

  /**
   * `program`: what node runs, `dist/program.js` unless given (e.g. `['--import', 'tsx', 'program.ts']`);
   * `spawned.command` runs instead of node (`npx`, say), in `spawned.cwd` (default the checkout).
   */
  constructor(
    args: string[] = ['serve', '--demo'],
    program: readonly string[] = [programJs],
    spawned: { command?: string; cwd?: string } = {},
  ) {
    this.child = spawn(spawned.command ?? process.execPath, [...program, ...args], {
      cwd: spawned.cwd ?? root,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (this.#partial + chunk).split('\n');
      this.#partial = parts.pop()!;
      this.lines.push(...parts);
      for (const wake of this.#waiters.splice(0)) wake();
    });
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    // 'close', not 'exit': the child's stdout may still hold lines when it exits.
    this.exited = new Promise((resolve) => this.child.on('close', (code, signal) => resolve({ code, signal })));
  }

  send(text: string | Buffer): void {
    this.child.stdin.write(text);
  }

  /** Waits until stdout has at least `count` lines. */
  async waitForLines(count: number, timeoutMs = 10_000): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.lines.length < count) {
      if (Date.now() > deadline)
        throw new Error(
          `timed out with ${this.lines.length}/${count} lines: ${this.lines.join('\n')}\nstderr: ${this.stderr}`,
        );
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.lines.slice(0, count);
  }

  /** Waits for the line answering `id`. */
  async waitForId(id: number | string, timeoutMs = 10_000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const line of this.lines) {
        const frame = JSON.parse(line) as Record<string, unknown>;
        if (frame.id === id && !('method' in frame)) return frame;
      }
      if (Date.now() > deadline) throw new Error(`no answer for id ${id}; stderr: ${this.stderr}`);
      await this.waitForLines(this.lines.length + 1, Math.max(1, deadline - Date.now())).catch(() => undefined);
    }
  }

  async end(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    this.child.stdin.end();
    return this.exited;
  }
}
