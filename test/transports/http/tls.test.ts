// HTTPS: serveHttp's `tls` and `serve --http --tls-cert --tls-key`, with a certificate openssl makes
// for 127.0.0.1; a client that trusts it is served, a plain HTTP request to the port is not.
import { execFileSync } from 'node:child_process';
import { request } from 'node:https';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { McpServer } from '../../../src/index.js';
import { serveHttp, type HttpServerHandle } from '../../../src/node.js';
import { exposureLines } from '../../../src/cli/exposure.js';
import { parseServeArgs } from '../../../src/cli/serve-args.js';
import { describeWith } from '../../helpers/binaries.js';
import { run } from '../../helpers/run.js';
import { startServe } from '../../helpers/serve-process.js';
import { programJs } from '../../helpers/stdio-peer.js';
import { initializeFrame, post } from './helpers.js';

/** POSTs `frame` over HTTPS, trusting `ca` (or only the system's authorities); the status and the body. */
function postTls(url: string, frame: unknown, ca: Buffer | undefined): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        ...(ca === undefined ? {} : { ca }),
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(frame));
  });
}

describeWith('openssl')('HTTPS', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zod-mcp-tls-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  let cert: Buffer;
  let handle: HttpServerHandle;

  beforeAll(async () => {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    cert = readFileSync(certFile);
    handle = await serveHttp(new McpServer({ name: 'tls', version: '1.0.0' }), {
      port: 0,
      tls: { cert, key: readFileSync(keyFile) },
    });
  });
  afterAll(() => handle?.close());

  it('serveHttp with tls serves https:// to a client that trusts the certificate', async () => {
    expect(handle.url).toBe(`https://127.0.0.1:${handle.port}/mcp`);
    const { status, body } = await postTls(handle.url, initializeFrame(), cert);
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { serverInfo: { name: 'tls', version: '1.0.0' } },
    });
  });

  it('refuses a client that does not trust it, and plain HTTP on the same port gets no MCP answer', async () => {
    // Refused for what it is, a certificate no authority the client trusts has signed, not for any other failure.
    await expect(postTls(handle.url, initializeFrame(), undefined)).rejects.toMatchObject({
      code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    });
    await expect(post(`http://127.0.0.1:${handle.port}/mcp`, initializeFrame())).rejects.toThrow('socket hang up');
  });

  it('refuses a key or certificate that is not PEM, when it starts', async () => {
    await expect(
      serveHttp(new McpServer({ name: 'tls', version: '1.0.0' }), {
        port: 0,
        tls: { cert: 'not a certificate', key: 'not a key' },
      }),
    ).rejects.toThrow(/^serveHttp: invalid options: tls: /);
  });

  it('serve --http --tls-cert --tls-key serves https://, and a missing file is one line, exit 1', async () => {
    const served = await startServe(['--port', '0', '--tls-cert', certFile, '--tls-key', keyFile]);
    try {
      expect(served.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect((await postTls(served.url, initializeFrame(), cert)).status).toBe(200);
    } finally {
      expect(await served.stop()).toBe(0);
    }
    const missing = join(dir, 'missing.pem');
    expect(
      await run(process.execPath, [
        programJs,
        'serve',
        '--http',
        '--port',
        '0',
        '--tls-cert',
        missing,
        '--tls-key',
        keyFile,
      ]),
    ).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: `zod-mcp: serve: --tls-cert ${missing}: no such file\n`,
    });
  }, 30_000);
});

it('warns of bearer tokens in clear on a public bind with authorization and no TLS (checked without binding one)', () => {
  const auth = ['--auth-issuer', 'https://as.example', '--auth-audience', 'https://mcp.example/mcp'];
  expect(
    exposureLines(parseServeArgs(['--http', '--host', '0.0.0.0', ...auth]), 8443, { tools: [], resources: false }),
  ).toStrictEqual([
    'zod-mcp: WARNING: plain HTTP on 0.0.0.0:8443: bearer tokens travel in clear unless a TLS proxy stands in front (or give --tls-cert FILE --tls-key FILE)',
  ]);
  expect(
    exposureLines(
      parseServeArgs(['--http', '--host', '0.0.0.0', ...auth, '--tls-cert', 'c.pem', '--tls-key', 'k.pem']),
      8443,
      { tools: [], resources: false },
    ),
  ).toStrictEqual([]);
  expect(exposureLines(parseServeArgs(['--http', ...auth]), 8443, { tools: [], resources: false })).toStrictEqual([]);
});
