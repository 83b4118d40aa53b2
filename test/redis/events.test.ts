// redisEvents against a real redis-server: an event published on one bus reaches every bus's
// listeners once, the publisher's own included; two servers sharing it deliver list changes to
// each other's listen streams.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, type ServerEvent } from '../../src/index.js';
import { redisEvents } from '../../src/redis.js';
import { envelope } from '../helpers/eras.js';
import { describeWith } from '../helpers/binaries.js';
import { freePort, startRedis, type RedisServer } from '../helpers/redis.js';

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis?.stop());

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await sleep(10);
  }
  throw new Error(`never: ${what}`);
}

describeWith('redis-server')('redisEvents', () => {
  it('delivers an event once to every listener of every bus', async () => {
    const prefix = `t${Date.now()}:`;
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => redisEvents({ url: redis.url, prefix })));
    const heard: Record<string, ServerEvent[]> = { a: [], b: [], c: [] };
    a!.subscribe((event) => heard.a!.push(event));
    b!.subscribe((event) => heard.b!.push(event));
    c!.subscribe((event) => heard.c!.push(event));
    a!.publish({ type: 'tools/list_changed' });
    b!.publish({ type: 'resources/updated', uri: 'file:///x' });
    await until(() => Object.values(heard).every((events) => events.length === 2), 'every bus heard both events');
    await sleep(50); // nothing more arrives
    for (const events of Object.values(heard)) {
      expect(events.toSorted((x, y) => x.type.localeCompare(y.type))).toStrictEqual([
        { type: 'resources/updated', uri: 'file:///x' },
        { type: 'tools/list_changed' },
      ]);
    }
    // The publisher hears its own event at once, before Redis has carried it anywhere.
    const now: ServerEvent[] = [];
    const stop = c!.subscribe((event) => now.push(event));
    c!.publish({ type: 'prompts/list_changed' });
    expect(now).toStrictEqual([{ type: 'prompts/list_changed' }]);
    stop();
    await Promise.all([a, b, c].map((bus) => bus!.close()));
  });

  it('keeps prefixes apart', async () => {
    const one = await redisEvents({ url: redis.url, prefix: 'one:' });
    const two = await redisEvents({ url: redis.url, prefix: 'two:' });
    const heard: ServerEvent[] = [];
    two.subscribe((event) => heard.push(event));
    one.publish({ type: 'tools/list_changed' });
    await sleep(100);
    expect(heard).toStrictEqual([]);
    await Promise.all([one.close(), two.close()]);
  });

  it('a tool added on one server reaches a listen stream held by another', async () => {
    const prefix = `s${Date.now()}:`;
    const buses = await Promise.all([0, 1].map(() => redisEvents({ url: redis.url, prefix })));
    const [left, right] = buses.map((events) => new McpServer({ name: 's', version: '1', tools: [], events })) as [
      McpServer,
      McpServer,
    ];
    const frames: unknown[] = [];
    const abort = new AbortController();
    const listening = right.handle(
      {
        jsonrpc: '2.0',
        id: 'l',
        method: 'subscriptions/listen',
        params: { notifications: { toolsListChanged: true }, _meta: envelope() },
      },
      { notify: (frame) => void frames.push(frame), signal: abort.signal },
    );
    await until(() => frames.length === 1, 'the acknowledgement');
    left.addTool(defineTool({ name: 'late', description: 'Added later.', input: z.object({}), handler: () => 'ok' }));
    await until(() => frames.length === 2, 'the change');
    expect(frames[1]).toStrictEqual({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'l' } },
    });
    abort.abort();
    expect(await listening).toBeNull();
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it('refuses a url and a client together, and neither', async () => {
    await expect(redisEvents({})).rejects.toThrow('redisEvents: give exactly one of url and client');
  });

  it('says so when Redis cannot be reached, without the password', async () => {
    const port = await freePort(); // nothing listens there
    await expect(
      redisEvents({ url: `redis://user:secret@127.0.0.1:${port}`, onError: () => undefined }),
    ).rejects.toThrow(
      `redisEvents: cannot reach Redis at redis://user:***@127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });
});
