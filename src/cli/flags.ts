// A command's flags and positionals read with node:util's parseArgs; a flag it does not have is a
// usage error naming the closest one it has.
import { parseArgs } from 'node:util';
import { closest } from '../core/closest.js';
import type { CommandName, Flags } from './commands.js';
import { UsageError } from './usage-error.js';

type Values<F extends Flags> = {
  -readonly [K in keyof F]?: F[K]['type'] extends 'string'
    ? F[K]['multiple'] extends true
      ? string[]
      : string
    : boolean;
};

/**
 * The flags and positionals of one command (`--port 8080` or `--port=8080`). A flag it does not
 * have is a usage error naming the closest one it has.
 */
export function parseFlags<F extends Flags>(
  name: CommandName,
  flags: F,
  args: readonly string[],
): { values: Values<F>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: flags as Flags,
      strict: true,
      allowPositionals: true,
    });
    return { values: values as Values<F>, positionals };
  } catch (error) {
    const message = (error as Error).message;
    const unknown = /^Unknown option '(-{1,2})([^']*)'/.exec(message);
    // its first sentence: the rest is how to pass a positional that looks like an option
    if (unknown === null) throw new UsageError(`${name}: ${message.split('. ')[0]!}`);
    const near = closest(unknown[2]!, Object.keys(flags)); // node names `--prot=80` as `--prot`
    throw new UsageError(
      `${name}: unknown option ` +
        `${unknown[1]}${unknown[2]}${near === undefined ? '' : ` (did you mean --${near}?)`}; \`zod-mcp ${name} ` +
        `--help\` lists the options`,
    );
  }
}
