// A serverless cold start: `<runtime> bench/servers/cold-fetch.mjs zod-mcp|sdk-v2` imports zod and
// the library, builds the one-tool echo server behind its fetch handler (fetch-echo.mjs) and
// answers one 2026 tools/call. Prints how long that took from this script's first line (every
// import is dynamic, so that it is counted), when that line ran, and the peak memory.
const began = performance.now();
const { coldCall, report } = await import('./cold-fetch-common.mjs');
const { fetchHandler } = await import('./fetch-echo.mjs');
const handle = await fetchHandler(process.argv[2] ?? 'zod-mcp');
report(began, await coldCall(handle));
