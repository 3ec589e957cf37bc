import type { Redis } from 'ioredis';

interface RedisLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

/** How long start-up waits for Redis before serving with the process's own counters. */
const FIRST_CONNECT_WAIT_MS = 5_000;

/**
 * The client behind the shared throttle counters (REDIS_URL). Commands fail at once while Redis is
 * unreachable (no offline queue), so a request never waits on it: the throttle counts in the
 * process's own tables meanwhile (throttle.ts) and goes back to Redis when the client has reconnected.
 * Resolves once connected, or after FIRST_CONNECT_WAIT_MS with the client still trying.
 */
export const connectRedis = async (url: string, log: RedisLog): Promise<Redis> => {
  // Loaded only when REDIS_URL is set: a hub without Redis does not carry the client (docs/performance.md, memory).
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  const where = { redis: new URL(url).host };
  // One line per outage, not one per reconnection attempt.
  let up = false;
  redis.on('ready', () => {
    if (!up) log.info(where, 'redis connected: throttle counters are shared');
    up = true;
  });
  redis.on('error', (error: Error) => {
    if (up)
      log.warn({ ...where, error: error.message }, 'redis unreachable: throttles count in this process');
    up = false;
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      log.warn(where, 'redis not reachable yet: throttles count in this process until it is');
      resolve();
    }, FIRST_CONNECT_WAIT_MS);
    timer.unref();
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
};

/** Ends the connection: politely when it is up, at once when it is not. */
export const closeRedis = async (redis: Redis) => {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
};
