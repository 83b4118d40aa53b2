// `zod-mcp replay CASSETTE`: the recorded session served as a mock MCP server, over stdio or (with
// --http) Streamable HTTP. A request the cassette does not hold is an error frame naming the
// closest one recorded; with --strict the replay then stops, exit code 1.
import { readFile } from 'node:fs/promises';
import { CassetteHeader, CassetteLine } from '../../schemas/cassette.js';
import { replayWire } from '../contract/player.js';
import { COMMANDS } from './commands.js';
import { parseFlags } from './flags.js';
import type { FrontOptions } from './front.js';
import { readPort, serveFront } from './fronts.js';
import { UsageError } from './usage-error.js';

export async function runReplayCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseFlags('replay', COMMANDS.replay.flags, args);
  if (positionals.length !== 1)
    throw new UsageError('replay: give one cassette: zod-mcp replay CASSETTE [--http --port N] [--strict]');
  const port = readPort('replay', values);
  const player = replayWire(await readCassette(positionals[0]!));
  let stop: (() => void) | undefined;
  const options: FrontOptions = {
    ordered: true,
    onStop: (given) => {
      stop = given;
    },
    onError: () => {
      if (values.strict && player.misses.length > 0) stop?.();
    },
  };
  await serveFront('replay', player.wire, port, options, `replaying ${positionals[0]}`);
  return values.strict && player.misses.length > 0 ? 1 : 0;
}

/** The cassette's lines after its header; a file that is not one is a usage error naming the line. */
export async function readCassette(file: string): Promise<CassetteLine[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`replay: ${file}: ${(error as Error).message}`);
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const read = <T>(index: number, schema: { safeParse(value: unknown): { success: boolean; data?: T } }): T => {
    let value: unknown;
    try {
      value = JSON.parse(lines[index] ?? '');
    } catch {
      value = undefined;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new UsageError(`replay: ${file}:${index + 1}: not a cassette line (zod-mcp record writes them)`);
    return parsed.data as T;
  };
  read(0, CassetteHeader());
  return lines.slice(1).map((_line, index) => read<CassetteLine>(index + 1, CassetteLine()));
}
