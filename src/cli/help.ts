// What `--help` prints: the commands (`zod-mcp --help`, and stderr under a bare `zod-mcp`), and one
// command's usage, options and examples, wrapped at 100 columns.
import { VERSION } from '../version.js';
import { COMMANDS, type Command, type CommandName, type Flag } from './commands.js';

const HELP: Flag = { type: 'boolean', text: 'print this help' };

/** The list of commands: `zod-mcp --help`, and stderr under a bare `zod-mcp`. */
export function formatUsage(): string {
  const names = Object.keys(COMMANDS) as CommandName[];
  const width = Math.max(...names.map((name) => name.length));
  return [
    `zod-mcp ${VERSION}: a Model Context Protocol server where every frame and tool input is a Zod schema`,
    '',
    'usage: zod-mcp <command> [options]',
    '',
    'commands:',
    ...names.map((name) => `  ${name.padEnd(width)}  ${COMMANDS[name].summary}`),
    '',
    "`zod-mcp <command> --help` (or `zod-mcp help <command>`) prints a command's options.",
    'Exit codes: 0 done, 1 it could not run (a module that fails to load, a port in use), 2 a usage error',
    '(call and snapshot: 1 an isError result or a breaking change, 2 a server out of reach or an error frame).',
    'ZOD_MCP_DEBUG=1 prints the stack of a failure as well.',
    '',
  ].join('\n');
}

/** `zod-mcp <name> --help`. */
export function formatHelp(name: CommandName): string {
  const command: Command = COMMANDS[name];
  const flags: [string, Flag][] = [...Object.entries(command.flags), ['help', HELP]];
  const shown = flags.map(
    ([flag, spec]) =>
      [
        `--${flag}${spec.value === undefined ? '' : ` ${spec.value}`}${flag === 'help' ? ', -h' : ''}`,
        spec.text,
      ] as const,
  );
  const width = Math.max(...shown.map(([flag]) => flag.length));
  return [
    `usage: zod-mcp ${name} ${command.args}`,
    '',
    command.about,
    '',
    'options:',
    ...shown.map(([flag, text]) => wrap(`  ${flag.padEnd(width)}  `, text)),
    ...(command.examples === undefined ? [] : ['', 'examples:', ...command.examples.map((example) => `  ${example}`)]),
    '',
  ].join('\n');
}

/**
 * `lead` then `text`, broken at spaces into lines of at most 100 columns, each further one indented under the first.
 */
function wrap(lead: string, text: string): string {
  const lines = [lead];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (lines[last]!.trim() !== '' && lines[last]!.length + 1 + word.length > 100)
      lines.push(`${' '.repeat(lead.length)}${word}`);
    else lines[last] += lines[last]!.trim() === '' || lines[last]!.endsWith(' ') ? word : ` ${word}`;
  }
  return lines.join('\n');
}
