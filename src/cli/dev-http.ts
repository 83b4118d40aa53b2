// `zod-mcp dev --http`: the server restarted behind one port.
import { spawn, type ChildProcess } from 'node:child_process';
import { Runner } from './dev-runner.js';

/** Over HTTP: the old server drains and frees the port, then the new one takes it. */
export class HttpRunner extends Runner {
  #child: ChildProcess | undefined;
  #stopping = false;
  #restarting = false;

  constructor(args: string[], say: (text: string) => void) {
    super(args, say);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        this.#stopping = true;
        if (this.#child === undefined) this.finish(0);
        else this.#child.kill('SIGTERM');
      });
    }
  }

  start(): void {
    const child = spawn(process.execPath, this.args, { stdio: ['ignore', 'inherit', 'inherit'] });
    this.#child = child;
    child.once('exit', (code) => {
      if (this.#child === child) this.#child = undefined;
      if (this.#stopping) this.finish(0);
      else if (code !== 0 && code !== null) this.say(`the server stopped (exit ${code}); waiting for a change`);
    });
  }

  /** One restart at a time: changes while the old server drains are all in the code the new one loads. */
  restart(): void {
    const old = this.#child;
    if (this.#restarting) return;
    if (old === undefined) return this.start();
    this.#restarting = true;
    old.once('exit', () => {
      this.#restarting = false;
      if (!this.#stopping) this.start();
    });
    old.kill('SIGTERM');
  }
}
