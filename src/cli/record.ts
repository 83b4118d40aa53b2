// `zod-mcp record TARGET --out CASSETTE`: a server in front of TARGET, over stdio (or HTTP with
// --http), that passes every message through and writes the session to CASSETTE when it ends
// (stdin closed, SIGINT or SIGTERM): whole, or not at all.
import { recordWire } from '../contract/recorder.js';
import { COMMANDS } from './commands.js';
import { parseFlags } from './flags.js';
import { ToolHeaders, type FrontOptions } from './front.js';
import { readPort, serveFront } from './fronts.js';
import { failureOf, openWire, readTarget, splitCommandLine } from './target.js';
import { UsageError } from './usage-error.js';
import { writeFileWhole } from './write-file.js';

export async function runRecordCommand(args: readonly string[]): Promise<number> {
  const { own, server } = splitCommandLine(args);
  const { values, positionals } = parseFlags('record', COMMANDS.record.flags, own);
  const { target, rest } = readTarget('record', positionals, server, values.header);
  if (rest.length > 0) throw new UsageError(`record: one target, not more: ${rest.join(' ')}`);
  if (values.out === undefined) throw new UsageError('record: --out CASSETTE: where to write the recording');
  const port = readPort('record', values);
  const recording = recordWire(await openWire(target).catch(failureOf('record')), { redact: values.redact ?? [] });
  const options: FrontOptions = { headers: new ToolHeaders() };
  await serveFront('record', recording.wire, port, options, `recording to ${values.out}`);
  await recording.finish();
  await recording.wire.close();
  await writeFileWhole(values.out, recording.text());
  return 0;
}
