// The HTTP ceiling: node:http reading each POST's body, JSON.parse-ing it, and writing a fixed
// echo answer with its id; no validation, no MCP. Prints its URL as the other servers do.
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 0);
const http = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const { id, params } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const text = `echo(${JSON.stringify(params?.arguments ?? {})})`;
    const body = JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }], isError: false } });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
http.keepAliveTimeout = 5000;
http.listen(port, '127.0.0.1', () =>
  process.stderr.write(`serving MCP over HTTP at http://127.0.0.1:${http.address().port}/mcp\n`),
);
process.on('SIGTERM', () => http.close(() => process.exit(0)));
