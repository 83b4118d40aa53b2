// zod-mcp/agent's cost in process: a model's tool call translated, run and answered in the API's
// shape, against `server.callTool` of the same call. Batches of 64 concurrent calls to an `echo`
// tool for a fixed time after a warm-up, the three interleaved, medians of the rounds; each answer is
// checked. `npm run bench:agent [-- --rounds N]`, and part of `npm run bench`.
import { z } from 'zod';
import { anthropic, openaiResponses } from '../src/agent.js';
import { defineTool, McpServer } from '../src/index.js';
import { median } from './report.js';

const BATCH = 64;
const echo = defineTool({
  name: 'echo',
  description: 'Echoes x.',
  input: z.object({ x: z.number().optional() }),
  handler: ({ x }) => `echo(${x})`,
});

type Way =
  | 'server.callTool'
  | 'server.callTool(JSON.parse(text))'
  | 'anthropic.toolResults'
  | 'openaiResponses.toolResults';
/**
 * The second row is not the agent: it is what calling a tool from a text of arguments (what OpenAI's
 * APIs send) costs without it, for reading the OpenAI row against.
 */
export const WAYS: readonly Way[] = [
  'server.callTool',
  'server.callTool(JSON.parse(text))',
  'anthropic.toolResults',
  'openaiResponses.toolResults',
];
/**
 * The rows the target is about, each with `server.callTool` of the same call: the model's arguments
 * as Anthropic sends them (an object), and as OpenAI sends them (a text, parsed before any call).
 */
const SAME_CALL: Partial<Record<Way, Way>> = {
  'anthropic.toolResults': 'server.callTool',
  'openaiResponses.toolResults': 'server.callTool(JSON.parse(text))',
};

export interface AgentRow {
  readonly way: Way;
  /** Microseconds per call, median of the rounds. */
  readonly usPerCall: number;
  /** Against server.callTool. */
  readonly ratio: number;
  /** Against server.callTool of the same call (for the agent's rows). */
  readonly sameCall?: number;
}

function batchOf(server: McpServer, way: Way): (base: number) => Promise<void> {
  const check = (text: unknown, x: number) => {
    if (text !== `echo(${x})`) throw new Error(`${way}: answered ${JSON.stringify(text)} for ${x}`);
  };
  const xs = Array.from({ length: BATCH }, (_, i) => i);
  if (way === 'server.callTool')
    return async (base) => {
      const results = await Promise.all(xs.map((i) => server.callTool('echo', { x: base + i })));
      results.forEach((result, i) => check((result?.content[0] as { text?: string } | undefined)?.text, base + i));
    };
  if (way === 'server.callTool(JSON.parse(text))')
    return async (base) => {
      const texts = xs.map((i) => `{"x":${base + i}}`);
      const results = await Promise.all(texts.map((text) => server.callTool('echo', JSON.parse(text) as object)));
      results.forEach((result, i) => check((result?.content[0] as { text?: string } | undefined)?.text, base + i));
    };
  if (way === 'anthropic.toolResults')
    return async (base) => {
      const uses = xs.map((i) => ({ type: 'tool_use', id: `t${i}`, name: 'echo', input: { x: base + i } }));
      const results = await anthropic.toolResults(server, uses);
      results.forEach((result, i) => check(result.content, base + i));
    };
  return async (base) => {
    const calls = xs.map((i) => ({
      type: 'function_call',
      call_id: `c${i}`,
      name: 'echo',
      arguments: `{"x":${base + i}}`,
    }));
    const outputs = await openaiResponses.toolResults(server, calls);
    outputs.forEach((output, i) => check(output.output, base + i));
  };
}

async function timeWay(run: (base: number) => Promise<void>, ms: number): Promise<number> {
  let calls = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    await run(calls);
    calls += BATCH;
  }
  return ((performance.now() - start) * 1000) / calls;
}

export async function runAgentBench(options: { rounds: number; ms: number; log: (line: string) => void }) {
  const server = new McpServer({ name: 'bench', version: '1.0.0', tools: [echo] });
  const runs = Object.fromEntries(WAYS.map((way) => [way, batchOf(server, way)])) as Record<
    Way,
    (b: number) => Promise<void>
  >;
  for (const way of WAYS) await timeWay(runs[way], options.ms / 2); // warm-up
  const samples = Object.fromEntries(WAYS.map((way) => [way, [] as number[]])) as Record<Way, number[]>;
  for (let round = 0; round < options.rounds; round++) {
    for (const way of [...WAYS.slice(round % WAYS.length), ...WAYS.slice(0, round % WAYS.length)])
      samples[way].push(await timeWay(runs[way], options.ms));
    options.log(`agent: round ${round + 1} of ${options.rounds}`);
  }
  const base = median(samples['server.callTool']);
  return WAYS.map((way): AgentRow => {
    const same = SAME_CALL[way];
    const usPerCall = median(samples[way]);
    return {
      way,
      usPerCall,
      ratio: usPerCall / base,
      ...(same === undefined ? {} : { sameCall: usPerCall / median(samples[same]) }),
    };
  });
}

export function formatAgentTable(rows: readonly AgentRow[]): string {
  const lines = rows.map(
    (row) =>
      `| ${row.way} | ${row.usPerCall.toFixed(2)} | ${row.ratio.toFixed(2)}× | ` +
      `${row.sameCall === undefined ? '' : `${row.sameCall.toFixed(2)}×`} |`,
  );
  const worst = Math.max(...rows.map((row) => row.sameCall ?? 0));
  return [
    '| in process, one echo call of a batch of 64 | µs per call | × server.callTool | × the same call |',
    '| --- | ---: | ---: | ---: |',
    ...lines,
    '',
    `${worst <= 1.2 ? '[met]' : '[MISSED]'} zod-mcp/agent: a call translated, run and answered costs at most 1.2× ` +
      `server.callTool of the same call (${worst.toFixed(2)}×; OpenAI's is its arguments' text, parsed)`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--rounds');
  const rounds = at === -1 ? 5 : Number(process.argv[at + 1]);
  const rows = await runAgentBench({ rounds, ms: 800, log: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`${formatAgentTable(rows)}\n`);
}
