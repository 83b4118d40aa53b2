// What `zod-mcp dev` restarts: a server process, over stdio (dev-stdio.ts) or HTTP (dev-http.ts).

/** Starts a server, restarts it on change; `finished` once the client is gone (stdio) or this process is told to stop (HTTP). */
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

