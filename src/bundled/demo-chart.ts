// The demo's MCP App: `show_chart` draws its values as bars in a host that renders apps (Claude,
// ChatGPT, VS Code, the Inspector), and its button asks `chart_stats`, a tool only the view may call,
// through the host. Any other client gets the tool's text.
import { z } from 'zod/v4';
import { defineApp } from '../features/apps/define.js';
import { defineTool } from '../features/tools/define.js';

const VIEW = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>show_chart</title>
<style>
  :root { color-scheme: light dark; font-family: var(--font-sans, system-ui, sans-serif); color: \
var(--color-text-primary, CanvasText); }
  body { margin: 0; padding: 12px 16px; background: var(--color-background-primary, Canvas); }
  h1 { font-size: 16px; margin: 0 0 10px; }
  #chart { display: flex; align-items: flex-end; gap: 6px; height: 160px; border-bottom: 1px solid \
var(--color-border-primary, #8888); }
  .bar { flex: 1; min-width: 8px; background: var(--color-background-info, #3b82f6); border-radius: 3px 3px 0 0; \
position: relative; }
  .bar span { position: absolute; top: -16px; width: 100%; text-align: center; font-size: 11px; }
  button { margin-top: 12px; font: inherit; padding: 4px 10px; }
  #answer { min-height: 1.2em; font-size: 13px; }
</style>
</head>
<body>
<h1 id="title">Waiting for the chart…</h1>
<div id="chart"></div>
<button id="stats" disabled>Compute stats</button>
<p id="answer"></p>
<script>
  let values = [];
  const draw = (data) => {
    values = data.values;
    document.getElementById('title').textContent = data.title;
    const chart = document.getElementById('chart');
    chart.replaceChildren();
    const top = Math.max(...values.map(Math.abs), 1);
    for (const value of values) {
      const bar = document.createElement('div');
      bar.className = 'bar';
      bar.dataset.value = String(value);
      bar.style.height = (Math.abs(value) / top) * 100 + '%';
      const label = document.createElement('span');
      label.textContent = String(value);
      bar.append(label);
      chart.append(bar);
    }
    document.getElementById('stats').disabled = false;
  };
  mcpApp.onResult((result) => {
    if (result.isError) document.getElementById('title').textContent = 'The tool failed: ' + \
(result.content?.[0]?.text ?? '');
    else draw(result.structuredContent);
  });
  document.getElementById('stats').addEventListener('click', async () => {
    const answer = document.getElementById('answer');
    try {
      const result = await mcpApp.callTool('chart_stats', { values });
      const s = result.structuredContent;
      answer.textContent = result.isError ? result.content[0].text : 'count ' + s.count + ', sum ' + s.sum + ', mean \
' + s.mean + ', min ' + s.min + ', max ' + s.max;
    } catch (error) {
      answer.textContent = 'The host refused: ' + error.message;
    }
  });
</script>
</body>
</html>
`;

const chartView = defineApp({
  html: VIEW,
  bridge: true,
  prefersBorder: true,
  description: 'Draws the values of show_chart as a bar chart.',
});

const Values = z.array(z.number()).min(1).max(50);

export const showChart = defineTool({
  name: 'show_chart',
  title: 'Show a bar chart',
  description:
    'Draws `values` as a bar chart titled `title` (in hosts that render MCP Apps; others get the data as text). ' +
    'Returns {"title", "values", "max"}.',
  input: z.object({
    title: z.string().min(1).max(200).describe('the chart title'),
    values: Values.describe('1 to 50 numbers, one bar each'),
  }),
  output: z.object({ title: z.string(), values: z.array(z.number()), max: z.number() }),
  annotations: { readOnlyHint: true, idempotentHint: true },
  app: chartView,
  handler: ({ title, values }) => ({ title, values, max: Math.max(...values) }),
});

/** Only the chart's view calls it (its button): hidden from the model. */
export const chartStats = defineTool({
  name: 'chart_stats',
  description: 'Count, sum, mean, minimum and maximum of the values; called by the show_chart view.',
  input: z.object({ values: Values }),
  output: z.object({ count: z.number(), sum: z.number(), mean: z.number(), min: z.number(), max: z.number() }),
  annotations: { readOnlyHint: true, idempotentHint: true },
  app: chartView,
  visibility: ['app'],
  handler: ({ values }) => {
    const sum = values.reduce((total, value) => total + value, 0);
    return { count: values.length, sum, mean: sum / values.length, min: Math.min(...values), max: Math.max(...values) };
  },
});
