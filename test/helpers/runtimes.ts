// The runtimes the package is served on besides this Node (scripts/runtimes.json: Node 22, 24 and
// 26, Bun, Deno, workerd), and the MCP clients the tests run against it (scripts/clients.json: the
// MCP Inspector, the AI SDK's MCP client, Claude Code), as `npm run runtimes` installs them into .runtimes/. Without one, its tests are
// skipped and test/global-setup.ts says so; with ZOD_MCP_TEST_ALL=1 (.ci/run) a missing one fails
// the run at its start.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'vitest';
import { everyTestRequired } from './binaries.js';

export const root = join(import.meta.dirname, '..', '..');
export const RUNTIMES = JSON.parse(readFileSync(join(root, 'scripts', 'runtimes.json'), 'utf8')) as Record<
  string,
  { package: string; binary: string }
>;
/** Where they are: .runtimes/, or ZOD_MCP_RUNTIMES_DIR (a test of the skips points it at an empty folder). */
const runtimesDir = process.env.ZOD_MCP_RUNTIMES_DIR || join(root, '.runtimes');
export type Runtime = 'node22' | 'node24' | 'node26' | 'bun' | 'deno' | 'workerd';

/** The runtime's binary under .runtimes/, or undefined when `npm run runtimes` has not installed it. */
export function runtimeBinary(name: Runtime): string | undefined {
  const path = join(runtimesDir, name, RUNTIMES[name]!.binary);
  return existsSync(path) ? path : undefined;
}

/** `describe`, skipped when the runtime is not installed (never under ZOD_MCP_TEST_ALL=1). */
export function describeOn(name: Runtime): typeof describe {
  return describe.skipIf(!everyTestRequired && runtimeBinary(name) === undefined) as typeof describe;
}

/** The MCP clients the tests run against the package, each on one of the runtimes (the one it names). */
export const CLIENTS = JSON.parse(readFileSync(join(root, 'scripts', 'clients.json'), 'utf8')) as Record<
  string,
  { package: string; binary: string; runtime: Runtime | 'native' }
>;
export type McpClient = 'inspector' | 'ai-sdk' | 'claude-code';

/** The client's entry script under .runtimes/, or undefined when `npm run runtimes` has not installed it. */
export function clientScript(name: McpClient): string | undefined {
  const path = join(runtimesDir, name, CLIENTS[name]!.binary);
  return existsSync(path) ? path : undefined;
}

/** How to start the client: the binary of its runtime and its entry script, or undefined when either is not installed. */
export function clientCommand(name: McpClient): { runtime: string; script: string } | undefined {
  const on = CLIENTS[name]!.runtime;
  if (on === 'native') throw new Error(`${name} is a binary of its own: run clientScript('${name}')`);
  const runtime = runtimeBinary(on);
  const script = clientScript(name);
  return runtime === undefined || script === undefined ? undefined : { runtime, script };
}

/** `describe`, skipped when the client or its runtime is not installed (never under ZOD_MCP_TEST_ALL=1). */
export function describeWithClient(name: McpClient): typeof describe {
  const installed = CLIENTS[name]!.runtime === 'native' ? clientScript(name) : clientCommand(name);
  return describe.skipIf(!everyTestRequired && installed === undefined) as typeof describe;
}
