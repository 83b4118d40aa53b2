// DNS rebinding protection: Host and Origin allow-lists, and their defaults.
import type { IncomingMessage } from 'node:http';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpServerHandle } from '../../../src/node.js';
import { checkHostAndOrigin } from '../../../src/transports/http/guard.js';
import type { HttpOptions } from '../../../src/transports/http/options.js';
import { resolveHttpOptions } from '../../../src/transports/http/node/listener-options.js';
import { httpError, initializeFrame, post, startServer } from './helpers.js';

let handle: HttpServerHandle;
beforeAll(async () => {
  handle = await startServer();
});
afterAll(() => handle.close());

describe('bound to 127.0.0.1 with the default allow-list', () => {
  const port = () => handle.port;
  it.each([
    ['localhost', () => `localhost:${port()}`, undefined],
    ['127.0.0.1', () => `127.0.0.1:${port()}`, undefined],
    ['[::1]', () => `[::1]:${port()}`, undefined],
    ['LOCALHOST in capitals', () => `LOCALHOST:${port()}`, undefined],
    ['a local inspector origin on another port', () => `localhost:${port()}`, 'http://localhost:6274'],
    ['a 127.0.0.1 origin', () => `127.0.0.1:${port()}`, 'http://127.0.0.1'],
  ])('accepts %s', async (_name, host, origin) => {
    const headers: Record<string, string> = { host: host() };
    if (origin !== undefined) headers.origin = origin;
    const res = await post(handle.url, initializeFrame(), headers);
    expect(res.status).toBe(200);
  });

  it.each([
    ['a foreign Host', () => ({ host: 'evil.example.com' }), 'Host not allowed: evil.example.com'],
    [
      'a foreign Host with a port',
      () => ({ host: 'evil.example.com:3000' }),
      'Host not allowed: evil.example.com:3000',
    ],
    ['a local-looking suffix', () => ({ host: 'localhost.evil.example' }), 'Host not allowed: localhost.evil.example'],
    [
      'a foreign Origin',
      () => ({ host: `localhost:${handle.port}`, origin: 'http://evil.example.com' }),
      'Origin not allowed: http://evil.example.com',
    ],
    ['Origin: null', () => ({ host: `localhost:${handle.port}`, origin: 'null' }), 'Origin not allowed: null'],
  ])('refuses %s with 403', async (_name, headers, data) => {
    const res = await post(handle.url, initializeFrame(), headers());
    expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: httpError(data) });
  });
});

describe('the rules, without binding', () => {
  const check = (options: HttpOptions, headers: Record<string, string>) =>
    checkHostAndOrigin({ headers } as IncomingMessage, resolveHttpOptions(options));

  it("bound to all interfaces without authorization: only this machine's names (a foreign Host, as a rebinding page sends, is refused)", () => {
    const options = { host: '0.0.0.0' };
    // The case that once wrote a workspace: `serve --http --host 0.0.0.0 --root DIR` and `Host: evil.example`.
    expect(check(options, { host: 'evil.example' })).toBe('Host not allowed: evil.example');
    expect(check(options, { host: 'mcp.example.com:3000' })).toBe('Host not allowed: mcp.example.com:3000');
    expect(check(options, { host: `${hostname()}:3000` })).toBeUndefined();
    expect(check(options, { host: 'localhost:3000' })).toBeUndefined();
    expect(check(options, { host: '127.0.0.1:3000', origin: 'https://evil.example' })).toBe(
      'Origin not allowed: https://evil.example',
    );
  });

  it('bound to all interfaces with authorization: any Host (the token decides), and only same-host origins', () => {
    const options = {
      host: '0.0.0.0',
      auth: { issuer: 'https://as.example', resource: 'https://mcp.example.com/mcp' },
    };
    expect(check(options, { host: 'mcp.example.com' })).toBeUndefined();
    expect(check(options, { host: 'mcp.example.com:3000', origin: 'https://mcp.example.com:3000' })).toBeUndefined();
    expect(check(options, { host: 'mcp.example.com', origin: 'https://evil.example' })).toBe(
      'Origin not allowed: https://evil.example',
    );
  });

  it('allowedHosts replaces the localhost default', () => {
    const options = { allowedHosts: ['mcp.example.com'] };
    expect(check(options, { host: 'mcp.example.com:8080' })).toBeUndefined();
    expect(check(options, { host: 'localhost:3000' })).toBe('Host not allowed: localhost:3000');
    expect(check(options, { host: 'mcp.example.com', origin: 'https://mcp.example.com' })).toBeUndefined();
  });

  it('allowedOrigins admits exactly those origins', () => {
    const options = { allowedOrigins: ['https://app.example.com'] };
    expect(check(options, { host: 'localhost', origin: 'https://app.example.com' })).toBeUndefined();
    expect(check(options, { host: 'localhost', origin: 'http://app.example.com' })).toBe(
      'Origin not allowed: http://app.example.com',
    );
    expect(check(options, { host: 'localhost', origin: 'http://localhost:6274' })).toBe(
      'Origin not allowed: http://localhost:6274',
    );
  });

  it('a request without Host is refused while a host list applies', () => {
    expect(check({}, {})).toBe('Host not allowed: (none)');
  });

  it('bad options fail at start-up, naming the field', () => {
    expect(() => resolveHttpOptions({ port: 70_000 })).toThrow(/^serveHttp: invalid options: port: /);
    expect(() => resolveHttpOptions({ path: 'mcp' })).toThrow(/^serveHttp: invalid options: path: /);
    expect(() => resolveHttpOptions({ allowedOrigins: ['not an origin'] })).toThrow(
      'serveHttp: allowedOrigins: not an origin: not an origin',
    );
    expect(() => resolveHttpOptions({ maxConnectionsPerClient: -1 })).toThrow(
      /^serveHttp: invalid options: maxConnectionsPerClient: /,
    );
    expect(() => resolveHttpOptions({ maxBodyBytes: 100, maxBufferedBodyBytes: 99 })).toThrow(
      new TypeError(
        'serveHttp: invalid options: maxBufferedBodyBytes: below maxBodyBytes (100), so the largest body could never be read',
      ),
    );
    expect(resolveHttpOptions({ maxBodyBytes: 100 }).maxBufferedBodyBytes).toBe(1600);
  });

  it('refuses a delay no timer can wait for (Node would fire it after 1 ms)', () => {
    const thirtyDays = 30 * 24 * 3_600_000;
    expect(() => resolveHttpOptions({ sessionIdleMs: thirtyDays })).toThrow(
      new TypeError('serveHttp: invalid options: sessionIdleMs: Too big: expected number to be <=2147483647'),
    );
    expect(() => resolveHttpOptions({ keepAliveMs: Infinity })).toThrow(/^serveHttp: invalid options: keepAliveMs: /);
    expect(() => resolveHttpOptions({ closeGraceMs: 2 ** 31 })).toThrow(/^serveHttp: invalid options: closeGraceMs: /);
    expect(() => resolveHttpOptions({ bodyTimeoutMs: 2 ** 31 })).toThrow(
      /^serveHttp: invalid options: bodyTimeoutMs: /,
    );
  });
});
