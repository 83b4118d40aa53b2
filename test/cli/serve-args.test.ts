import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseServeArgs } from '../../src/cli/serve-args.js';

const none = {
  module: undefined,
  demo: false,
  root: undefined,
  readOnly: false,
  confirmWrites: false,
  skills: undefined,
  http: false,
  port: undefined,
  host: undefined,
  redis: undefined,
  workers: 1,
  drainMs: undefined,
  taskLeaseMs: undefined,
  redisTimeoutMs: undefined,
  instance: undefined,
  auth: undefined,
  publicUrl: undefined,
  card: false,
  catalog: false,
  allowUnauthenticated: false,
  allowedHosts: undefined,
  maxConnectionsPerClient: undefined,
  tls: undefined,
  rateLimit: undefined,
  trustForwardedFor: false,
  metrics: undefined,
  toolsets: undefined,
  discovery: undefined,
};

describe('parseServeArgs', () => {
  it.each([
    [[], none],
    [['--demo'], { ...none, demo: true }],
    [['--root', 'repo', '--read-only'], { ...none, root: 'repo', readOnly: true }],
    [['--root', 'repo', '--confirm-writes'], { ...none, root: 'repo', confirmWrites: true }],
    [['--skills', 'skills'], { ...none, skills: 'skills' }],
    [['--http'], { ...none, http: true }],
    [['--toolsets', 'issues, repos'], { ...none, toolsets: ['issues', 'repos'] }],
    [['--discovery', 'search'], { ...none, discovery: 'search' }],
    [['--rate-limit', '60/min'], { ...none, rateLimit: { perMinute: 60 } }],
    [['--rate-limit', '2.5/s', '--rate-limit-burst', '5'], { ...none, rateLimit: { perSecond: 2.5, burst: 5 } }],
    [
      ['--http', '--rate-limit', '1000/hour', '--trust-forwarded-for'],
      { ...none, http: true, rateLimit: { perHour: 1000 }, trustForwardedFor: true },
    ],
    [['--http', '--port', '0'], { ...none, http: true, port: 0 }],
    [
      ['--port=8080', '--http', '--host', '::1', '--root=.'],
      { ...none, http: true, port: 8080, host: '::1', root: '.' },
    ],
    [
      ['--http', '--redis', 'redis://127.0.0.1:6379', '--workers', '3', '--drain-ms', '5000'],
      { ...none, http: true, redis: 'redis://127.0.0.1:6379', workers: 3, drainMs: 5000 },
    ],
    [
      ['--http', '--redis', 'rediss://h:1', '--task-lease-ms', '2000'],
      { ...none, http: true, redis: 'rediss://h:1', taskLeaseMs: 2000 },
    ],
    [
      ['--http', '--redis', 'redis://h', '--redis-timeout-ms', '500'],
      { ...none, http: true, redis: 'redis://h', redisTimeoutMs: 500 },
    ],
    [['--http', '--instance', 'eu-1'], { ...none, http: true, instance: 'eu-1' }],
    [
      [
        '--http',
        '--auth-issuer',
        'https://as.example',
        '--auth-audience',
        'https://mcp.example/mcp',
        '--auth-scopes',
        'a, b',
      ],
      {
        ...none,
        http: true,
        auth: { issuer: 'https://as.example', resource: 'https://mcp.example/mcp', scopes: ['a', 'b'] },
      },
    ],
    [
      ['--http', '--host', '10.0.0.1', '--allow-unauthenticated', '--allowed-hosts', 'mcp.lan,10.0.0.1'],
      { ...none, http: true, host: '10.0.0.1', allowUnauthenticated: true, allowedHosts: ['mcp.lan', '10.0.0.1'] },
    ],
    [['--http', '--workers', 'auto'], { ...none, http: true, workers: availableParallelism() }],
    [['--http', '--max-connections-per-client', '0'], { ...none, http: true, maxConnectionsPerClient: 0 }],
    [['--http', '--max-connections-per-client=1000'], { ...none, http: true, maxConnectionsPerClient: 1000 }],
    [['--http', '--metrics'], { ...none, http: true, metrics: { port: undefined } }],
    [['--http', '--metrics', '--metrics-port', '9464'], { ...none, http: true, metrics: { port: 9464 } }],
    [['./my-server.ts'], { ...none, module: './my-server.ts' }],
    [['--http', './my-server.ts', '--port', '0'], { ...none, module: './my-server.ts', http: true, port: 0 }],
  ])('%j', (args, expected) => {
    expect(parseServeArgs(args)).toStrictEqual(expected);
  });

  it.each([
    [['--http', '--port', 'x'], 'serve: --port: not a port number: x'],
    [['--http', '--port', '70000'], 'serve: --port: not a port number: 70000'],
    [['--http', '--port'], "serve: Option '--port <value>' argument missing"],
    [['--http', '--verbose'], 'serve: unknown option --verbose; `zod-mcp serve --help` lists the options'],
    [
      ['--http', '--prot', '3'],
      'serve: unknown option --prot (did you mean --port?); `zod-mcp serve --help` lists the options',
    ],
    [['--htp'], 'serve: unknown option --htp (did you mean --http?); `zod-mcp serve --help` lists the options'],
    [['--http', '--tls-cert', 'c.pem'], 'serve: --tls-cert and --tls-key go together'],
    [['--metrics'], 'serve: --metrics needs --http'],
    [['--http', '--metrics-port', '9464'], 'serve: --metrics-port needs --metrics'],
    [['--http', '--metrics', '--metrics-port', 'x'], 'serve: --metrics-port: not a port number: x'],
    [
      ['--http', '--metrics', '--workers', '2'],
      'serve: --metrics and --workers do not go together yet: each process would answer for itself',
    ],
    [['--tls-cert', 'c.pem', '--tls-key', 'k.pem'], 'serve: --tls-cert needs --http'],
    [['a.ts', 'b.ts'], 'serve: one module to serve, not 2: a.ts b.ts'],
    [['--discovery', 'deferred'], 'serve: --discovery: list or search, not deferred'],
    [['--port', '1'], 'serve: --port and --host need --http'],
    [['--read-only'], 'serve: --read-only needs --root DIR'],
    [['--confirm-writes'], 'serve: --confirm-writes needs --root DIR'],
    [
      ['--root', '.', '--read-only', '--confirm-writes'],
      'serve: --confirm-writes and --read-only do not go together: a read-only root has no writes',
    ],
    [['--redis', 'redis://x'], 'serve: --redis needs --http'],
    [['--workers', '2'], 'serve: --workers needs --http'],
    [['--rate-limit', '60'], 'serve: --rate-limit: not a rate such as 60/min, 10/s or 1000/hour: 60'],
    [['--rate-limit', '0/min'], 'serve: --rate-limit: not a rate such as 60/min, 10/s or 1000/hour: 0/min'],
    [['--rate-limit-burst', '5'], 'serve: --rate-limit-burst needs --rate-limit N/UNIT'],
    [['--rate-limit', '5/s', '--rate-limit-burst', '0'], 'serve: --rate-limit-burst: not a number from 1: 0'],
    [['--trust-forwarded-for'], 'serve: --trust-forwarded-for needs --http'],
    [['--http', '--workers', '0'], 'serve: --workers: not a number from 1 to 256, or auto: 0'],
    [['--http', '--workers', 'many'], 'serve: --workers: not a number from 1 to 256, or auto: many'],
    [['--http', '--redis', 'localhost:6379'], 'serve: --redis: not a redis:// or rediss:// URL: localhost:6379'],
    [['--http', '--drain-ms=soon'], 'serve: --drain-ms: not a number of milliseconds: soon'],
    [['--http', '--task-lease-ms', '2000'], 'serve: --task-lease-ms needs --redis URL'],
    [
      ['--http', '--redis', 'redis://h', '--task-lease-ms', '5'],
      'serve: --task-lease-ms: not a number of milliseconds from 30: 5',
    ],
    [['--http', '--redis-timeout-ms', '500'], 'serve: --redis-timeout-ms needs --redis URL'],
    [
      ['--http', '--redis', 'redis://h', '--redis-timeout-ms', '0'],
      'serve: --redis-timeout-ms: not a number of milliseconds from 1: 0',
    ],
    [['--instance', 'a'], 'serve: --instance needs --http'],
    [['--http', '--instance', 'a.b'], 'serve: --instance: 1 to 32 letters, digits, - or _: a.b'],
    [['--http', '--auth-issuer', 'https://as.example'], 'serve: --auth-issuer and --auth-audience go together'],
    [['--http', '--auth-scopes', 'a'], 'serve: --auth-scopes needs --auth-issuer and --auth-audience'],
    [
      ['--http', '--auth-issuer', 'as.example', '--auth-audience', 'https://m'],
      'serve: --auth-issuer: not an http(s) URL: as.example',
    ],
    [
      ['--http', '--auth-issuer', 'https://a', '--auth-audience', 'https://m', '--allow-unauthenticated'],
      'serve: --allow-unauthenticated and --auth-issuer do not go together',
    ],
    [['--auth-dpop', 'required'], 'serve: --auth-dpop needs --http'],
    [['--http', '--auth-dpop', 'required'], 'serve: --auth-dpop needs --auth-issuer and --auth-audience'],
    [['--public-url', 'https://p'], 'serve: --public-url needs --http'],
    [['--card'], 'serve: --card needs --http'],
    [
      ['--http', '--auth-issuer', 'https://a', '--auth-audience', 'https://m', '--auth-dpop', 'maybe'],
      'serve: --auth-dpop: off, allowed or required, not maybe',
    ],
    [['--http', '--public-url', 'mcp.example.com'], 'serve: --public-url: not an http(s) URL: mcp.example.com'],
    [['--allow-unauthenticated'], 'serve: --allow-unauthenticated needs --http'],
    [['--max-connections-per-client', '8'], 'serve: --max-connections-per-client needs --http'],
    [
      ['--http', '--max-connections-per-client=-1'],
      'serve: --max-connections-per-client: not a number of connections (0: no limit): -1',
    ],
  ])('%j is refused', (args, message) => {
    expect(() => parseServeArgs(args)).toThrow(new Error(message));
  });

  it('dev refuses --metrics', () => {
    expect(() => parseServeArgs(['--http', '--metrics'], 'dev')).toThrow(
      'dev: --metrics is for serve: the server of the moment changes at each restart',
    );
  });
});
