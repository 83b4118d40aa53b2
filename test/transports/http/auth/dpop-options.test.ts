// DPoP's choices: the server's nonce (asked for, accepted, refused wrong and stale), `required` and
// `off`, a 2025 session's GET stream and DELETE with their own proofs, `publicUrl` behind a proxy,
// options refused at start, and a replay store that fails.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { McpServer, toFetchHandler } from '../../../../src/index.js';
import { mount, proof, refused, strip, token, useIssuer, type Mount } from './dpop-helpers.js';

useIssuer();

const mounts: Mount[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(mounts.splice(0).map((each) => each.close()));
});
const protect = async (...args: Parameters<typeof mount>) => {
  const made = await mount(...args);
  mounts.push(made);
  return made;
};

describe.each(['serveHttp', 'toFetchHandler'] as const)('the DPoP nonce through %s', (kind) => {
  it('is asked for, accepted on the retry, and refused when wrong or stale', async () => {
    const server = await protect(kind, { dpopNonce: true });
    const bound = await token(server.url);
    const send = async (nonce?: string) =>
      server.send('2026', {
        authorization: `DPoP ${bound}`,
        dpop: await proof({ htu: server.url, accessToken: bound, ...(nonce === undefined ? {} : { nonce }) }),
      });
    const asked = await send();
    expect(strip(asked)).toStrictEqual(refused(server.url, 'use_dpop_nonce', 'this server asks for a DPoP nonce'));
    expect(asked.nonce).toMatch(/^[\w-]{40,}$/);
    expect((await send(asked.nonce!)).status).toBe(200);
    const wrong = await send('definitely-not-the-server-nonce');
    expect(strip(wrong)).toStrictEqual(refused(server.url, 'use_dpop_nonce', 'the DPoP nonce is not valid now'));
    expect(wrong.nonce).toMatch(/^[\w-]{40,}$/);
    // a nonce made six minutes ago: past its five
    const real = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(real - 6 * 60_000);
    const old = (await send()).nonce!;
    vi.restoreAllMocks();
    expect(strip(await send(old))).toStrictEqual(
      refused(server.url, 'use_dpop_nonce', 'the DPoP nonce is not valid now'),
    );
  });
});

