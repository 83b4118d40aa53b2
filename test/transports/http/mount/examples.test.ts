// Each example of mounting (examples/*.ts: Express, Hono on @hono/node-server, node:http) run as a
// user would run it, a process of its own importing the built package, answered by the official SDK
// v2 client in both eras; and serveHttp's security defaults hold in each.
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../../helpers/run.js';
import { createClient, realErrors } from '../../../helpers/sdk-v2.js';
import { startHttpProcess, type ServeProcess } from '../../../helpers/serve-process.js';
import { request } from 'node:http';
import { httpError, post, postHeaders } from '../helpers.js';

/**
 * Name, file, server name, and the Connection of a 413: node:http's is closed, as serveHttp's; a
 * web Response leaves its connection to the runtime, which reads the rest of the body and keeps it.
 */
const EXAMPLES = [
  ['Express', 'express.ts', 'express-example', 'close'],
  ['Hono on @hono/node-server', 'hono.ts', 'hono-example', 'keep-alive'],
  ['node:http', 'node-http.ts', 'node-http-example', 'close'],
] as const;

const ERAS = [
  ['2026 (pinned)', { mode: { pin: '2026-07-28' } }, 'modern', '2026-07-28'],
  ['2025 (initialize)', undefined, 'legacy', '2025-11-25'],
] as const;

const addTool = {
  name: 'add',
  description: 'Adds two numbers.',
  inputSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' } },
    required: ['a', 'b'],
  },
};

describe.each(EXAMPLES)('the %s example', (_name, file, serverName, connectionOf413) => {
  let served: ServeProcess;
  beforeAll(async () => {
    served = await startHttpProcess(['--import', 'tsx', join(root, 'examples', file)]);
  });
  afterAll(() => served.stop('SIGKILL'));

  it.each(ERAS)('answers the SDK v2 client in %s', async (_era, negotiation, era, version) => {
    const errors: unknown[] = [];
    const client = createClient(negotiation, errors);
    await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    try {
      expect({
        era: client.getProtocolEra(),
        version: client.getNegotiatedProtocolVersion(),
        server: client.getServerVersion(),
      }).toStrictEqual({
        era,
        version,
        server: { name: serverName, version: '1.0.0' },
      });
      const { tools } = await client.listTools();
      expect(tools).toStrictEqual([addTool]);
      const result = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
      expect({ content: result.content, isError: result.isError }).toStrictEqual({
        content: [{ type: 'text', text: '5' }],
        isError: false,
      });
      expect(realErrors(errors)).toStrictEqual([]);
    } finally {
      await client.close();
    }
  });

  it('refuses a foreign Host, a bad Origin and an oversized body, as serveHttp does', async () => {
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const cases = [
      [{ host: 'evil.example' }, 403, 'Host not allowed: evil.example'],
      [{ origin: 'http://evil.example' }, 403, 'Origin not allowed: http://evil.example'],
    ] as const;
    for (const [headers, status, data] of cases) {
      const res = await post(served.url, ping, headers);
      expect({ status: res.status, body: res.body }).toStrictEqual({ status, body: httpError(data) });
    }
    const large = await postDeclaring(served.url, 4 * 1024 * 1024 + 1);
    expect(large).toStrictEqual({
      status: 413,
      connection: connectionOf413,
      body: httpError('request body exceeds 4194304 bytes'),
    });
    const served2025 = await post(served.url, ping, { 'mcp-protocol-version': '2025-06-18' });
    expect({ status: served2025.status, body: served2025.body }).toStrictEqual({
      status: 400,
      body: httpError('Mcp-Session-Id header is required: send initialize first'),
    });
  });

  it('stops on SIGTERM with exit code 0', async () => {
    expect(await served.stop('SIGTERM')).toBe(0);
  });
});

/** A POST that declares `bytes` of body and sends only its first: the answer comes from the declared size. */
function postDeclaring(
  url: string,
  bytes: number,
): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { ...postHeaders, 'content-length': String(bytes) } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body });
          req.destroy();
        });
      },
    );
    req.on('error', reject);
    req.write('{"jsonrpc":"2.0",');
  });
}
