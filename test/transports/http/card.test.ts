// The Server Card and the MCP Catalog: served without a token, the same through serveHttp,
// toNodeHandler and toFetchHandler, a strong ETag and 304, CORS `*`, the URL from publicUrl or the
// request, and in agreement with the server's own server/discover.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, toFetchHandler } from '../../../src/index.js';
import { serveHttp, toNodeHandler } from '../../../src/node.js';
import { connect } from '../../../src/testing.js';
import { freePort } from '../../helpers/redis.js';
import { root, run } from '../../helpers/run.js';
import { startServe } from '../../helpers/serve-process.js';
import { programJs } from '../../helpers/stdio-peer.js';

const echo = defineTool({ name: 'echo', description: 'Echoes.', input: z.object({}), handler: () => 'ok' });
const make = (options: Partial<ConstructorParameters<typeof McpServer>[0]> = {}) =>
  new McpServer({
    name: 'notes',
    version: '2.3.4',
    title: 'Notes',
    description: 'Keeps notes.',
    tools: [echo],
    card: {
      name: 'io.github.example/notes',
      repository: { url: 'https://github.com/example/notes', source: 'github' },
    },
    ...options,
  });

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

/** A fetch against the server through one mount. */
async function mounted(kind: 'serveHttp' | 'toNodeHandler' | 'toFetchHandler', server: McpServer, more = {}) {
  if (kind === 'toFetchHandler') {
    const handler = toFetchHandler(server, { path: '/mcp', card: true, catalog: true, ...more });
    const base = 'http://127.0.0.1:8123';
    return { base, get: (path: string, init: RequestInit = {}) => handler(new Request(`${base}${path}`, init)) };
  }
  const port = await freePort();
  if (kind === 'serveHttp') {
    const handle = await serveHttp(server, { port, card: true, catalog: true, ...more });
    closers.push(() => handle.close());
  } else {
    const http = createServer(toNodeHandler(server, { path: '/mcp', card: true, catalog: true, ...more }));
    await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => http.close(() => resolve())));
  }
  const base = `http://127.0.0.1:${port}`;
  return { base, get: (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, init) };
}

/** What the tests read of a card. */
type Card = { version: string; remotes: { supportedProtocolVersions: string[] }[]; capabilities: unknown };

const VERSIONS = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

describe.each(['serveHttp', 'toNodeHandler', 'toFetchHandler'] as const)('the Server Card through %s', (kind) => {
  it('is served public and cacheable, and agrees with server/discover', async () => {
    const server = make();
    const { base, get } = await mounted(kind, server);
    const res = await get('/mcp/server-card');
    expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toStrictEqual([
      200,
      'application/mcp-server-card+json',
      'public, max-age=3600',
    ]);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const card = (await res.json()) as Card;
    const client = await connect(server, { era: '2026' });
    const discovered = client.server;
    expect(card).toStrictEqual({
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      name: 'io.github.example/notes',
      version: '2.3.4',
      description: 'Keeps notes.',
      title: 'Notes',
      repository: { url: 'https://github.com/example/notes', source: 'github' },
      remotes: [{ type: 'streamable-http', url: `${base}/mcp`, supportedProtocolVersions: VERSIONS }],
      capabilities: discovered.capabilities,
    });
    expect(
      (discovered._meta as Record<string, { version: string }>)['io.modelcontextprotocol/serverInfo']!.version,
    ).toBe(card.version);
    expect(card.remotes[0]!.supportedProtocolVersions).toEqual(
      expect.arrayContaining(discovered.supportedVersions as string[]),
    );
    // the same bytes again: the strong ETag, 304 on If-None-Match
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    const again = await get('/mcp/server-card', { headers: { 'if-none-match': `W/"other", ${etag}` } });
    expect([again.status, await again.text(), again.headers.get('etag')]).toStrictEqual([304, '', etag]);
    const catalog = await get('/.well-known/mcp/catalog.json');
    expect([catalog.status, await catalog.json()]).toStrictEqual([
      200,
      {
        servers: [
          {
            name: 'io.github.example/notes',
            title: 'Notes',
            description: 'Keeps notes.',
            version: '2.3.4',
            url: `${base}/mcp`,
            serverCard: `${base}/mcp/server-card`,
          },
        ],
      },
    ]);
  });
});

