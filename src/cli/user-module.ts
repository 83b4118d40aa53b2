// `zod-mcp serve ./my-server.ts`: the user's module, loaded (TypeScript without a build step), and
// what it exports that can be served.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Served } from '../bundled/sets.js';
import type { Prompt } from '../features/prompts/define.js';
import type { Resource, ResourceTemplate } from '../features/resources/define.js';
import type { Tool } from '../features/tools/define.js';
import type { McpServer } from '../server.js';
import { loadingServedModule } from '../transports/served-module.js';

/** What a module gives: a server it built, or the parts to build one from (and the name to give it). */
export type UserModule =
  | { readonly kind: 'server'; readonly file: string; readonly server: McpServer }
  | {
      readonly kind: 'parts';
      readonly file: string;
      readonly name: string;
      readonly version: string;
      readonly served: Served;
    };

const TYPESCRIPT = new Set(['.ts', '.mts']);

/**
 * Loads `path` and finds what it exports: one `McpServer` (default or named), or else every tool,
 * resource, template and prompt it exports, alone or in arrays. A module that exports neither, or
 * two servers, is a usage error naming the file.
 */
export async function loadUserModule(path: string): Promise<UserModule> {
  const file = resolve(path);
  if (!existsSync(file)) throw new Error(`${path}: no such file`);
  const values = exportedValues(await importModule(file, path));
  // By its shape, not its class: a CommonJS module's `require('zod-mcp')` is a copy of its own (tsx compiles the
  // package again for require), whose McpServer this command serves through its public methods.
  const servers = [...new Set(values.filter(looksLikeServer))] as McpServer[];
  if (servers.length > 1) throw new Error(`${path}: exports ${servers.length} McpServers: export one`);
  if (servers.length > 0) return { kind: 'server', file, server: servers[0]! };
  const served = partsOf(values);
  if (served.tools.length + (served.resources?.length ?? 0) + (served.prompts?.length ?? 0) === 0) {
    throw new Error(
      `${path}: exports no McpServer, tool, resource or prompt (export them: \`export const server = new ` +
        `McpServer(...)\`, or \`export const add = defineTool(...)\`)`,
    );
  }
  return { kind: 'parts', file, ...packageIdentity(file), served };
}

