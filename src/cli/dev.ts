// `zod-mcp dev ./my-server.ts [serve's flags]`: `serve`, restarted whenever a file under the module's
// folder changes. Over stdio the client keeps its one connection: this process stands between,
// replays the client's `initialize` to each new server, and tells the client its lists changed.
import { watch, type FSWatcher } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { basename, dirname, extname, relative, resolve } from 'node:path';
import { HttpRunner } from './dev-http.js';
import { StdioRunner } from './dev-stdio.js';
import { parseServeArgs } from './serve-args.js';
import { UsageError } from './usage-error.js';
import { DEFAULT_HOST } from '../transports/http/defaults.js';

/** Changes closer together than this restart once. */
const SETTLE_MS = 150;
const IGNORED = /(^|[\\/])(node_modules|\.git|dist|coverage)([\\/]|$)/;
/** Only source changes restart: a module that writes a log, a cache or a database beside itself must not restart itself. */
const SOURCE = /\.([mc]?[jt]s|json)$/;

export async function runDevCommand(args: readonly string[]): Promise<number> {
  const options = parseServeArgs(args, 'dev');
  if (options.module === undefined) throw new UsageError('dev: give the module to serve: zod-mcp dev ./my-server.ts [--http ...]');
  if (options.workers > 1) throw new UsageError('dev: one process restarts on change; --workers is for serve');
  // This very program (dist/program.js, or program.ts under tsx, whose loader execArgv carries).
  const program = process.argv[1]!;
  // A restart over HTTP waits for the old server to drain: half a second, unless told otherwise.
  const drain = options.http && options.drainMs === undefined ? ['--drain-ms', '500'] : [];
  // --port 0 is chosen once, here: every restart serves the same URL.
  const port = options.http && options.port === 0 ? ['--port', String(await freePort(options.host ?? DEFAULT_HOST))] : [];
  const given = port.length === 0 ? args : withoutPort(args);
  const serveArgs = [...process.execArgv, program, 'serve', ...given, ...drain, ...port];
  const folder = dirname(resolve(options.module));
  const say = (text: string) => process.stderr.write(`zod-mcp dev: ${text}\n`);
  const name = basename(options.module, extname(options.module));
  const hint = options.http ? 'restarts on change' : `restarts on change (Claude Code: claude mcp add ${name} -- npx zod-mcp dev ${options.module})`;
  say(`serving ${options.module} over ${options.http ? 'HTTP' : 'stdio'}; ${hint}`);
  const runner = options.http ? new HttpRunner(serveArgs, say) : new StdioRunner(serveArgs, say);
  runner.start();
  const watcher = watchFolder(folder, (file) => {
    say(`${relative(process.cwd(), file) || file} changed: restarting`);
    runner.restart();
  });
  const code = await runner.finished;
  watcher.close();
  return code;
}

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The arguments without `--port N` / `--port=N`. */
function withoutPort(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--port') i++;
    else if (!args[i]!.startsWith('--port=')) out.push(args[i]!);
  }
  return out;
}

function watchFolder(folder: string, onChange: (file: string) => void): FSWatcher {
  let timer: NodeJS.Timeout | undefined;
  let changed = '';
  return watch(folder, { recursive: true }, (_event, name) => {
    if (name === null || IGNORED.test(name) || !SOURCE.test(name)) return;
    changed = resolve(folder, name);
    clearTimeout(timer);
    timer = setTimeout(() => onChange(changed), SETTLE_MS);
  });
}
