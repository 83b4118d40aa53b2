#!/usr/bin/env node
// The zod-mcp command line: argv parsing only; the work is in src/.
// Each command is imported when it runs, so a start-up loads only what that command needs.
import { COMMANDS, isCommand, type CommandName } from './src/cli/commands.js';
import { parseFlags } from './src/cli/flags.js';
import { formatHelp, formatUsage } from './src/cli/help.js';
import { closest } from './src/core/closest.js';
import { CommandFailure, UsageError } from './src/cli/usage-error.js';
import { inspect } from 'node:util';
import { VERSION } from './src/version.js';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    process.stderr.write(formatUsage());
    return 2;
  }
  if (command === '--help' || command === '-h') {
    process.stdout.write(formatUsage());
    return 0;
  }
  if (command === '--version' || command === '-v') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (command === 'help') {
    // `help serve --help` is `help serve`
    const [given, ...more] = rest.filter((arg, index) => index === 0 || !asksHelp(arg));
    const topic = given !== undefined && asksHelp(given) ? 'help' : given;
    if (more.length > 0)
      throw new UsageError(`help: one command, not ${more.length + 1}: ${[given, ...more].join(' ')}`);
    process.stdout.write(topic === undefined ? formatUsage() : formatHelp(known(topic)));
    return 0;
  }
  const name = known(command);
  // Options come before a `--`; what follows it is a name that may look like one (`init -- -h`).
  const end = rest.indexOf('--');
  if (rest.slice(0, end === -1 ? undefined : end).some(asksHelp)) {
    process.stdout.write(formatHelp(name));
    return 0;
  }
  return run(name, rest);
}

async function run(command: CommandName, rest: string[]): Promise<number> {
  switch (command) {
    case 'mcp-server': {
      const { positionals } = parseFlags(command, COMMANDS[command].flags, rest);
      if (positionals.length > 1)
        throw new UsageError(`mcp-server: one case file, not ${positionals.length}: ${positionals.join(' ')}`);
      const { runMcpServerCommand } = await import('./src/cli/mcp-server.js');
      await runMcpServerCommand(positionals[0]);
      return 0;
    }
    case 'serve': {
      const { runServeCommand } = await import('./src/cli/serve.js');
      await runServeCommand(rest);
      return 0;
    }
    case 'dev': {
      const { runDevCommand } = await import('./src/cli/dev.js');
      return runDevCommand(rest);
    }
    case 'inspect': {
      const { runInspectCommand } = await import('./src/cli/inspect.js');
      return runInspectCommand(rest);
    }
    case 'call': {
      const { runCallCommand } = await import('./src/cli/call.js');
      return runCallCommand(rest);
    }
    case 'snapshot': {
      const { runSnapshotCommand } = await import('./src/cli/snapshot.js');
      return runSnapshotCommand(rest);
    }
    case 'record': {
      const { runRecordCommand } = await import('./src/cli/record.js');
      return runRecordCommand(rest);
    }
    case 'replay': {
      const { runReplayCommand } = await import('./src/cli/replay.js');
      return runReplayCommand(rest);
    }
    case 'manifest': {
      const { runManifestCommand } = await import('./src/cli/manifest.js');
      return runManifestCommand(rest);
    }
    case 'init': {
      const { values, positionals } = parseFlags(command, COMMANDS[command].flags, rest);
      if (positionals.length > 1)
        throw new UsageError(`init: one folder, not ${positionals.length}: ${positionals.join(' ')}`);
      const { runInitCommand } = await import('./src/cli/init.js');
      return runInitCommand(positionals[0] ?? '.', values['zod-mcp']);
    }
    case 'help':
      return 0; // answered in main
  }
}

const asksHelp = (arg: string) => arg === '--help' || arg === '-h';

/** A command's name, or a usage error naming the closest one. */
function known(name: string): CommandName {
  if (isCommand(name)) return name;
  const near = closest(name, Object.keys(COMMANDS));
  throw new UsageError(
    `unknown command: ${name}${near === undefined ? '' : ` (did you mean ${near}?)`}; \`zod-mcp --help\` lists the ` +
      'commands',
  );
}

/**
 * Commands that run a server in this process and then are done: they exit when their work is, whatever
 * the server's module left running (a timer, a socket), so that a script or a CI step never hangs.
 */
const ENDS_WHEN_DONE = new Set(['call', 'snapshot', 'inspect', 'record', 'replay', 'manifest']);

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    if (ENDS_WHEN_DONE.has(process.argv[2] ?? '')) process.stdout.write('', () => process.exit(code));
  },
  (error: unknown) => {
    // One line, whatever failed: a usage error (2), or a start that could not be made (1: a module
    // that does not load, a port in use, a Redis out of reach). The stack only when asked for.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`zod-mcp: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
    if (process.env.ZOD_MCP_DEBUG === '1') process.stderr.write(`${inspect(error)}\n`); // the stack, and each cause's
    process.exitCode = error instanceof UsageError ? 2 : error instanceof CommandFailure ? error.exitCode : 1;
    // What a failed start opened (a Redis connection, a cluster worker's channel) must not keep it alive.
    process.exit();
  },
);
