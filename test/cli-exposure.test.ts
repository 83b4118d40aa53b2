// What `serve --http --allow-unauthenticated` on a wide address prints (checked without binding one).
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { selectSet } from '../src/bundled/sets.js';
import { checkExposure } from '../src/cli/exposure.js';
import { parseServeArgs } from '../src/cli/serve-args.js';

describe('checkExposure', () => {
  it('says nothing on loopback, or with authorization over TLS', async () => {
    const served = await selectSet('demo');
    expect(checkExposure(parseServeArgs(['--http']), served, 3000)).toStrictEqual([]);
    const auth = ['--auth-issuer', 'https://as', '--auth-audience', 'https://mcp/mcp'];
    expect(checkExposure(parseServeArgs(['--http', '--host', '0.0.0.0', ...auth, '--tls-cert', 'c.pem', '--tls-key', 'k.pem']), served, 3000)).toStrictEqual([]);
    // Without TLS, only that tokens travel in clear (test/http/tls.test.ts).
    expect(checkExposure(parseServeArgs(['--http', '--host', '0.0.0.0', ...auth]), served, 3000)).toHaveLength(1);
  });

  it('with --allow-unauthenticated: a warning naming every tool anyone may call, and the Host names served', async () => {
    const served = await selectSet('server');
    const lines = checkExposure(parseServeArgs(['--http', '--host', '0.0.0.0', '--allow-unauthenticated', '--allowed-hosts', 'mcp.lan']), served, 8080);
    expect(lines[0]).toBe(`zod-mcp: WARNING: no authorization on 0.0.0.0:8080: anyone who can reach it may call ${served.tools.map((tool) => tool.name).join(', ')}`);
    expect(lines[1]).toMatch(/^zod-mcp: serving the Host names localhost, 127\.0\.0\.1, ::1, /);
    expect(lines[1]).toContain(hostname().toLowerCase());
    expect(lines[1]).toContain('mcp.lan; any other gets 403 (--allowed-hosts to name more)');
  });
});
