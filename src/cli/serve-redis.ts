// `serve --redis URL`: the shared parts it turns on (change events, task records, and rate-limit
// buckets with --rate-limit), each loaded only then; if one cannot be opened, the others are closed.

/** The shared parts --redis turns on; the rate-limit buckets too when there is a --rate-limit. */
export async function openRedis(
  url: string,
  leaseMs: number | undefined,
  commandTimeoutMs: number | undefined,
  rateLimits: boolean,
) {
  const [{ redisEvents }, { redisTaskStore }, { redisRateLimits }] = await Promise.all([
    import('../redis/events.js'),
    import('../redis/tasks.js'),
    import('../redis/rate-limits.js'),
  ]);
  const opened = await Promise.allSettled([
    redisEvents({ url, commandTimeoutMs }),
    redisTaskStore({ url, leaseMs, commandTimeoutMs }),
    ...(rateLimits ? [redisRateLimits({ url, commandTimeoutMs })] : []),
  ]);
  const failed = opened.find((part): part is PromiseRejectedResult => part.status === 'rejected');
  const parts = opened.flatMap((part) => (part.status === 'fulfilled' ? [part.value] : []));
  if (failed !== undefined) {
    await Promise.allSettled(parts.map((part) => part.close()));
    throw failed.reason as Error;
  }
  const [events, store, limits] = parts as [
    Awaited<ReturnType<typeof redisEvents>>,
    Awaited<ReturnType<typeof redisTaskStore>>,
    Awaited<ReturnType<typeof redisRateLimits>> | undefined,
  ];
  return { events, store, limits, close: () => Promise.all(parts.map((part) => part.close())).then(() => undefined) };
}
