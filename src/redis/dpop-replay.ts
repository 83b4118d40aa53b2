// The DPoP replay store in Redis, shared by every instance: a proof's key set with NX and an expiry,
// so that the first instance to see a proof spends it and every other refuses it. In an outage a
// proof cannot be spent: it fails closed (the request is answered 503, and may be tried again).
import { createHash } from 'node:crypto';
import { optionKeys, refuseUnknownOptions } from '../core/options.js';
import type { DpopReplayStore } from '../core/auth.js';
import { connectRedis, type RedisConnectOptions } from './client.js';

export interface RedisDpopReplay extends DpopReplayStore {
  /** Closes the connection this store opened (a client of your own is left open). */
  close(): Promise<void>;
}

const STORE_OPTIONS = optionKeys<RedisConnectOptions>({
  url: true,
  client: true,
  prefix: true,
  onError: true,
  commandTimeoutMs: true,
});

/** Used proofs under `<prefix>dpop:<sha256 of the proof's key and jti>`, each kept until it would expire. */
export async function redisDpopReplay(options: RedisConnectOptions): Promise<RedisDpopReplay> {
  refuseUnknownOptions('redisDpopReplay', options, STORE_OPTIONS);
  const report =
    options.onError ??
    ((error: unknown) =>
      process.stderr.write(`zod-mcp: redis dpop replay: ${(error as Error)?.message ?? String(error)}\n`));
  const redis = await connectRedis(
    { ...options, onError: report },
    'redisDpopReplay',
    options.onError === undefined ? report : undefined,
  );
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
