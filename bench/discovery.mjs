// Search mode at 1,000 tools, in process (`node bench/discovery.mjs [ms]`): the bytes of tools/list
// in search mode against the full listing, the index built after a change (timed as the first
// search after it, which builds it, less a search's median), search_tools' latency over varied
// queries, and call_tool's calls/s against a direct tools/call of the same tool (alternating windows,
// 64 in flight). Prints one JSON object. Each tool has a three-field input schema.
import { performance } from 'node:perf_hooks';
import { z } from 'zod';

const durationMs = Number(process.argv[2] ?? 800);
const TOOLS = 1_000;
const IN_FLIGHT = 64;
const SEARCHES = 2_000;
const BUILDS = 15;
const WORDS = ['issue', 'branch', 'release', 'report', 'invoice', 'user', 'team', 'file', 'alert', 'job'];
const VERBS = ['list', 'get', 'create', 'update', 'delete'];
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

const { McpServer, defineTool } = await import('zod-mcp');
const toolOf = (i) => {
  const verb = VERBS[i % VERBS.length];
  const noun = `${WORDS[Math.floor(i / VERBS.length) % WORDS.length]}_${Math.floor(i / 50)}`;
  return defineTool({
    name: `${verb}_${noun}`,
    description: `${verb} a ${noun.replace('_', ' number ')} of the workspace. Answers its fields.`,
    input: z.object({
      query: z.string().min(1).describe('what to look for'),
      limit: z.number().int().min(1).max(100).optional().describe('at most this many results'),
      tags: z.array(z.string()).optional(),
    }),
    handler: ({ query }) => `${verb} ${noun}: ${query}`,
  });
};
const tools = Array.from({ length: TOOLS }, (_, i) => toolOf(i));
const server = new McpServer({ name: 'bench', version: '1.0.0', tools, discovery: 'search' });

let id = 0;
const handle = (method, params, context) =>
  server.handle({ jsonrpc: '2.0', id: ++id, method, params: { ...params, _meta: ENVELOPE } }, context);
const bytesOf = async (context) => {
  const response = await handle('tools/list', {}, context);
  return Buffer.byteLength(JSON.stringify(response.result.tools));
};
const search = async (query) => {
  const response = await handle('tools/call', { name: 'search_tools', arguments: { query, limit: 8 } });
  if (response.result.isError) throw new Error(JSON.stringify(response));
  return response.result.structuredContent.tools.length;
};
const quantile = (values, q) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
const median = (values) => quantile(values, 0.5);

const listBytes = await bytesOf({ discovery: 'list' });
const searchBytes = await bytesOf();

const queries = Array.from({ length: SEARCHES }, (_, i) => `${VERBS[i % 5]} ${WORDS[(i * 7) % 10]} ${i % 20}`);
await search('warm up'); // makes the meta-tools and the index
const latencies = [];
for (const query of queries) {
  const start = performance.now();
  await search(query);
  latencies.push(performance.now() - start);
}
const builds = [];
for (let i = 0; i < BUILDS; i++) {
  server.removeTool(tools[i].name);
  server.addTool(tools[i]);
  const start = performance.now();
  await search(queries[i]);
  builds.push(performance.now() - start - median(latencies));
}

/** Calls/s of one way of calling, over a window, IN_FLIGHT at a time. */
async function callsPerSec(params) {
  let done = 0;
  const until = performance.now() + durationMs;
  const worker = async () => {
    while (performance.now() < until) {
      const response = await handle('tools/call', params);
      if (response.result.isError) throw new Error(JSON.stringify(response));
      done++;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return done / ((performance.now() - start) / 1000);
}
const target = tools[123].name;
const direct = [];
const via = [];
for (let round = 0; round < 5; round++) {
  direct.push(await callsPerSec({ name: target, arguments: { query: 'x' } }));
  via.push(await callsPerSec({ name: 'call_tool', arguments: { name: target, arguments: { query: 'x' } } }));
}

process.stdout.write(
  `${JSON.stringify({
    tools: TOOLS,
    listBytes,
    searchBytes,
    searchShare: searchBytes / listBytes,
    indexBuildMs: median(builds),
    searchP50Ms: median(latencies),
    searchP99Ms: quantile(latencies, 0.99),
    directCallsPerSec: median(direct),
    callToolCallsPerSec: median(via),
    callToolRatio: median(via) / median(direct),
  })}\n`,
);