describe('the Server Card', () => {
  it('names publicUrl, and the schemes a protected server takes, without a token', async () => {
    const server = make();
    const auth = {
      issuer: 'https://auth.example.com',
      resource: 'https://mcp.example.com/mcp',
      dpop: 'required' as const,
    };
    const { get } = await mounted('toFetchHandler', server, { publicUrl: 'https://mcp.example.com', auth });
    const card = (await (await get('/mcp/server-card')).json()) as Card;
    expect(card.remotes).toStrictEqual([
      {
        type: 'streamable-http',
        url: 'https://mcp.example.com/mcp',
        supportedProtocolVersions: VERSIONS,
        authentication: { required: true, schemes: ['dpop'] },
      },
    ]);
  });

  it('answers a browser preflight, and HEAD without a body', async () => {
    const { get } = await mounted('toFetchHandler', make());
    const preflight = await get('/mcp/server-card', { method: 'OPTIONS' });
    expect([preflight.status, preflight.headers.get('access-control-allow-methods')]).toStrictEqual([204, 'GET']);
    const head = await get('/mcp/server-card', { method: 'HEAD' });
    expect([head.status, await head.text()]).toStrictEqual([200, '']);
  });

  it('lists the 2025 versions alone for a 2025-only server, with initialize its capabilities', async () => {
    const { get } = await mounted('toFetchHandler', make({ eras: ['rev2025'] }));
    const card = (await (await get('/mcp/server-card')).json()) as Card;
    expect(card.remotes[0]!.supportedProtocolVersions).toStrictEqual(VERSIONS.slice(1));
    expect(card.capabilities).toStrictEqual({ tools: { listChanged: true }, logging: {} });
  });

  it.each([
    [
      { name: 'notes' },
      'card.name must be a registry name, reverse-DNS with one slash (io.github.owner/name): "notes"',
    ],
    [{ name: 'io.github.a/b', description: 'x'.repeat(101) }, 'card: the description is 101 characters; at most 100'],
  ])('refuses %j when the server is built', (card, message) => {
    expect(() => make({ card })).toThrow(message);
  });

  it('is refused at start when the server declares none', () => {
    const server = new McpServer({ name: 'bare', version: '1', tools: [echo] });
    expect(() => toFetchHandler(server, { card: true })).toThrow(
      'card: true serves the Server Card the server declares: give new McpServer({ card: { name, … } })',
    );
  });
});

describe('serve --http --card --catalog --public-url', () => {
  it('serves the module’s card and the catalog, naming the public URL', async () => {
    const served = await startServe([
      join(root, 'test', 'cli', 'modules', 'card.ts'),
      '--port',
      '0',
      '--card',
      '--catalog',
      '--public-url',
      'https://mcp.example.com',
    ]);
    try {
      const origin = new URL(served.url).origin;
      const card = (await (await fetch(`${origin}/mcp/server-card`)).json()) as { remotes: { url: string }[] };
      expect(card.remotes[0]!.url).toBe('https://mcp.example.com/mcp');
      const catalog = (await (await fetch(`${origin}/.well-known/mcp/catalog.json`)).json()) as {
        servers: { serverCard: string }[];
      };
      expect(catalog.servers[0]!.serverCard).toBe('https://mcp.example.com/mcp/server-card');
    } finally {
      await served.stop();
    }
  });

  it('exits 1 naming what to give when the server declares no card', async () => {
    const result = await run(process.execPath, [programJs, 'serve', '--http', '--port', '0', '--card']);
    expect([result.code, result.stderr]).toStrictEqual([
      1,
      'zod-mcp: card: true serves the Server Card the server declares: give new McpServer({ card: { name, … } })\n',
    ]);
  });
});
