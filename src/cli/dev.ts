// `zod-mcp dev ./my-server.ts [serve's flags]`: `serve`, restarted whenever a file under the module's
// folder changes. The client keeps its connection either way: this process stands between it and
// the server of the moment (dev-stdio.ts, dev-http.ts), and tells it its lists changed.
import { watch, type FSWatcher } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { HttpRunner } from './dev-http.js';
import { StdioRunner } from './dev-stdio.js';
import { parseServeArgs } from './serve-args.js';
import { UsageError } from './usage-error.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../transports/http/defaults.js';
import { listenFailure } from './listen-failure.js';
import { claudeAddLine, SCOPE_NOTE, serverName, withAbsolutePaths } from './claude-line.js';

/** Changes closer together than this restart once. */
const SETTLE_MS = 150;
const IGNORED = /(^|[\\/])(node_modules|\.git|dist|coverage)([\\/]|$)/;
/**
 * Only source changes restart: a module that writes a log, a cache or a database beside itself must not restart itself.
 */
const SOURCE = /\.([mc]?[jt]s|json)$/;

export async function runDevCommand(args: readonly string[]): Promise<number> {
  const options = parseServeArgs(args, 'dev');
  if (options.module === undefined)
    throw new UsageError('dev: give the module to serve: zod-mcp dev ./my-server.ts [--http ...]');
  if (options.workers > 1) throw new UsageError('dev: one process restarts on change; --workers is for serve');
  if (options.tls !== undefined)
    throw new UsageError(
      'dev: --tls-cert and --tls-key are for serve; dev --http serves plain HTTP (keep it on loopback)',
    );
  // This very program (dist/program.js, or program.ts under tsx, whose loader execArgv carries).
  const program = process.argv[1]!;
  // Over HTTP each server listens on a port of its own, and this process on the one the client knows.
  const serveArgs = [
    ...process.execArgv,
    program,
    'serve',
    ...(options.http ? [...withoutPort(args), '--port', '0'] : args),
  ];
  const folder = dirname(resolve(options.module));
  const say = (text: string) => process.stderr.write(`zod-mcp dev: ${text}\n`);
  say(`serving ${options.module} over ${options.http ? 'HTTP' : 'stdio'}; restarts on change`);
  if (!options.http) {
    const line = claudeAddLine(serverName(options.module), ['dev', ...withAbsolutePaths(args, options.module)]);
    say(`Claude Code starts it with (${SCOPE_NOTE}):\n  ${line}`);
  }
  let runner: HttpRunner | StdioRunner;
  if (options.http) {
    const { exposureLines, refuseOpenBind } = await import('./exposure.js');
    refuseOpenBind(options, 'dev'); // here, before anything listens: the server would refuse it at each start
    const http = new HttpRunner(serveArgs, say, options.host, options.port, (port, exposed) =>
      exposureLines(options, port, exposed),
    );
    await http.listen().catch((error: unknown) => {
      throw listenFailure(error, options.host ?? DEFAULT_HOST, options.port ?? DEFAULT_PORT, 'dev');
    });
    runner = http;
  } else {
    runner = new StdioRunner(serveArgs, say);
  }
  runner.start();
  const watcher = watchFolder(folder, (file) => {
    say(`${relative(process.cwd(), file) || file} changed: restarting`);
    runner.restart();
  });
  const code = await runner.finished;
  watcher.close();
  return code;
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
