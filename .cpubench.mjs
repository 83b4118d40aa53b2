// node /tmp/cpubench.mjs <dist-root> <2025|2026> [calls]
import { z } from 'zod';
const [root, era, n = '300000'] = process.argv.slice(2);
const { McpServer, defineTool } = await import(`${root}/dist/src/index.js`);
const echo = defineTool({ name: 'echo', description: 'e', input: z.object({ x: z.number().optional() }), handler: (a) => `echo(${JSON.stringify(a)})` });
const server = new McpServer({ name: 'b', version: '1', tools: [echo] });
const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'b', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
const frame = (i) => ({ jsonrpc: '2.0', id: i, method: 'tools/call', params: era === '2026' ? { name: 'echo', arguments: { x: i }, _meta: { ...META } } : { name: 'echo', arguments: { x: i } } });
async function run(count) { let id = 0; while (id < count) { const batch = []; for (let k = 0; k < 64; k++) batch.push(server.handle(frame(++id))); await Promise.all(batch); } }
await run(50000);
const t0 = process.cpuUsage();
await run(Number(n));
const d = process.cpuUsage(t0);
console.log(((d.user + d.system) / Number(n)).toFixed(3));
