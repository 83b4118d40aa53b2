// `zod-mcp serve [./my-server.ts]`: the user's module or the shipped tools, over stdio, or over
// Streamable HTTP with --http.
import { bundledServer, selectSet, type Served } from '../bundled/sets.js';
import type { McpServer, McpServerOptions } from '../server.js';
import { parseServeArgs, type ServeArgs } from './serve-args.js';
import { sharedKeyFromEnv } from '../core/input/state.js';
import { ignoreStderrFailures } from '../transports/stderr.js';
import { UsageError } from './usage-error.js';
import { servedDiscovery, servedToolsets } from './serve-tools.js';
import { DEFAULT_HOST } from '../transports/http/defaults.js';
import './parent-watch.js'; // reads the parent's id now, as the command starts

export async function runServeCommand(args: readonly string[]): Promise<void> {
  const options = parseServeArgs(args);
  ignoreStderrFailures(); // a server outlives its diagnostics: a closed stderr must not stop it
  if (options.http) return runServeHttp(options);
  const server = await buildServer(
    options,
    await chooseServed(options),
    options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit },
  );
  const { serveStdio } = await import('../transports/stdio/serve.js');
  if (process.stdin.isTTY) {
    const { claudeAddLine, serverName, withAbsolutePaths, SCOPE_NOTE } = await import('./claude-line.js');
    const line = claudeAddLine(serverName(options.module), ['serve', ...withAbsolutePaths(args, options.module)]);
    process.stderr.write(`zod-mcp serve: Claude Code starts it with (${SCOPE_NOTE}):\n  ${line}\n`);
  }
  const toolsets = servedToolsets(options, server);
  await serveStdio(server, { ...(toolsets === undefined ? {} : { toolsets }), ...servedDiscovery(options, server) })
    .closed;
  process.exit(0);
}

/**
 * Over HTTP: one process, or `--workers N` behind one socket; `--redis` shares tasks and change
 * events between them (and with other hosts). Each part is loaded only when asked for.
 */
async function runServeHttp(options: ServeArgs): Promise<void> {
  const served = await chooseServed(options);
  const [{ bindsLoopback, exposedBy, exposureLines, refuseOpenBind }, { machineHostNames }] = await Promise.all([
    import('./exposure.js'),
    import('../transports/http/node/listener-options.js'),
  ]);
  const cluster = options.workers > 1 ? (await import('node:cluster')).default : undefined;
  if (cluster === undefined || cluster.isPrimary) {
    checkScaleOut(options, served);
    refuseOpenBind(options);
    await (await import('./serve-peers.js')).checkServePeers(options);
  }
  const limits = options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit };
  if (cluster?.isPrimary) {
    // Built here only to name what it serves (each worker builds its own, with Redis).
    const exposed = exposedBy(await buildServer(options, served, limits));
    const { runPrimary } = await import('./cluster.js');
    process.exit(
      await runPrimary(options.workers, options.drainMs ?? 10_000, (port) => exposureLines(options, port, exposed)),
    );
  }
  const shared =
    options.redis === undefined
      ? undefined
      : await (await import('./serve-redis.js')).openRedis(
          options.redis,
          options.taskLeaseMs,
          options.redisTimeoutMs,
          options.rateLimit !== undefined,
        );
  const stores =
    shared === undefined
      ? limits
      : {
          events: shared.events,
          tasks: { store: shared.store },
          ...limits,
          ...(shared.limits === undefined ? {} : { rateLimitStore: shared.limits }),
        };
  const server = await buildServer(options, served, stores);
  const toolsets = servedToolsets(options, server);
  const prefix = options.instance === undefined ? '' : `${options.instance}.`;
  const child =
    cluster === undefined ? (await import('./dev-child.js')).devChildOptions(server, exposedBy(server)) : undefined;
  const worker =
    cluster === undefined
      ? { sessionIdPrefix: prefix, ...child }
      : (await import('./cluster.js')).workerOptions(prefix);
  const host = options.host ?? DEFAULT_HOST;
  // A server `dev` started for a public host listens on loopback only, behind dev's listener, and serves that host's
  // names.
  const behindDev = child !== undefined && !bindsLoopback(options);
  const listenHost = behindDev ? loopbackOf(host) : options.host;
  const named = behindDev || options.allowedHosts !== undefined;
  // Loaded only here, so that stdio start-up never pays for the HTTP code.
  const { runHttp } = await import('./serve-http.js');
  await runHttp(server, {
    port: options.port,
    host: listenHost,
    drainMs: options.drainMs,
    notices: (port) => exposureLines(options, port, exposedBy(server)),
    ...(options.auth === undefined ? {} : { auth: options.auth }),
    ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
    ...(options.card ? { card: true, catalog: options.catalog } : {}),
    ...(named ? { allowedHosts: [...machineHostNames(host), ...(options.allowedHosts ?? [])] } : {}),
    ...(options.maxConnectionsPerClient === undefined
      ? {}
      : { maxConnectionsPerClient: options.maxConnectionsPerClient }),
    ...(options.trustForwardedFor ? { trustForwardedFor: true } : {}),
    ...(options.tls === undefined ? {} : { tls: await readTls(options.tls) }),
    ...(options.metrics === undefined
      ? {}
      : { metrics: options.metrics.port === undefined ? true : { port: options.metrics.port } }),
    ...(toolsets === undefined ? {} : { toolsets }),
    ...servedDiscovery(options, server),
    ...worker,
  });
  await shared?.close();
  process.exit(0); // a tool that ignored its abort signal must not keep a stopped server alive
}

