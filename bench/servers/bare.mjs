// The ceiling: a Node loop that only splits lines, parses them and writes the answer. No validation,
// no MCP: initialize gets a fixed answer, tools/call answers `echo({"x":<x>})` (what a { x?: number }
// schema leaves of the arguments). A request with the 2026 envelope in `_meta` gets the 2026 shape
// (resultType first, the server's identity in `_meta`); server/discover a fixed answer.
const SERVER = { name: 'bare', version: '1.0.0' };
let rest = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const lines = (rest + chunk).split('\n');
  rest = lines.pop();
  let out = '';
  for (const line of lines) {
    if (line === '') continue;
    const msg = JSON.parse(line);
    if (msg.id === undefined) continue;
    const modern = msg.params?._meta?.['io.modelcontextprotocol/protocolVersion'] !== undefined;
    const echo = [{ type: 'text', text: `echo(${JSON.stringify({ x: msg.params?.arguments?.x })})` }];
    const result =
      msg.method === 'initialize'
        ? { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: SERVER }
        : msg.method === 'server/discover'
          ? {
              resultType: 'complete',
              supportedVersions: ['2026-07-28'],
              capabilities: { tools: {} },
              ttlMs: 0,
              cacheScope: 'public',
              _meta: { 'io.modelcontextprotocol/serverInfo': SERVER },
            }
          : modern
            ? { resultType: 'complete', content: echo, _meta: { 'io.modelcontextprotocol/serverInfo': SERVER } }
            : { content: echo, isError: false };
    out += `${JSON.stringify({ jsonrpc: '2.0', id: msg.id, result })}\n`;
  }
  if (out !== '') process.stdout.write(out);
});
