// examples/cloudflare-worker on Cloudflare's workerd, as `wrangler dev` would serve it but without
// wrangler: the worker bundled by esbuild (as wrangler does), a workerd config written for it, on a
// free loopback port. No nodejs_compat flag: the worker has no Node API to lean on.
import { build } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../helpers/redis.js';
import { startHttpProgram, type ServeProcess } from '../../helpers/serve-process.js';
import { root } from '../../helpers/runtimes.js';

/** A worker to serve: examples/cloudflare-worker by default; `define` replaces names at bundle time (esbuild's). */
export interface WorkerSource {
  readonly entry?: string;
  readonly define?: Record<string, string>;
  /** Text bindings, the worker's `env` (wrangler.toml's [vars]). */
  readonly vars?: Record<string, string>;
}

/** The worker bundled into `dir`/worker.js: zod-mcp as the built package, zod included. */
export async function bundleWorker(dir: string, source: WorkerSource = {}): Promise<string> {
  const outfile = join(dir, 'worker.js');
  await build({
    entryPoints: [source.entry ?? join(root, 'examples', 'cloudflare-worker', 'src', 'index.ts')],
    define: source.define ?? {},
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser'],
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

/** workerd serving the worker at http://127.0.0.1:PORT/mcp, once it answers there. */
export async function startWorkerd(binary: string, source: WorkerSource = {}): Promise<ServeProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'zod-mcp-workerd-'));
  await bundleWorker(dir, source);
  const port = await freePort();
  writeFileSync(
    join(dir, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);

const worker :Workerd.Worker = (
  modules = [ (name = "worker", esModule = embed "worker.js") ],
  compatibilityDate = "2026-11-01",
  bindings = [ ${Object.entries(source.vars ?? {})
    .map(([name, text]) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(text)})`)
    .join(', ')} ],
);
`,
  );
  // workerd prints nothing once it listens: a wrapper says so for it, as the other servers do.
  const wrapper = join(dir, 'run.mjs');
  writeFileSync(
    wrapper,
    `import { spawn } from 'node:child_process';
// workerd prints what a worker logs (console.error too) on its stdout: on the wrapper's stderr here,
// where a server's diagnostics belong (its stdout is checked to stay empty)
const child = spawn(${JSON.stringify(binary)}, ['serve', 'config.capnp'], { cwd: ${JSON.stringify(dir)}, stdio: ['ignore', 2, 'inherit'] });
process.once('SIGTERM', () => child.kill('SIGTERM'));
child.once('exit', (code) => process.exit(code ?? 1));
for (let i = 0; i < 200; i++) {
  try {
    await fetch('http://127.0.0.1:${port}/');
    console.error('serving MCP over HTTP at http://127.0.0.1:${port}/mcp');
    break;
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
`,
  );
  return startHttpProgram(process.execPath, [wrapper], {}, 20_000);
}
