// The official SDK v2 client over Streamable HTTP, in each era, against the demo tools.
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledServer, selectSet } from '../../../src/bundled/sets.js';
import { serveHttp, type HttpServerHandle } from '../../../src/node.js';
import { NEGOTIATIONS, createClient, exerciseDemoTools, realErrors } from '../../helpers/sdk-v2.js';

let handle: HttpServerHandle;

beforeAll(async () => {
  handle = await serveHttp(bundledServer(await selectSet('demo')), { port: 0, host: '127.0.0.1' });
});
afterAll(() => handle.close());

describe.each(NEGOTIATIONS)('SDK v2 client over HTTP, %s', (_name, negotiation, era) => {
  it(`speaks the ${era} era and lists, calls, reports progress and cancels`, async () => {
    const errors: unknown[] = [];
    const client = createClient(negotiation, errors);
    await client.connect(new StreamableHTTPClientTransport(new URL(handle.url)));
    try {
      expect(client.getProtocolEra()).toBe(era);
      expect(client.getNegotiatedProtocolVersion()).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');
      expect(client.getServerVersion()).toMatchObject({ name: 'zod-mcp', version: '0.1.0' });
      await exerciseDemoTools(client);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(realErrors(errors)).toStrictEqual([]);
    } finally {
      await client.close();
    }
  });
});
