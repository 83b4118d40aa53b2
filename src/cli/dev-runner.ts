// What `zod-mcp dev` restarts: a server process, over stdio (dev-stdio.ts) or HTTP (dev-http.ts).
import type { ChildProcess } from 'node:child_process';

/**
 * Starts a server, restarts it on change; `finished` once the client is gone (stdio) or this process is told to stop
 * (HTTP).
 */
export abstract class Runner {
  readonly args: string[];
  readonly say: (text: string) => void;
  readonly finished: Promise<number>;
  protected finish!: (code: number) => void;

  constructor(args: string[], say: (text: string) => void) {
    this.args = args;
    this.say = say;
    this.finished = new Promise((done) => (this.finish = done));
  }

  abstract start(): void;
  abstract restart(): void;
}

/**
 * Passes a server's stderr on, keeping only its last 4 KiB; returns what says why the server
 * stopped: its last line (without the `zod-mcp: ` it starts with), else its exit code.
 */
export function relayStderr(child: ChildProcess): (code: number | null) => string {
  let tail = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-4096);
    process.stderr.write(chunk);
  });
  return (code) =>
    tail
      .trim()
      .split('\n')
      .at(-1)
      ?.replace(/^zod-mcp: /, '') || `exit ${code}`;
}
