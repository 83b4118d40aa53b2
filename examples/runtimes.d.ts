// The parts of Bun's and Deno's globals the examples use, so that this project's own type check
// (tsc, with Node's types) covers them too. Bun and Deno bring their complete types themselves.

declare const Bun: {
  serve(options: { port: number; hostname: string; fetch: (request: Request) => Response | Promise<Response> }): {
    readonly port: number;
    stop(): Promise<void>;
  };
};

declare const Deno: {
  serve(
    options: { port: number; hostname: string; onListen?: (address: { port: number }) => void },
    handler: (request: Request) => Response | Promise<Response>,
  ): { shutdown(): Promise<void> };
  env: { get(name: string): string | undefined };
  addSignalListener(signal: 'SIGTERM' | 'SIGINT', handler: () => void): void;
};
