// A stand-in for the MCP Apps part of `zod-mcp serve --demo --http` (/work/apps-contract.md), until
// that lands: show_chart, the app-only chart_stats and their view ui://show_chart/app.html, made with
// the API there is (tool and resource `_meta`). With PROBE_ORIGIN, also the positive control of the
// CSP test: probe_chart, the same view as ui://probe_chart/app.html, whose connectDomains list that
// origin. It embeds the built package from its public entry, on 127.0.0.1 and PORT (default: free).
import { readFileSync } from 'node:fs';
import { McpServer, defineResource, defineTool } from 'zod-mcp';
import { serveHttp } from 'zod-mcp/node';
import { z } from 'zod';

const MIME_TYPE = 'text/html;profile=mcp-app';
const VIEW = readFileSync(new URL('./chart-view.html', import.meta.url), 'utf8');
const CHART_URI = 'ui://show_chart/app.html';
const PROBE_URI = 'ui://probe_chart/app.html';
const probeOrigin = process.env.PROBE_ORIGIN;

/** A tool's `_meta` linking it to its view: `ui.resourceUri`, and the deprecated flat key beside it. */
const linkTo = (uri, ui = {}) => ({ ui: { resourceUri: uri, ...ui }, 'ui/resourceUri': uri });

const Values = z.array(z.number()).min(1).max(50);
const Chart = z.object({ title: z.string(), values: Values });
const chartTool = (name, uri) =>
  defineTool({
    name,
    description: 'Shows numbers as a bar chart, with a button for their statistics.',
    input: Chart,
    output: z.object({ title: z.string(), values: z.array(z.number()), max: z.number() }),
    _meta: linkTo(uri),
    handler: ({ title, values }) => ({ title, values, max: Math.max(...values) }),
  });

const chartStats = defineTool({
  name: 'chart_stats',
  description: "The count, sum, mean, minimum and maximum of a chart's values (called by the chart's view).",
  input: z.object({ values: Values }),
  output: z.object({ count: z.number(), sum: z.number(), mean: z.number(), min: z.number(), max: z.number() }),
  _meta: linkTo(CHART_URI, { visibility: ['app'] }),
  handler: ({ values }) => {
    const sum = values.reduce((total, value) => total + value, 0);
    return { count: values.length, sum, mean: sum / values.length, min: Math.min(...values), max: Math.max(...values) };
  },
});

const view = (uri, connectDomains) =>
  defineResource({
    uri,
    name: `${uri.split('/')[2]} view`,
    mimeType: MIME_TYPE,
    read: () => [{ uri, mimeType: MIME_TYPE, text: VIEW, _meta: { ui: { csp: { connectDomains, resourceDomains: [], frameDomains: [], baseUriDomains: [] }, prefersBorder: true } } }],
  });

const tools = [chartTool('show_chart', CHART_URI), chartStats];
const resources = [view(CHART_URI, [])];
if (probeOrigin !== undefined) {
  tools.push(chartTool('probe_chart', PROBE_URI));
  resources.push(view(PROBE_URI, [probeOrigin]));
}
const server = new McpServer({ name: 'chart', version: '1.0.0', tools, resources });
const http = await serveHttp(server, { host: '127.0.0.1', port: Number(process.env.PORT ?? '0') });
process.stderr.write(`serving MCP over HTTP at ${http.url}\n`);
process.once('SIGTERM', () => void http.close().then(() => process.exit(0)));
