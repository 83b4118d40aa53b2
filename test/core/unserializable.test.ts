// A tool whose result JSON cannot hold (a BigInt) costs its caller a -32603, never the transport.
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool } from '../../src/index.js';
import { serveHttp } from '../../src/node.js';
import { serveStdio } from '../../src/transports/stdio/serve.js';
import { PROTOCOL, post } from '../transports/http/helpers.js';

const bigint = defineTool({
  name: 'bigint',
  description: 'returns a value JSON cannot hold',
  input: z.object({}),
  handler: () => ({ content: [], structuredContent: { n: 10n } }),
});
const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'bigint' } };
const internalError = '{"jsonrpc":"2.0","id":7,"error":{"code":-32603,"message":"Internal error"}}';
const server = () => new McpServer({ name: 't', version: '1', tools: [bigint] });
const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);

afterAll(() => stderr.mockRestore());

describe('a result JSON cannot hold', () => {
  it('over stdio: -32603 for that id, and the server keeps answering', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const stdio = serveStdio(server(), { input, output, handleSignals: false, onError: () => undefined });
    input.end(`${JSON.stringify(call)}\n{"jsonrpc":"2.0","id":8,"method":"ping"}\n`);
    await stdio.closed;
    expect(text.split('\n').filter(Boolean).toSorted()).toStrictEqual(
      [internalError, '{"jsonrpc":"2.0","id":8,"result":{}}'].toSorted(),
    );
  });

  it('over HTTP: -32603 for that id in a 200 answer', async () => {
    const http = await serveHttp(server(), { port: 0, stateless: true });
    try {
      const response = await post(http.url, call, { 'mcp-protocol-version': PROTOCOL });
      expect({ status: response.status, body: response.body }).toStrictEqual({ status: 200, body: internalError });
    } finally {
      await http.close();
    }
  });
});
