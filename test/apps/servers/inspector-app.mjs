// A stand-in for `zod-mcp serve --demo`'s MCP App (MCP Apps, io.modelcontextprotocol/ui) until the demo serves it:
// show_chart and chart_stats with the contract's tool `_meta`, and the ui://show_chart/app.html
// resource with its CSP, on today's API. It cannot do the gating (a client that does not declare
// io.modelcontextprotocol/ui still sees `_meta.ui` and chart_stats), nor does it declare the
// extension in its capabilities. `node inspector-app.mjs` serves stdio; `--http [--port N]` serves
// Streamable HTTP and prints `serving MCP over HTTP at <url>` on stderr, as `zod-mcp serve --http`
// does. It embeds the built package from its public entries.
import { McpServer, defineResource, defineTool } from 'zod-mcp';
import { serveHttp, serveStdio } from 'zod-mcp/node';
import { z } from 'zod';

const APP = 'ui://show_chart/app.html';
const MIME = 'text/html;profile=mcp-app';
const CSP = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };

const values = z.array(z.number()).min(1).max(50);
const showChart = defineTool({
  name: 'show_chart',
  description: 'Shows the values as a bar chart.',
  input: z.object({ title: z.string(), values }),
  output: z.object({ title: z.string(), values: z.array(z.number()), max: z.number() }),
  _meta: { ui: { resourceUri: APP }, 'ui/resourceUri': APP },
  handler: ({ title, values }) => ({ title, values, max: Math.max(...values) }),
});
const chartStats = defineTool({
  name: 'chart_stats',
  description: 'Counts, sums and averages the values.',
  input: z.object({ values }),
  output: z.object({ count: z.number(), sum: z.number(), mean: z.number(), min: z.number(), max: z.number() }),
  _meta: { ui: { resourceUri: APP, visibility: ['app'] }, 'ui/resourceUri': APP },
  handler: ({ values }) => {
    const sum = values.reduce((a, b) => a + b, 0);
    return { count: values.length, sum, mean: sum / values.length, min: Math.min(...values), max: Math.max(...values) };
  },
});
const app = defineResource({
  uri: APP,
  name: 'show_chart app',
  mimeType: MIME,
  read: () => [{ uri: APP, mimeType: MIME, text: '<!DOCTYPE html><html><body><h1 id="title"></h1><div id="chart"></div></body></html>', _meta: { ui: { csp: CSP, prefersBorder: true } } }],
});

const server = new McpServer({ name: 'inspector-app', version: '1.0.0', tools: [showChart, chartStats], resources: [app] });
const args = process.argv.slice(2);
if (args.includes('--http')) {
  const port = args.indexOf('--port');
  const http = await serveHttp(server, { host: '127.0.0.1', port: port === -1 ? 0 : Number(args[port + 1]) });
  process.stderr.write(`serving MCP over HTTP at ${http.url}\n`);
  process.once('SIGTERM', () => void http.close().then(() => process.exit(0)));
} else {
  await serveStdio(server).closed;
}
