// The task lifecycle suite on redisTaskStore against a real redis-server: the same frames, statuses
// and races as the memory store; each test on a prefix of its own.
import { afterAll, beforeAll } from 'vitest';
import { describeWith } from '../helpers/binaries.js';
import { redisTaskStore } from '../../src/redis.js';
import { taskLifecycleSuite } from '../core/tasks/lifecycle-suite.js';
import { startRedis, type RedisServer } from '../helpers/redis.js';

describeWith('redis-server')('on a real redis-server', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());

  let run = 0;
  taskLifecycleSuite('redis', async (options) =>
    redisTaskStore({ url: redis.url, prefix: `lifecycle${++run}:`, ...options }),
  );
});
