// The Vercel AI SDK's MCP client (@ai-sdk/mcp) as a model's host uses it: connect, take the server's
// tools as AI SDK tools, run search_tools, then run what it found through call_tool. Run on Node 24
// (the package needs 22 or later) with the package's folder under .runtimes/ai-sdk:
//
//   node ai-sdk-client.mjs DIR '{"stdio":{"command":"node","args":[...]}}' | '{"url":"http://..."}' [legacy]
//
// Prints one JSON line: the tools it was given, the protocol version agreed, and both results.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir, target, legacy] = process.argv.slice(2);
const load = (path) => import(pathToFileURL(join(dir, 'node_modules', '@ai-sdk', 'mcp', 'dist', path)).href);
const { createMCPClient } = await load('index.js');
const { StdioMCPTransport } = await load(join('mcp-stdio', 'index.js'));
const { stdio, url } = JSON.parse(target);
const transport = stdio === undefined ? { type: 'http', url } : new StdioMCPTransport(stdio);
const client = await createMCPClient({ transport, protocolVersionDiscovery: legacy !== 'legacy' });
try {
  const tools = await client.tools();
  const options = (toolCallId) => ({ toolCallId, messages: [] });
  const found = await tools.search_tools.execute({ query: 'delete a branch', detail: 'names', limit: 3 }, options('1'));
  const name = found.structuredContent.tools[0].name;
  const ran = await tools.call_tool.execute({ name, arguments: { repo: 'octo/app', id: '7' } }, options('2'));
  const protocolVersion = client.initializeResult?.protocolVersion ?? transport.protocolVersion;
  process.stdout.write(`${JSON.stringify({ tools: Object.keys(tools), protocolVersion, found, ran })}\n`);
} finally {
  await client.close();
}
