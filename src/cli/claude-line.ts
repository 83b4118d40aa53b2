// The one `claude mcp add` line the product prints (serve's start line on a terminal, dev's, init's
// README, the help): absolute paths, so that it works whatever folder Claude Code starts the server
// from. Claude Code adds a server for the folder the line is typed in (its default scope, `local`);
// `-s user` adds it for every folder.
import { realpathSync } from 'node:fs';
import { basename, dirname, extname, resolve, sep } from 'node:path';
import { shellWord } from './shell-word.js';

/**
 * The project a program file of zod-mcp is installed in: the folder before the first `node_modules` of
 * its real path (npm: `<project>/node_modules/zod-mcp/…`; pnpm: `<project>/node_modules/.pnpm/zod-mcp@…/
 * node_modules/zod-mcp/…`), or undefined for a clone's dist/program.js.
 */
export function installedIn(program: string): string | undefined {
  if (!program.includes(`${sep}node_modules${sep}zod-mcp${sep}`)) return undefined;
  return program.slice(0, program.indexOf(`${sep}node_modules${sep}`));
}

/** The file itself, through the links npm's and pnpm's `.bin` put before it. */
function realPath(program: string): string {
  try {
    return realpathSync(program);
  } catch {
    return resolve(program);
  }
}

/**
 * `claude mcp add NAME -- <start> ARGS…`, where <start> is `npx --prefix PROJECT zod-mcp` for a project
 * that installed zod-mcp, or `node PROGRAM` for a clone's dist/program.js: both found from any folder.
 */
export function claudeAddLine(name: string, args: readonly string[], program = process.argv[1] ?? ''): string {
  const absolute = realPath(program);
  const project = installedIn(absolute);
  return line(name, project === undefined ? ['node', absolute] : ['npx', '--prefix', project, 'zod-mcp'], args);
}

/** The line for a project folder that has zod-mcp installed (init's README, the docs' example). */
export function claudeAddLineFor(name: string, project: string, args: readonly string[]): string {
  return line(name, ['npx', '--prefix', resolve(project), 'zod-mcp'], args);
}

function line(name: string, start: readonly string[], args: readonly string[]): string {
  return `claude mcp add ${shellWord(claudeName(name))} -- ${[...start, ...args].map(shellWord).join(' ')}`;
}

/** A name Claude Code takes: letters, digits, hyphens and underscores. */
export function claudeName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'zod-mcp';
}

/** What the lines say of their scope. */
export const SCOPE_NOTE = "for the folder it is typed in; 'claude mcp add -s user' for every folder";

const PATH_FLAGS = ['--root', '--skills'];

/** serve's or dev's arguments with the module and the folders named absolute (`--root DIR`, `--root=DIR`). */
export function withAbsolutePaths(args: readonly string[], module: string | undefined): string[] {
  return args.map((arg, index) => {
    if ((module !== undefined && arg === module) || PATH_FLAGS.includes(args[index - 1] ?? '')) return resolve(arg);
    const flag = PATH_FLAGS.find((name) => arg.startsWith(`${name}=`));
    return flag === undefined ? arg : `${flag}=${resolve(arg.slice(flag.length + 1))}`;
  });
}

/** A name for the line: a module's folder when the file is only called server or index, else the file's name. */
export function serverName(module: string | undefined): string {
  if (module === undefined) return 'zod-mcp';
  const path = resolve(module);
  const file = basename(path, extname(path));
  return claudeName(['server', 'index', 'main'].includes(file) ? basename(dirname(path)) : file);
}
