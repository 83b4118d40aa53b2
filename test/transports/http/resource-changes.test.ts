// Resource updates and list changes reaching the official clients: the SDK v1 client through a 2025
// session (resources/subscribe, the GET stream) and the SDK v2 client pinned to 2026 (subscriptions/listen).
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpServer, definePrompt, defineResource } from '../../../src/index.js';
import { serveHttp, type HttpServerHandle } from '../../../src/node.js';

const config = defineResource({
  uri: 'file:///project/config.json',
  name: 'config',
  mimeType: 'application/json',
  read: () => '{"debug":false}',
});
const extra = defineResource({ uri: 'file:///project/extra.txt', name: 'extra', read: () => 'extra' });
const hello = definePrompt({ name: 'hello', description: 'Says hello.', get: () => 'Hello!' });

let server: McpServer;
let handle: HttpServerHandle;

beforeAll(async () => {
  server = new McpServer({ name: 'changes', version: '1.0.0', resources: [config], prompts: [] });
  handle = await serveHttp(server, { port: 0, host: '127.0.0.1' });
});
afterAll(() => handle.close());

/** Resolves once `check` holds, polling; fails after 5 s. */
async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 5000) throw new Error('timed out waiting for notifications');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('resource changes reach the official clients', () => {
  it('SDK v1 (2025): resources/subscribe, then updates of that URI and list changes on the session stream', async () => {
    const client = new ClientV1({ name: 'v1', version: '1.0.0' });
    const seen: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void seen.push(`updated ${n.params.uri}`));
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void seen.push('resources changed'));
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => void seen.push('prompts changed'));
    await client.connect(new TransportV1(new URL(handle.url)));
    try {
      expect(client.getServerCapabilities()).toMatchObject({
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
      });
      await client.subscribeResource({ uri: config.uri });
      await new Promise((resolve) => setTimeout(resolve, 100)); // the GET stream opens after initialized
      server.notifyResourceUpdated(config.uri);
      server.notifyResourceUpdated(extra.uri);
      server.addResource(extra);
      server.addPrompt(hello);
      await until(() => seen.length >= 3);
      expect(seen).toStrictEqual([`updated ${config.uri}`, 'resources changed', 'prompts changed']);
      expect((await client.listResources()).resources.map((r) => r.uri)).toStrictEqual([config.uri, extra.uri]);
    } finally {
      server.removeResource(extra.uri);
      server.removePrompt(hello.name);
      await client.close();
    }
  });

  it('SDK v2 pinned to 2026: a listen stream for the URI and the lists hears exactly those', async () => {
    const client = new ClientV2(
      { name: 'v2', version: '2.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const errors: unknown[] = [];
    client.onerror = (error) => errors.push(error);
    const seen: string[] = [];
    client.setNotificationHandler('notifications/resources/updated', (n) => void seen.push(`updated ${n.params.uri}`));
    client.setNotificationHandler('notifications/resources/list_changed', () => void seen.push('resources changed'));
    client.setNotificationHandler('notifications/prompts/list_changed', () => void seen.push('prompts changed'));
    await client.connect(new TransportV2(new URL(handle.url)));
    try {
      const subscription = await client.listen({
        resourceSubscriptions: [config.uri],
        resourcesListChanged: true,
        toolsListChanged: true,
      });
      expect(subscription.honoredFilter).toStrictEqual({
        toolsListChanged: true,
        resourcesListChanged: true,
        resourceSubscriptions: [config.uri],
      });
      server.notifyResourceUpdated(extra.uri);
      server.notifyResourceUpdated(config.uri);
      server.addPrompt(hello); // not asked for
      server.addResource(extra);
      await until(() => seen.length >= 2);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).toStrictEqual([`updated ${config.uri}`, 'resources changed']);
      await subscription.close();
      expect(await subscription.closed).toBe('local');
      expect(errors).toStrictEqual([]);
    } finally {
      server.removeResource(extra.uri);
      server.removePrompt(hello.name);
      await client.close();
    }
  });
});
