import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type HubApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type HubDatabase, openDatabase } from '../storage/database.js';
import { migrateToLatest } from '../storage/migrate.js';
import { seedAccount } from './accounts.js';
import { createTestClock, type TestHub } from './app.js';
import { createTestDatabaseUrl } from './database-url.js';
import { testHubEnv } from './hub-env.js';
import { testRedisUrl } from './redis.js';

/**
 * Two hubs, as two processes behind a load balancer: each its own app, database pool and Redis
 * connection, on one PostgreSQL database of the file's own and one Redis (under a key prefix of the
 * file's own, whose keys it deletes afterwards: the Redis is shared). `env` is added to both hubs'
 * configuration. Read the fields inside hooks and tests.
 */
export const useTwoHubs = (env: Record<string, string>) => {
  const prefix = `hub-test-${randomBytes(4).toString('hex')}:`;
  const clock = createTestClock();
  const running = {
    prefix,
    clock,
    hubs: [] as HubApp[],
    databases: [] as HubDatabase[],
    redis: undefined as unknown as Redis,
  };
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const created = await createTestDatabaseUrl('postgres');
    drop = created.drop;
    const config = loadConfig({
      APP_ENV: 'local',
      LOG_LEVEL: 'silent',
      REDIS_URL: testRedisUrl,
      REDIS_KEY_PREFIX: prefix,
      ...testHubEnv,
      ...env,
    });
    for (let i = 0; i < 2; i += 1) {
      const database = openDatabase(created.url, { poolSize: 5 });
      running.databases.push(database);
      if (i === 0) await migrateToLatest(database);
      const built = await buildApp({ config, database, now: clock.now, logger: false });
      await built.app.ready();
      running.hubs.push(built);
    }
    running.redis = new Redis(testRedisUrl);
  });
  afterAll(async () => {
    for (const hub of running.hubs) await hub.app.close();
    for (const database of running.databases) await database.close();
    await drop?.();
    if (running.redis) {
      const keys = await running.redis.keys(`${prefix}*`);
      if (keys.length > 0) await running.redis.del(...keys);
      running.redis.disconnect();
    }
  });
  // The same object the hooks fill (not a copy): `redis` is set once connected.
  return Object.assign(running, {
    /** Seeds an account through hub A's database (both read the same one). */
    seed: (email: string) =>
      seedAccount(
        { hub: running.hubs[0]!.hub, database: running.databases[0]!, clock } as unknown as TestHub,
        { email },
      ),
  });
};
