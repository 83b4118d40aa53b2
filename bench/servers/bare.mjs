// The ceiling: a Node loop that only splits lines, parses them and writes the answer. No validation,
// no MCP: initialize gets a fixed answer, tools/call answers `echo({"x":<x>})` (what a { x?: number }
// schema leaves of the arguments).
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
    const result =
      msg.method === 'initialize'
        ? { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'bare', version: '1.0.0' } }
        : { content: [{ type: 'text', text: `echo(${JSON.stringify({ x: msg.params.arguments?.x })})` }], isError: false };
    out += `${JSON.stringify({ jsonrpc: '2.0', id: msg.id, result })}\n`;
  }
  if (out !== '') process.stdout.write(out);
});
