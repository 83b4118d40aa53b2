// What both cold-start programs share: the one 2026 tools/call, checked, and the line they print.

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** One 2026 echo call through `fetch`: its answer must be the echo's. */
export async function coldCall(fetch) {
  const response = await fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'echo',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'echo', arguments: { x: 1 }, _meta: ENVELOPE },
      }),
    }),
  );
  const text = await response.text();
  if (!text.includes('echo({\\"x\\":1})'))
    throw new Error(`unexpected answer (${response.status}): ${text.slice(0, 300)}`);
  return performance.now();
}

/** `{"ms": from the script's first line to the answer, "bootMs": when that line ran, "maxRssKiB": the peak resident set}` on stdout. */
export function report(began, answered) {
  const maxRssKiB = process.resourceUsage().maxRSS;
  process.stdout.write(`${JSON.stringify({ ms: answered - began, bootMs: began, maxRssKiB })}\n`);
}
