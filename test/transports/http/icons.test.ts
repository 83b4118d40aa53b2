// Icons and _meta reach the official SDK clients over Streamable HTTP: v1 through initialize (2025),
// v2 pinned to 2026-07-28 through server/discover and tools/list.
import { StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool } from '../../../src/index.js';
import { serveHttp, type HttpServerHandle } from '../../../src/node.js';
import { createClient } from '../../helpers/sdk-v2.js';

const icons = [
  { src: 'https://example.com/forecast.png', mimeType: 'image/png', sizes: ['48x48'], theme: 'light' as const },
];
const identity = {
  name: 'forecasts',
  version: '2.0.0',
  title: 'Forecasts',
  description: 'Weather.',
  websiteUrl: 'https://example.com',
  icons,
};
const forecast = defineTool({
  name: 'forecast',
  description: 'Tomorrow.',
  input: z.object({}),
  icons: [{ src: 'data:image/png;base64,iVBORw0KGgo=' }],
  _meta: { 'com.example/cost': 'free' },
  handler: () => 'sunny',
});
const listed = { icons: [{ src: 'data:image/png;base64,iVBORw0KGgo=' }], _meta: { 'com.example/cost': 'free' } };

let handle: HttpServerHandle;
beforeAll(async () => {
  handle = await serveHttp(new McpServer({ ...identity, tools: [forecast] }), { port: 0, host: '127.0.0.1' });
});
afterAll(() => handle.close());

describe('icons over Streamable HTTP', () => {
  it('SDK v1 (2025-11-25): serverInfo with its icons, and the tool with its icons and _meta', async () => {
    const client = new Client({ name: 'sdk-v1', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(handle.url)));
    try {
      expect(client.getServerVersion()).toStrictEqual(identity);
      const { tools } = await client.listTools();
      expect(tools[0]).toMatchObject({ name: 'forecast', ...listed });
    } finally {
      await client.close();
    }
  });

  it('SDK v2 pinned to 2026-07-28: serverInfo from server/discover, icons and _meta in tools/list', async () => {
    const errors: unknown[] = [];
    const client = createClient({ mode: { pin: '2026-07-28' } }, errors);
    await client.connect(new TransportV2(new URL(handle.url)));
    try {
      expect(client.getProtocolEra()).toBe('modern');
      expect(client.getServerVersion()).toStrictEqual(identity);
      const { tools } = await client.listTools();
      expect(tools[0]).toMatchObject({ name: 'forecast', ...listed });
      expect(errors).toStrictEqual([]);
    } finally {
      await client.close();
    }
  });
});
