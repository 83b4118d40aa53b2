// The README's comparison rows on the wire, measured: the same frames over stdio to `zod-mcp serve`
// and to the official SDK v2 (2.4.0: McpServer + StdioServerTransport, the bench's echo server).
// What each answers, or does not: an unknown tool, arguments of the wrong type, a line that is not
// JSON, a batch, `id: null`; then a ping, whose answer shows the server was still reading.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../helpers/run.js';
import { StdioPeer } from '../../helpers/stdio-peer.js';
import { jsonParseError } from '../../helpers/json-error.js';

const lines = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'compare', version: '1' } },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'nope', arguments: {} } },
  { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { x: 'one' } } },
  '{not json',
  [{ jsonrpc: '2.0', id: 4, method: 'ping' }],
  { jsonrpc: '2.0', id: null, method: 'ping' },
  { jsonrpc: '2.0', id: 5, method: 'ping' },
].map((frame) => (typeof frame === 'string' ? frame : JSON.stringify(frame)));

/**
 * Every answer but initialize's, as the lines came (key order and all), sorted: answers go out as
 * they complete, so their order is not the requests'. Read once the last ping is answered.
 */
async function answersOf(peer: StdioPeer, frames: string[]): Promise<string[]> {
  peer.send(`${frames.join('\n')}\n`);
  await peer.waitForId(5, 15_000);
  await new Promise((resolve) => setTimeout(resolve, 200)); // an answer to an earlier line may trail the ping's
  await peer.end();
  return peer.lines.filter((line) => (JSON.parse(line) as { id?: unknown }).id !== 1).sort();
}
const sorted = (frames: unknown[]) => frames.map((frame) => JSON.stringify(frame)).sort();

describe('the same frames to zod-mcp and to the official SDK v2', () => {
  it('zod-mcp: an unknown tool is an isError result; a bad line, a batch and id: null each get their error frame', async () => {
    // `serve --demo`'s add takes numbers: { a: 'one' } is the wrong type.
    const frames = lines.map((line) =>
      line.replace('"name":"echo","arguments":{"x":"one"}', '"name":"add","arguments":{"a":"one","b":2}'),
    );
    expect(await answersOf(new StdioPeer(['serve', '--demo']), frames)).toStrictEqual(
      sorted([
        { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'unknown tool: nope' }], isError: true } },
        {
          jsonrpc: '2.0',
          id: 3,
          result: {
            content: [{ type: 'text', text: 'Invalid arguments for tool add: a: expected number, received string' }],
            isError: true,
          },
        },
        { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error', data: jsonParseError('{not json') } },
        {
          jsonrpc: '2.0',
          error: {
            code: -32600,
            message: 'Invalid Request',
            data: 'batches are not supported: send one message per frame',
          },
        },
        {
          jsonrpc: '2.0',
          error: { code: -32600, message: 'Invalid Request', data: 'id: must be a string or an integer' },
        },
        { jsonrpc: '2.0', id: 5, result: {} },
      ]),
    );
  }, 30_000);

  it('SDK v2: an unknown tool is a -32602 error frame the model never reads; a bad line, a batch and id: null get no answer at all', async () => {
    expect(await answersOf(new StdioPeer([], [join(root, 'bench', 'servers', 'sdk-v2.mjs')]), lines)).toStrictEqual(
      sorted([
        { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Tool nope not found' } },
        {
          result: {
            content: [
              {
                type: 'text',
                text: 'Input validation error: Invalid arguments for tool echo: x: Invalid input: expected number, received string',
              },
            ],
            isError: true,
          },
          jsonrpc: '2.0',
          id: 3,
        },
        { result: {}, jsonrpc: '2.0', id: 5 },
      ]),
    );
  }, 30_000);

  it('2026 over stdio: zod-mcp answers server/discover; SDK v2 (McpServer + StdioServerTransport, as its docs set it up) answers -32601', async () => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const discover = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } })}\n`;
    const ours = new StdioPeer(['serve']);
    ours.send(discover);
    expect(await ours.waitForId(1, 15_000)).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { resultType: 'complete', supportedVersions: ['2026-07-28'] },
    });
    await ours.end();
    const theirs = new StdioPeer([], [join(root, 'bench', 'servers', 'sdk-v2.mjs')]);
    theirs.send(discover);
    expect(await theirs.waitForId(1, 15_000)).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'Method not found' },
    });
    await theirs.end();
  }, 30_000);
});
