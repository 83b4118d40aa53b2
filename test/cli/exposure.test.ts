// What `serve --http --allow-unauthenticated` on a wide address prints (checked without binding one).
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { bundledServer, selectSet } from '../../src/bundled/sets.js';
import { exposedBy, exposureLines, refuseOpenBind } from '../../src/cli/exposure.js';
import { parseServeArgs } from '../../src/cli/serve-args.js';
import { UsageError } from '../../src/cli/usage-error.js';

const none = { tools: [], resources: false };

describe('exposureLines', () => {
  it('says nothing on loopback, or with authorization over TLS', () => {
    const exposed = { tools: ['echo'], resources: true };
    expect(exposureLines(parseServeArgs(['--http']), 3000, exposed)).toStrictEqual([]);
    const auth = ['--auth-issuer', 'https://as', '--auth-audience', 'https://mcp/mcp'];
    expect(
      exposureLines(
        parseServeArgs(['--http', '--host', '0.0.0.0', ...auth, '--tls-cert', 'c.pem', '--tls-key', 'k.pem']),
        3000,
        exposed,
      ),
    ).toStrictEqual([]);
    // Without TLS, only that tokens travel in clear (test/transports/http/tls.test.ts).
    expect(exposureLines(parseServeArgs(['--http', '--host', '0.0.0.0', ...auth]), 3000, exposed)).toHaveLength(1);
  });

  it('with --allow-unauthenticated: a warning naming every tool anyone may call, on the port given, and the Host names served', async () => {
    const exposed = exposedBy(bundledServer(await selectSet('demo'), {}));
    const lines = exposureLines(
      parseServeArgs(['--http', '--host', '0.0.0.0', '--allow-unauthenticated', '--allowed-hosts', 'mcp.lan']),
      8080,
      exposed,
    );
    expect(lines[0]).toBe(
      `zod-mcp: WARNING: no authorization on 0.0.0.0:8080: anyone who can reach it may call ${exposed.tools.join(', ')}, and read its resources`,
    );
    expect(exposed.tools.slice(0, 2)).toStrictEqual(['echo', 'add']);
    expect(lines[1]).toMatch(/^zod-mcp: serving the Host names localhost, 127\.0\.0\.1, ::1, /);
    expect(lines[1]).toContain(hostname().toLowerCase());
    expect(lines[1]).toContain('mcp.lan; any other gets 403 (--allowed-hosts to name more)');
  });

  it('a server of no tools is said as such, never "may call " and nothing', () => {
    const [line] = exposureLines(parseServeArgs(['--http', '--host', '::', '--allow-unauthenticated']), 3000, none);
    expect(line).toBe(
      'zod-mcp: WARNING: no authorization on [::]:3000: anyone who can reach it may connect to it (it serves no tools)',
    );
  });
});

describe('refuseOpenBind', () => {
  it('refuses a public bind without authorization, naming the command; allows loopback, auth, or --allow-unauthenticated', () => {
    const open = parseServeArgs(['--http', '--host', '0.0.0.0']);
    const why = (command: string) =>
      `${command}: --host 0.0.0.0 makes this server reachable from other machines, and it has no authorization: give --auth-issuer URL --auth-audience URL, or --allow-unauthenticated to serve anyone who can reach it`;
    expect(() => refuseOpenBind(open)).toThrow(new UsageError(why('serve')));
    expect(() => refuseOpenBind(open, 'dev')).toThrow(new UsageError(why('dev')));
    for (const args of [
      ['--http'],
      ['--http', '--host', '0.0.0.0', '--allow-unauthenticated'],
      ['--http', '--host', '0.0.0.0', '--auth-issuer', 'https://as', '--auth-audience', 'https://mcp/mcp'],
    ]) {
      expect(() => refuseOpenBind(parseServeArgs(args))).not.toThrow();
    }
  });
});
