// Memory per in-flight call, in process: `node --expose-gc bench/in-flight.mjs <zod-mcp|zod-mcp 2026> <count>`.
// Starts <count> tools/call through `server.handle(frame)`, each to a tool that waits until it is let go,
// and measures the heap the calls hold once they are all inside their handler (after a full GC, against
// the same measure before). Then lets every call go and checks every answer. Prints {"bytesPerCall": n}.
import { z } from 'zod';

const [impl, countText] = process.argv.slice(2);
const count = Number(countText);
if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc');
const ROUNDS = 5;

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

const { McpServer, defineTool } = await import('zod-mcp');
let entered = 0;
let release = () => undefined;
let gate = new Promise((resolve) => (release = resolve));
const wait = defineTool({
  name: 'wait',
  description: 'Answers once the bench lets it go.',
  input: z.object({ x: z.number() }),
  handler: async ({ x }) => {
    entered++;
    await gate;
    return `done ${x}`;
  },
});
const server = new McpServer({ name: 'bench', version: '1.0.0', tools: [wait] });
const modern = impl === 'zod-mcp 2026';
let nextId = 0;
const call = () => {
  const id = ++nextId;
  const params = modern
    ? { name: 'wait', arguments: { x: id }, _meta: ENVELOPE }
    : { name: 'wait', arguments: { x: id } };
  return server.handle({ jsonrpc: '2.0', id, method: 'tools/call', params }).then((response) => {
    if (response.result?.content?.[0]?.text !== `done ${id}`)
      throw new Error(`wrong answer: ${JSON.stringify(response).slice(0, 300)}`);
  });
};

const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

/** One round: `count` calls held in flight; the heap they hold, per call. */
async function round() {
  entered = 0;
  gate = new Promise((resolve) => (release = resolve));
  const before = heap();
  const pending = [];
  for (let i = 0; i < count; i++) pending.push(call());
  while (entered < count) await new Promise((resolve) => setImmediate(resolve));
  const held = heap() - before;
  release();
  await Promise.all(pending);
  return held / count;
}

await round(); // warm-up: code compiled, lazy state made
const samples = [];
for (let r = 0; r < ROUNDS; r++) samples.push(await round());
samples.sort((a, b) => a - b);
process.stdout.write(`${JSON.stringify({ bytesPerCall: samples[Math.floor(samples.length / 2)], samples })}\n`);
