// The positive control of the browser test's CSP check: probe_chart, whose view's connectDomains
// list PROBE_ORIGIN (the test's probe). Made with the public API as a user would: defineApp from a
// file (chart-view.html, a view that speaks postMessage JSON-RPC by hand, with no bridge and no SDK),
// served over HTTP from the built package on 127.0.0.1 and a free port.
import { McpServer, defineApp, defineTool } from 'zod-mcp';
import { serveHttp } from 'zod-mcp/node';
import { z } from 'zod';

const view = defineApp({
  file: new URL('./chart-view.html', import.meta.url),
  csp: { connectDomains: [process.env.PROBE_ORIGIN] },
  prefersBorder: true,
});
const probeChart = defineTool({
  name: 'probe_chart',
  description: 'Shows numbers as a bar chart, in a view that may reach the probe.',
  input: z.object({ title: z.string(), values: z.array(z.number()).min(1).max(50) }),
  output: z.object({ title: z.string(), values: z.array(z.number()), max: z.number() }),
  app: view,
  handler: ({ title, values }) => ({ title, values, max: Math.max(...values) }),
});
const server = new McpServer({ name: 'probe', version: '1.0.0', tools: [probeChart] });
const http = await serveHttp(server, { host: '127.0.0.1', port: 0 });
process.stderr.write(`serving MCP over HTTP at ${http.url}\n`);
process.once('SIGTERM', () => void http.close().then(() => process.exit(0)));
