// zod-mcp/redis: tasks, change events, rate limits and used DPoP proofs shared by every instance behind a
// load balancer, in Redis (the optional peer dependency @redis/client, loaded when a store is made from a URL).
export { redisDpopReplay, type RedisDpopReplay } from './redis/dpop-replay.js';
export { redisEvents, type RedisEventBus } from './redis/events.js';
export { redisRateLimits, type RedisRateLimitStore } from './redis/rate-limits.js';
export { redisTaskStore, type RedisTaskStore, type RedisTaskStoreOptions } from './redis/tasks.js';
export type { RedisClientLike, RedisConnectOptions } from './redis/client.js';
