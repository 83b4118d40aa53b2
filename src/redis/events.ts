// Server events shared by every instance through Redis pub/sub: a change published on one instance
// reaches the listen streams (and 2025 channels) held by all of them, once each.
import { randomUUID } from 'node:crypto';
import { memoryEvents, type EventBus, type ServerEvent } from '../core/events.js';
import { connectStore, type RedisConnectOptions } from './client.js';
import { reportingOutagesOnce } from '../core/tasks/store.js';

export interface RedisEventBus extends EventBus {
  /** Stops listening and closes the connections this bus opened. */
  close(): Promise<void>;
}

/**
 * An EventBus on Redis pub/sub (channel `<prefix>events`). An event is delivered to this process's
 * listeners at once and published for the others; each instance ignores its own echo, so every
 * listener hears each event once. Pub/sub keeps nothing: an instance that is disconnected from
 * Redis when an event is published does not hear it (a listen stream is a live feed, not a log).
 */
export async function redisEvents(options: RedisConnectOptions): Promise<RedisEventBus> {
  const { redis: connection, report } = await connectStore(options, 'redisEvents', 'redis events');
  const origin = randomUUID();
  const channel = `${connection.prefix}events`;
  const local = memoryEvents(report);
  let closed = false;
  const onMessage = (message: string) => {
    let parsed: { o?: unknown; e?: ServerEvent } | null;
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return report(new Error(`redisEvents: ignored a message on ${channel} that is not JSON`));
    }
    if (parsed === null || parsed.o === origin || parsed.e === undefined || typeof parsed.e.type !== 'string') return;
    local.publish(parsed.e);
  };
  try {
    await connection.subscribe(channel, onMessage);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return {
    publish(event) {
      local.publish(event);
      if (closed) return;
      connection
        .command(['PUBLISH', channel, JSON.stringify({ o: origin, e: event })])
        .catch(reportingOutagesOnce(report));
    },
    subscribe: (listener) => local.subscribe(listener),
    unavailable: () => connection.unavailable(),
    async close() {
      closed = true;
      await connection.close();
    },
  };
}