/** The loopback address of `host`'s family: where a server that only dev reaches listens. */
function loopbackOf(host: string): string {
  return host.includes(':') ? '::1' : '127.0.0.1';
}

/** The PEM files of --tls-cert and --tls-key. */
async function readTls(files: { cert: string; key: string }): Promise<{ cert: Uint8Array; key: Uint8Array }> {
  const { readFile } = await import('node:fs/promises');
  const read = (flag: string, file: string) =>
    readFile(file).catch((error: NodeJS.ErrnoException) => {
      throw new Error(`serve: ${flag} ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
    });
  const [cert, key] = await Promise.all([read('--tls-cert', files.cert), read('--tls-key', files.key)]);
  return { cert, key };
}

/** Several processes must open each other's requestState, and find each other's tasks. */
function checkScaleOut(options: ServeArgs, served: Served): void {
  const many =
    options.workers > 1
      ? `--workers ${options.workers} runs ${options.workers} processes`
      : options.redis !== undefined
        ? '--redis shares state between instances'
        : undefined;
  if (many === undefined) return;
  if (sharedKeyFromEnv() === undefined) {
    throw new UsageError(
      `serve: ${many}, which must open each other's requestState: set ZOD_MCP_STATE_KEY to a secret of 16 or more ` +
        'characters, the same for every instance',
    );
  }
  const tasks = served.tools.filter((tool) => tool.task !== 'never').map((tool) => tool.name);
  if (options.workers > 1 && options.redis === undefined && tasks.length > 0) {
    throw new UsageError(
      `serve: ${many} and serves tasks (${tasks.join(', ')}): add --redis URL, so that every worker finds every task`,
    );
  }
  if (options.workers > 1 && options.redis === undefined && options.rateLimit !== undefined) {
    throw new UsageError(
      `serve: ${many} and --rate-limit would count in each: add --redis URL, so that every worker counts in the ` +
        'same buckets',
    );
  }
}

/**
 * What is served: the module's server, or its parts; with nothing else to serve, `echo`. Then the demo set
 * with --demo, the workspace tools and files of --root, the skills of --skills (each loaded only then).
 */
async function chooseServed(options: ServeArgs): Promise<Served> {
  const own = options.module === undefined ? undefined : await userModule(options);
  if (own?.kind === 'server') return { tools: [] };
  const base: Served = own?.served ?? { tools: [] };
  // echo is the server of a bare `serve` (and of --demo's set): beside real tools it is noise to a model.
  const bare = own === undefined && options.root === undefined && options.skills === undefined;
  const chosen = options.demo ? await selectSet('demo') : bare ? await selectSet('server') : { tools: [] };
  const merged: Served = {
    tools: [...base.tools, ...chosen.tools],
    ...(base.resources || chosen.resources
      ? { resources: [...(base.resources ?? []), ...(chosen.resources ?? [])] }
      : {}),
    ...(base.prompts || chosen.prompts ? { prompts: [...(base.prompts ?? []), ...(chosen.prompts ?? [])] } : {}),
  };
  const served =
    options.skills === undefined ? merged : { ...merged, extensions: [await loadSkillsFolder(options.skills)] };
  if (options.root === undefined) return served;
  const { workspaceResources, workspaceTools } = await import('../bundled/workspace/index.js');
  try {
    const workspace = { root: options.root, readOnly: options.readOnly, confirmWrites: options.confirmWrites };
    return {
      ...served,
      tools: [...served.tools, ...workspaceTools(workspace)],
      resources: [...(served.resources ?? []), ...workspaceResources(workspace)],
    };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The module, loaded once (chooseServed and buildServer both ask). */
let loaded: Promise<import('./user-module.js').UserModule> | undefined;
async function userModule(options: ServeArgs) {
  const { loadUserModule } = await import('./user-module.js');
  return (loaded ??= loadUserModule(options.module!));
}

/** The module's own server as it is (nothing can be added to it), or a server of what is served. */
async function buildServer(
  options: ServeArgs,
  served: Served,
  shared: Pick<McpServerOptions, 'events' | 'tasks' | 'rateLimit' | 'rateLimitStore'>,
): Promise<McpServer> {
  const own = options.module === undefined ? undefined : await userModule(options);
  if (own === undefined) return bundledServer(served, shared);
  if (own.kind === 'server') {
    const added = [
      options.demo && '--demo',
      options.root !== undefined && '--root',
      options.skills !== undefined && '--skills',
      options.redis !== undefined && '--redis',
      options.rateLimit !== undefined && '--rate-limit',
    ].filter(Boolean);
    if (added.length > 0)
      throw new UsageError(
        `serve: ${options.module} exports a built McpServer, to which ${added.join(', ')} cannot add: pass those ` +
          'to new McpServer({...}) in the module, or export its tools instead',
      );
    return own.server;
  }
  const { McpServer } = await import('../server.js');
  try {
    return new McpServer({ name: own.name, version: own.version, ...served, ...shared });
  } catch (error) {
    // e.g. its tool and --demo's both named add
    throw new UsageError(`serve: ${options.module}: ${(error as Error).message}`);
  }
}

async function loadSkillsFolder(dir: string) {
  const { skillsFrom } = await import('../bundled/skills/index.js');
  try {
    return await skillsFrom(dir);
  } catch (error) {
    throw new UsageError(`--skills: ${(error as Error).message.replace('workspace root', 'skills folder')}`);
  }
}