/** The module's namespace. What fails here is the module's (exit 1), not the command line's. */
async function importModule(file: string, path: string): Promise<Record<string, unknown>> {
  if (extname(file) === '.cts') {
    throw new Error(
      `${path}: a .cts module cannot load zod-mcp (an ES module) through tsx on this Node: name it .ts or .mts`,
    );
  }
  if (TYPESCRIPT.has(extname(file))) {
    const tsx = await findTsx(file);
    // Registered for the whole process (not tsImport's isolated copy), so that the module's
    // `zod-mcp` is this command's own, and its McpServer one this command can serve.
    if (tsx !== undefined) tsx.register();
    else if (typeof (process.features as { typescript?: unknown }).typescript !== 'string') {
      throw new Error(
        `${path}: Node ${process.versions.node} does not load TypeScript by itself: install tsx in the project ` +
          '(npm install --save-dev tsx), or serve the built .js',
      );
    }
  }
  try {
    return await loadingServedModule(path, () => import(pathToFileURL(file).href) as Promise<Record<string, unknown>>);
  } catch (error) {
    // Its own mistake (a throw at definition, a syntax error, a transport of its own): the message,
    // naming the file, and the line of it the error came through when its stack says.
    const where = lineOf(error, file);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${path}: ${message}${where === undefined ? '' : ` (at ${path}:${where})`}`, { cause: error });
  }
}

/** `line:column` of the first frame of `error`'s stack that is in `file`. */
function lineOf(error: unknown, file: string): string | undefined {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const url = pathToFileURL(file).href;
  for (const frame of stack.split('\n').slice(1)) {
    const found = /([^\s()]+):(\d+):(\d+)\)?$/.exec(frame.trim());
    if (found !== null && (found[1] === file || found[1] === url)) return `${found[2]}:${found[3]}`;
  }
  return undefined;
}

type Tsx = { register: () => unknown };

/** `tsx` (an optional peer dependency), from the user's project first, then from beside this package. */
async function findTsx(file: string): Promise<Tsx | undefined> {
  for (const from of [file, fileURLToPath(import.meta.url)]) {
    let manifest: string;
    try {
      manifest = createRequire(from).resolve('tsx/package.json');
    } catch {
      continue; // not installed there
    }
    // Both loaders: a .ts file outside a `"type": "module"` package is CommonJS, as a .js one would
    // be. The ESM entry is taken as its exports map names it (require.resolve gives the CommonJS one).
    const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
      exports: Record<string, { import?: { default?: string } }>;
    };
    const entries = [exports['./esm/api']?.import?.default, exports['./cjs/api']?.import?.default];
    if (entries.some((entry) => entry === undefined)) continue;
    const apis = (await Promise.all(
      entries.map((entry) => import(pathToFileURL(join(dirname(manifest), entry!)).href)),
    )) as Tsx[];
    return { register: () => apis.forEach((api) => api.register()) };
  }
  return undefined;
}

/**
 * What a module exports. A CommonJS module (a .ts or .js file outside a `"type": "module"` package)
 * arrives as `{ default: module.exports }`: the properties of that object are its exports.
 */
function exportedValues(namespace: Record<string, unknown>): unknown[] {
  const values = Object.values(namespace);
  const fallback = namespace.default;
  const plain =
    typeof fallback === 'object' &&
    fallback !== null &&
    [Object.prototype, null].includes(Object.getPrototypeOf(fallback));
  if (!plain || partKind(fallback) !== undefined) return values;
  const inner = fallback as Record<string, unknown>;
  const nested = typeof inner.default === 'object' && inner.default !== null ? [inner.default] : [];
  return [...values.filter((value) => value !== fallback), ...Object.values(inner), ...nested];
}

/** What a defined part is, by its shape (a copy of zod-mcp other than this command's makes the same shapes). */
function partKind(value: unknown): 'tool' | 'resource' | 'prompt' | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const part = value as Record<string, unknown>;
  const descriptor = part.descriptor as Record<string, unknown> | undefined;
  if (typeof part.handler === 'function' && descriptor?.inputSchema !== undefined) return 'tool';
  if ((part.kind === 'resource' || part.kind === 'template') && typeof part.read === 'function') return 'resource';
  if (typeof part.get === 'function' && descriptor !== undefined && typeof part.name === 'string') return 'prompt';
  return undefined;
}

function looksLikeServer(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { handle?: unknown }).handle === 'function' &&
    typeof (value as { callTool?: unknown }).callTool === 'function'
  );
}

/**
 * Tools, resources, templates and prompts among the exports (arrays looked into), each once, in the order of the export
 * names (as a module namespace has them).
 */
function partsOf(values: unknown[]): Served {
  const tools: Tool[] = [];
  const resources: (Resource | ResourceTemplate)[] = [];
  const prompts: Prompt[] = [];
  const seen = new Set<unknown>();
  for (const value of values.flatMap((value) => (Array.isArray(value) ? value : [value]))) {
    if (seen.has(value)) continue;
    seen.add(value);
    const kind = partKind(value);
    if (kind === 'tool') tools.push(value as Tool);
    else if (kind === 'resource') resources.push(value as Resource | ResourceTemplate);
    else if (kind === 'prompt') prompts.push(value as Prompt);
  }
  return { tools, ...(resources.length === 0 ? {} : { resources }), ...(prompts.length === 0 ? {} : { prompts }) };
}

/** The server's name and version: the nearest package.json's, else the file's name and 0.0.0. */
function packageIdentity(file: string): { name: string; version: string } {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; version?: unknown };
        if (typeof name === 'string' && name !== '')
          return { name, version: typeof version === 'string' ? version : '0.0.0' };
      } catch {
        // an unreadable manifest names nothing
      }
      break;
    }
    if (dirname(dir) === dir) break;
  }
  return { name: basename(file, extname(file)), version: '0.0.0' };
}
