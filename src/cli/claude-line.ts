// The one `claude mcp add` line the product prints (serve's start line on a terminal, dev's, init's
// README, the help): absolute paths, so that it works whatever folder Claude Code starts the server
// from. Claude Code adds a server for the folder the line is typed in (its default scope, `local`);
// `-s user` adds it for every folder.
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import { shellWord } from './shell-word.js';

/** How the running command line was started: from a project's node_modules, or from a clone's dist/. */
export function installedIn(program: string): string | undefined {
  const marker = `${sep}node_modules${sep}zod-mcp${sep}`;
  const at = program.lastIndexOf(marker);
  return at === -1 ? undefined : program.slice(0, at);
}

/**
 * `claude mcp add NAME -- <start> ARGS…`, where <start> is `npx --prefix PROJECT zod-mcp` for a project
 * that installed zod-mcp, or `node PROGRAM` for a clone's dist/program.js: both found from any folder.
 */
export function claudeAddLine(name: string, args: readonly string[], program = process.argv[1] ?? ''): string {
  const absolute = resolve(program);
  const project = installedIn(absolute);
  const start = project === undefined ? ['node', absolute] : ['npx', '--prefix', project, 'zod-mcp'];
  return `claude mcp add ${shellWord(name)} -- ${[...start, ...args].map(shellWord).join(' ')}`;
}

/** The line for a project folder that has zod-mcp installed (init's README, the docs' example). */
export function claudeAddLineFor(name: string, project: string, args: readonly string[]): string {
  return claudeAddLine(name, args, join(project, 'node_modules', 'zod-mcp', 'dist', 'program.js'));
}

/** What the lines say of their scope. */
export const SCOPE_NOTE = "for the folder it is typed in; 'claude mcp add -s user' for every folder";

const PATH_FLAGS = new Set(['--root', '--skills']);

/** serve's or dev's arguments with the module and the folders named absolute, as the line needs them. */
export function withAbsolutePaths(args: readonly string[], module: string | undefined): string[] {
  return args.map((arg, index) =>
    (module !== undefined && arg === module) || PATH_FLAGS.has(args[index - 1] ?? '') ? resolve(arg) : arg,
  );
}

/** A name for the line: a module's folder when the file is only called server or index, else the file's name. */
export function serverName(module: string | undefined): string {
  if (module === undefined) return 'zod-mcp';
  const path = resolve(module);
  const file = basename(path, extname(path));
  const name = ['server', 'index', 'main'].includes(file) ? basename(dirname(path)) : file;
  return name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'zod-mcp';
}