describe('auth.dpop', () => {
  it("'required': says so in the metadata, challenges with DPoP, and refuses an unbound token", async () => {
    const server = await protect('serveHttp', { dpop: 'required' });
    const metadataUrl = `${new URL(server.url).origin}/.well-known/oauth-protected-resource/mcp`;
    const metadata = (await (await fetch(metadataUrl)).json()) as Record<string, unknown>;
    expect(metadata.dpop_bound_access_tokens_required).toBe(true);
    const none = await server.send('2026', {});
    expect([none.status, none.challenge]).toStrictEqual([
      401,
      `DPoP resource_metadata="${new URL(server.url).origin}/.well-known/oauth-protected-resource/mcp", ` +
        'algs="ES256 ES384 ES512 EdDSA RS256 RS384 RS512 PS256 PS384 PS512"',
    ]);
    const bearer = await server.send('2026', { authorization: `Bearer ${await token(server.url, null)}` });
    expect(strip(bearer)).toStrictEqual(
      refused(server.url, 'invalid_token', 'this MCP server takes DPoP-bound tokens only'),
    );
    const bound = await token(server.url);
    const served = await server.send('2026', {
      authorization: `DPoP ${bound}`,
      dpop: await proof({ htu: server.url, accessToken: bound }),
    });
    expect(served.status).toBe(200);
  });

  it("'off': takes bearer tokens only, names no DPoP algorithm, and still refuses a bound token as Bearer", async () => {
    const server = await protect('serveHttp', { dpop: 'off' });
    const metadataUrl = `${new URL(server.url).origin}/.well-known/oauth-protected-resource/mcp`;
    const metadata = (await (await fetch(metadataUrl)).json()) as Record<string, unknown>;
    expect(Object.keys(metadata)).toStrictEqual(['resource', 'authorization_servers', 'bearer_methods_supported']);
    const bound = await token(server.url);
    const dpop = await server.send('2026', {
      authorization: `DPoP ${bound}`,
      dpop: await proof({ htu: server.url, accessToken: bound }),
    });
    expect([dpop.status, dpop.challenge]).toStrictEqual([401, `Bearer resource_metadata="${metadataUrl}"`]);
    expect(JSON.parse(dpop.body)).toStrictEqual({
      error: 'invalid_token',
      error_description: 'this MCP server takes bearer tokens only (see resource_metadata)',
    });
    expect((await server.send('2026', { authorization: `Bearer ${bound}` })).status).toBe(401);
    expect((await server.send('2026', { authorization: `Bearer ${await token(server.url, null)}` })).status).toBe(200);
  });

  it("checks a 2025 session's GET stream and DELETE with proofs of their own methods", async () => {
    const server = await protect('serveHttp');
    const bound = await token(server.url);
    const auth = async (htm: string) => ({
      authorization: `DPoP ${bound}`,
      dpop: await proof({ htm, htu: server.url, accessToken: bound }),
    });
    const opened = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(await auth('POST')),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      }),
    });
    const session = { 'mcp-session-id': opened.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-11-25' };
    await opened.text();
    const stream = await fetch(server.url, {
      headers: { accept: 'text/event-stream', ...session, ...(await auth('GET')) },
    });
    expect([stream.status, stream.headers.get('content-type')]).toStrictEqual([200, 'text/event-stream']);
    await stream.body?.cancel();
    const wrongMethod = await fetch(server.url, { method: 'DELETE', headers: { ...session, ...(await auth('GET')) } });
    expect(wrongMethod.status).toBe(401);
    const deleted = await fetch(server.url, { method: 'DELETE', headers: { ...session, ...(await auth('DELETE')) } });
    expect(deleted.status).toBe(204);
  });

  it('compares htu with publicUrl and the request path behind a proxy', async () => {
    const server = await protect('toFetchHandler', { publicUrl: 'https://mcp.example.com/tools' });
    const bound = await token(server.url);
    const send = async (htu: string) =>
      server.send('2026', { authorization: `DPoP ${bound}`, dpop: await proof({ htu, accessToken: bound }) });
    expect((await send('https://MCP.example.com:443/tools/mcp?q=1')).status).toBe(200);
    expect(strip(await send(server.url))).toStrictEqual(
      refused(server.url, 'invalid_dpop_proof', 'the DPoP proof is not for https://mcp.example.com/tools/mcp'),
    );
  });

  it('a replay store that fails is our 503, reported, never a pass', async () => {
    const reported: unknown[] = [];
    const server = await protect('toFetchHandler', {
      dpopReplay: { use: () => Promise.reject(new Error('the store is down')) },
    });
    vi.spyOn(McpServer.prototype, 'reportError').mockImplementation((error) => {
      reported.push(error);
    });
    const bound = await token(server.url);
    const answer = await server.send('2026', {
      authorization: `DPoP ${bound}`,
      dpop: await proof({ htu: server.url, accessToken: bound }),
    });
    expect([answer.status, JSON.parse(answer.body)]).toStrictEqual([
      503,
      { error: 'temporarily_unavailable', error_description: 'the DPoP proof could not be checked now; try again' },
    ]);
    expect(reported).toStrictEqual([new Error('the store is down')]);
  });

  it.each([
    [{ dpop: 'maybe' }, "auth.dpop must be 'off', 'allowed' or 'required', not \"maybe\""],
    [
      { dpopAlgorithms: ['ES256', 'HS256'] },
      'auth.dpopAlgorithms: asymmetric ones only, of ES256 ES384 ES512 EdDSA RS256 RS384 RS512 PS256 PS384 PS512: HS256',
    ],
    [{ dpopWindowSec: 0 }, 'auth.dpopWindowSec must be a number of seconds from 1 to 3600'],
    [{ publicUrl: 'ftp://mcp.example.com' }, 'auth.publicUrl must be http(s): ftp://mcp.example.com'],
  ])('refuses %j when the handler is made', (options, message) => {
    const server = new McpServer({ name: 's', version: '1', tools: [] });
    const auth = { issuer: 'https://issuer.example.com', resource: 'https://mcp.example.com/mcp', ...options };
    expect(() => toFetchHandler(server, { auth: auth as never })).toThrow(message);
  });

  it("says a refusal's reason on stderr, never the token, once a minute per reason", async () => {
    const server = await protect('toFetchHandler');
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const bound = await token(server.url);
    for (let i = 0; i < 3; i++)
      await server.send('2026', {
        authorization: `DPoP ${bound}`,
        dpop: await proof({ htu: server.url, accessToken: bound, typ: 'jwt', jti: `j${i}-${Date.now()}` }),
      });
    vi.restoreAllMocks();
    const said = lines.filter((line) => line.includes('the DPoP proof is not of type dpop+jwt'));
    expect(said).toStrictEqual(['zod-mcp: auth: a DPoP request refused: the DPoP proof is not of type dpop+jwt\n']);
    expect(lines.some((line) => line.includes(bound))).toBe(false);
  });
});
