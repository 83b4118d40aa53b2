// A serverless cold start, zod-mcp: import the package, build a one-tool server, answer one 2026
// tools/call through the fetch handler. Prints how long that took from this script's first line
// (the imports are dynamic, so that they are counted), when the script began, and the peak
// memory. Runs on Node and on Bun.
const began = performance.now();
const { z } = await import('zod');
const { McpServer, defineTool, toFetchHandler } = await import('zod-mcp');
const { coldCall, report } = await import('./cold-fetch-common.mjs');

const echo = defineTool({ name: 'echo', description: 'Echoes its arguments.', input: z.object({ x: z.number().optional() }), handler: (args) => `echo(${JSON.stringify(args)})` });
const mcp = toFetchHandler(new McpServer({ name: 'cold', version: '1.0.0', tools: [echo] }));
report(began, await coldCall((request) => mcp(request)));
