// `zod-mcp serve`: the shipped tools over stdio, or over Streamable HTTP with --http.
import { bundledServer, selectSet, type Served } from '../bundled/sets.js';
import { parseServeArgs, type ServeArgs } from './serve-args.js';
import { UsageError } from './usage-error.js';

export async function runServeCommand(args: readonly string[]): Promise<void> {
  const options = parseServeArgs(args);
  const server = bundledServer(await chooseServed(options));
  if (options.http) {
    // Loaded only here, so that stdio start-up never pays for the HTTP code.
    const { runHttp } = await import('./serve-http.js');
    await runHttp(server, { port: options.port, host: options.host });
    process.exit(0); // a tool that ignored its abort signal must not keep a stopped server alive
  }
  const { serveStdio } = await import('../transports/stdio/serve.js');
  await serveStdio(server).closed;
  process.exit(0);
}

/** `echo`, plus the demo set with --demo, the workspace tools and files of --root, the skills of --skills (each loaded only then). */
async function chooseServed(options: ServeArgs): Promise<Served> {
  const chosen = await selectSet(options.demo ? 'demo' : 'server');
  const served = options.skills === undefined ? chosen : { ...chosen, extensions: [await loadSkillsFolder(options.skills)] };
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

async function loadSkillsFolder(dir: string) {
  const { skillsFrom } = await import('../bundled/skills/index.js');
  try {
    return await skillsFrom(dir);
  } catch (error) {
    throw new UsageError(`--skills: ${(error as Error).message.replace('workspace root', 'skills folder')}`);
  }
}
