// `zod-mcp call TARGET TOOL [key=value …]`: one tool call from a shell, for smoke tests, scripts and
// agents without MCP. The result's text on stdout; exit 0 for a result, 1 for an isError result,
// 2 for a usage error, an error frame or a server out of reach.
import { createInterface } from 'node:readline/promises';
import type { Progress } from '../client/client.js';
import type { Frame } from '../client/wire.js';
import { closest } from '../core/closest.js';
import { answerer, type Terminal } from './answers.js';
import { COMMANDS } from './commands.js';
import { coerceArguments } from './coerce.js';
import { parseFlags } from './flags.js';
import { failureOf, readEra, readTarget, splitCommandLine, connectTarget } from './target.js';
import { UsageError } from './usage-error.js';

export async function runCallCommand(args: readonly string[]): Promise<number> {
  const { own, server } = splitCommandLine(args);
  const { values, positionals } = parseFlags('call', COMMANDS.call.flags, own);
  const { target, rest } = readTarget('call', positionals, server, values.header);
  const [tool, ...pairs] = rest;
  const base = readArgs(values.args);
  const terminal = process.stdin.isTTY && process.stderr.isTTY ? ttyTerminal() : undefined;
  const answer = answerer(values.answer ?? [], terminal);
  const client = await connectTarget(target, {
    era: readEra('call', values.era),
    capabilities: { elicitation: { form: {} } },
    tasks: true,
    answer,
  }).catch(failureOf('call'));
  try {
    const tools = await client.listTools().catch(failureOf('call'));
    if (tool === undefined) {
      process.stdout.write(formatToolList(tools));
      return 0;
    }
    const chosen = tools.find((listed) => listed.name === tool);
    if (chosen === undefined) throw new UsageError(`call: no tool ${tool}${suggest(tool, tools)}`);
    const call = coerceArguments(tool, chosen.inputSchema, pairs, base);
    // Ctrl-C while a call runs: a task it became is cancelled (tasks/cancel) before the command ends
    const interrupt = new AbortController();
    const stop = () => {
      interrupt.abort(new Error('interrupted'));
      setTimeout(() => process.exit(130), 1_000).unref(); // a call that is no task has nothing to cancel
    };
    process.once('SIGINT', stop);
    const onProgress = (progress: Progress) => process.stderr.write(`${formatProgress(progress)}\n`);
    const result = await client
      .callTool(tool, call, { onProgress, signal: interrupt.signal })
      .catch(failureOf('call'))
      .finally(() => process.off('SIGINT', stop));
    process.stdout.write(values.json ? `${JSON.stringify(result)}\n` : formatResult(result));
    return result.isError === true ? 1 : 0;
  } finally {
    terminal?.close();
    await client.close();
  }
}

function readArgs(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`call: --args: not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError('call: --args: a JSON object of the arguments, e.g. --args \'{"a": 1}\'');
  return value as Record<string, unknown>;
}

/** The closest names: one within a few edits, and those that hold the name or are held in it. */
function suggest(name: string, tools: readonly Frame[]): string {
  const names = tools.map((tool) => String(tool.name));
  const lower = name.toLowerCase();
  const near = [closest(name, names), ...names.filter((known) => known.toLowerCase().includes(lower))];
  const found = [...new Set(near.filter((known) => known !== undefined))].slice(0, 3);
  const known = names.length === 0 ? '; the server lists no tools' : `; it lists ${names.join(', ')}`;
  return found.length === 0 ? known : ` (did you mean ${found.join(', ')}?)`;
}

/** One line per tool: its name and the first line of its description. */
export function formatToolList(tools: readonly Frame[]): string {
  const width = Math.max(0, ...tools.map((tool) => String(tool.name).length));
  return tools
    .map((tool) => {
      const about = typeof tool.description === 'string' ? tool.description.split('\n')[0]!.trim() : '';
      return `${String(tool.name).padEnd(width)}  ${about}`.trimEnd();
    })
    .map((line) => `${line}\n`)
    .join('');
}

/** The text blocks, a resource's text, a line for what is not text; `structuredContent` when there is no text. */
export function formatResult(result: Frame): string {
  const blocks = Array.isArray(result.content) ? (result.content as Frame[]) : [];
  const lines = blocks.map((block) => {
    if (block.type === 'text') return String(block.text);
    const resource = block.resource as Frame | undefined;
    if (block.type === 'resource' && typeof resource?.text === 'string') return resource.text;
    const what = [block.type, block.mimeType ?? resource?.mimeType, block.uri ?? resource?.uri].filter(Boolean);
    return `[${what.join(' ')}]`;
  });
  const texts = blocks.some((block) => block.type === 'text' || block.type === 'resource');
  if (!texts && result.structuredContent !== undefined) lines.unshift(JSON.stringify(result.structuredContent));
  return lines.map((line) => (line.endsWith('\n') ? line : `${line}\n`)).join('');
}

function formatProgress({ progress, total, message }: Progress) {
  const count = progress === undefined ? '' : total === undefined ? `${progress}` : `${progress}/${total}`;
  return `progress: ${[count, message].filter((part) => part !== undefined && part !== '').join(' ')}`;
}

function ttyTerminal(): Terminal & { close(): void } {
  const lines = createInterface({ input: process.stdin, output: process.stderr });
  return {
    write: (text) => process.stderr.write(text),
    question: (prompt) => lines.question(prompt),
    close: () => lines.close(),
  };
}
