// The DPoP replay store in Redis, shared by every instance: a proof's key set with NX and an expiry,
// so that the first instance to see a proof spends it and every other refuses it. In an outage a
// proof cannot be spent: it fails closed (the request is answered 503, and may be tried again).
import { createHash } from 'node:crypto';
import type { DpopReplayStore } from '../core/auth.js';
import { connectStore, type RedisConnectOptions } from './client.js';

export interface RedisDpopReplay extends DpopReplayStore {
  /** Closes the connection this store opened (a client of your own is left open). */
  close(): Promise<void>;
}

/** Used proofs under `<prefix>dpop:<sha256 of the proof's key and jti>`, each kept until it would expire. */
export async function redisDpopReplay(options: RedisConnectOptions): Promise<RedisDpopReplay> {
  const { redis } = await connectStore(options, 'redisDpopReplay', 'redis dpop replay');
  return {
    async use(key, expiresAt) {
      const id = createHash('sha256').update(key).digest('base64url');
      const ttl = Math.max(1, Math.ceil(expiresAt - Date.now()));
      const set = await redis.command<string | null>(['SET', `${redis.prefix}dpop:${id}`, '1', 'PX', ttl, 'NX']);
      return set === 'OK';
    },
    close: () => redis.close(),
  };
}
