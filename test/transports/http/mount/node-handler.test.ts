// toNodeHandler inside Express, in this process: bodies a parser read first, routes of the
// application around it, and authorization's metadata and bearer check, as serveHttp has them.
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { McpServer, type AuthInfo } from '../../../../src/index.js';
import { toNodeHandler } from '../../../../src/node.js';
import { echo } from '../../../../src/demo.js';
import { V2026, modern } from '../../../helpers/eras.js';
import { add, httpError, post, send } from '../helpers.js';
import { root } from '../../../helpers/run.js';
import { DPOP_ALGS } from '../auth/dpop-helpers.js';

const server = new McpServer({ name: 'test', version: '1.0.0', tools: [echo, add] });
const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((http) => new Promise((resolve) => http.close(resolve)))));

async function listen(app: express.Express): Promise<string> {
  const http = app.listen(0, '127.0.0.1');
  servers.push(http);
  await new Promise((resolve) => http.once('listening', resolve));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

const call = modern(1, 'tools/call', { name: 'add', arguments: { a: 2, b: 3 } });
const callHeaders = { 'mcp-protocol-version': V2026, 'mcp-method': 'tools/call', 'mcp-name': 'add' };
const answer = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  result: {
    resultType: 'complete',
    content: [{ type: 'text', text: '5' }],
    isError: false,
    _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'test', version: '1.0.0' } },
  },
});

describe('toNodeHandler in Express', () => {
  it.each([
    ['express.json() (an object, serialized again)', express.json()],
    ['express.raw() (a Buffer)', express.raw({ type: 'application/json' })],
    ['express.text() (a string)', express.text({ type: 'application/json' })],
  ])('takes the body a parser read first: %s', async (_name, parser) => {
    const app = express();
    app.post('/mcp', parser, toNodeHandler(server));
    const res = await post(`${await listen(app)}/mcp`, call, callHeaders);
    expect({ status: res.status, body: res.body }).toStrictEqual({ status: 200, body: answer });
  });

  it('answers 500 when something read the body and kept nothing of it, and says why on stderr: the line docs/http.md quotes', async () => {
    const app = express();
    app.post('/mcp', (req, _res, next) => req.resume().once('end', () => next()), toNodeHandler(server));
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const docs = readFileSync(join(root, 'docs', 'http.md'), 'utf8');
    const quoted = /\*\*Bodies a framework already read\.\*\*[\s\S]*?```text\n(.*)\n```/.exec(docs)?.[1];
    try {
      const res = await post(`${await listen(app)}/mcp`, call, callHeaders);
      expect({ status: res.status, body: res.body, stderr: stderr.mock.calls }).toStrictEqual({
        status: 500,
        body: JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' } }),
        stderr: [[`${quoted}\n`]],
      });
      expect(quoted).toBe(
        'zod-mcp: http: the request body was read before the MCP handler (a body parser or middleware before it?) and left nothing of it',
      );
    } finally {
      stderr.mockRestore();
    }
  });

  it('applies maxBodyBytes to a parsed body too', async () => {
    const app = express();
    app.post('/mcp', express.json(), toNodeHandler(server, { maxBodyBytes: 100 }));
    const res = await post(`${await listen(app)}/mcp`, { ...call, pad: 'x'.repeat(100) }, callHeaders);
    expect({ status: res.status, body: res.body }).toStrictEqual({
      status: 413,
      body: httpError('request body exceeds 100 bytes'),
    });
  });

  it('with `path`, hands other paths to the next route (before any Host check); without, serves whatever it is routed', async () => {
    const app = express();
    app.use(toNodeHandler(server, { path: '/mcp' }));
    app.get('/other', (_req, res) => void res.send('the app'));
    app.use('/anywhere', toNodeHandler(server));
    const base = await listen(app);
    const other = await send(`${base}/other`, { method: 'GET', headers: { host: 'evil.example' } });
    expect({ status: other.status, body: other.body }).toStrictEqual({ status: 200, body: 'the app' });
    for (const path of ['/mcp', '/anywhere/deeper']) {
      const res = await post(`${base}${path}`, call, callHeaders);
      expect({ path, status: res.status, body: res.body }).toStrictEqual({ path, status: 200, body: answer });
    }
  });

  it('serves Protected Resource Metadata and checks the bearer token, wherever it is mounted', async () => {
    const verify = async (token: string) =>
      token === 'good' ? ({ subject: 'u', scopes: [], claims: {} } satisfies AuthInfo) : undefined;
    const app = express();
    app.use(
      '/.well-known/oauth-protected-resource',
      toNodeHandler(server, {
        auth: { issuer: 'https://as.example', resource: 'https://mcp.example.com/mcp', verify },
      }),
    );
    app.all(
      '/mcp',
      toNodeHandler(server, {
        auth: { issuer: 'https://as.example', resource: 'https://mcp.example.com/mcp', verify },
      }),
    );
    const base = await listen(app);
    const metadata = await send(`${base}/.well-known/oauth-protected-resource/mcp`, {
      method: 'GET',
      headers: { host: 'mcp.example.com' },
    });
    expect({ status: metadata.status, body: JSON.parse(metadata.body) as unknown }).toStrictEqual({
      status: 200,
      body: {
        resource: 'https://mcp.example.com/mcp',
        authorization_servers: ['https://as.example'],
        bearer_methods_supported: ['header'],
        dpop_signing_alg_values_supported: DPOP_ALGS,
      },
    });
    const refused = await post(`${base}/mcp`, call, { ...callHeaders, host: 'mcp.example.com' });
    expect({ status: refused.status, challenge: refused.headers['www-authenticate'] }).toStrictEqual({
      status: 401,
      challenge: 'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"',
    });
    const served = await post(`${base}/mcp`, call, {
      ...callHeaders,
      host: 'mcp.example.com',
      authorization: 'Bearer good',
    });
    expect({ status: served.status, body: served.body }).toStrictEqual({ status: 200, body: answer });
  });

  it('refuses a foreign Host by default (the localhost names only), and serves one in allowedHosts', async () => {
    const app = express();
    app.all('/mcp', toNodeHandler(server));
    app.all('/named', toNodeHandler(server, { allowedHosts: ['mcp.example.com'] }));
    const base = await listen(app);
    const foreign = await post(`${base}/mcp`, call, { ...callHeaders, host: 'mcp.example.com' });
    expect({ status: foreign.status, body: foreign.body }).toStrictEqual({
      status: 403,
      body: httpError('Host not allowed: mcp.example.com'),
    });
    const named = await post(`${base}/named`, call, { ...callHeaders, host: 'mcp.example.com' });
    expect({ status: named.status, body: named.body }).toStrictEqual({ status: 200, body: answer });
  });

  it('refuses bad options where they are given, naming itself', () => {
    expect(() => toNodeHandler(server, { healthPath: '/mcp', path: '/mcp' })).toThrow(
      new TypeError('toNodeHandler: invalid options: healthPath: it is the MCP path (/mcp)'),
    );
    expect(() => toNodeHandler(server, { allowedOrigins: ['nope'] })).toThrow(
      new TypeError('toNodeHandler: allowedOrigins: not an origin: nope'),
    );
  });
});
