import { randomBytes } from 'node:crypto';
import { authEndpoints } from '@hub/core';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type HubApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type HubDatabase, openDatabase } from '../storage/database.js';
import { migrateToLatest } from '../storage/migrate.js';
import { seedAccount } from '../test-support/accounts.js';
import { createTestClock, type TestHub } from '../test-support/app.js';
import { solveSignInChallenge } from '../test-support/challenge.js';
import { TestBrowser } from '../test-support/client.js';
import { createTestDatabaseUrl } from '../test-support/database-url.js';
import { postgresAndRedisReachable, testRedisUrl } from '../test-support/redis.js';

/**
 * Credential stuffing across two hubs, as two processes behind a load balancer: each its own app,
 * database pool and Redis connection, on one PostgreSQL database and one Redis (a key prefix of
 * the test's own). Accounts tried through either count in one bucket, and a challenge solved for
 * one is taken once by both.
 */

const canRun = await postgresAndRedisReachable();
const ORIGIN = 'http://localhost:3000';

describe.skipIf(!canRun)('credential stuffing across two hubs on one PostgreSQL and one Redis', () => {
  const prefix = `hub-test-${randomBytes(4).toString('hex')}:`;
  const clock = createTestClock();
  let drop: () => Promise<void>;
  const databases: HubDatabase[] = [];
  const hubs: HubApp[] = [];
  let redis: Redis;

  beforeAll(async () => {
    const created = await createTestDatabaseUrl('postgres');
    drop = created.drop;
    const config = loadConfig({
      APP_ENV: 'local',
      LOG_LEVEL: 'silent',
      REDIS_URL: testRedisUrl,
      REDIS_KEY_PREFIX: prefix,
      SIGN_IN_CHALLENGE: 'on',
    });
    for (let i = 0; i < 2; i += 1) {
      const database = openDatabase(created.url, { poolSize: 5 });
      databases.push(database);
      if (i === 0) await migrateToLatest(database);
      const built = await buildApp({ config, database, now: clock.now, logger: false });
      await built.app.ready();
      hubs.push(built);
    }
    redis = new Redis(testRedisUrl);
  });
  afterAll(async () => {
    for (const hub of hubs) await hub.app.close();
    for (const database of databases) await database.close();
    await drop?.();
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });

  /** One browser (its cookies) whose requests go to hub A or hub B. */
  const browsers = (ip: string) => {
    const a = new TestBrowser(hubs[0]!.app, ORIGIN, ip);
    const b = new TestBrowser(hubs[1]!.app, ORIGIN, ip);
    const share = (from: TestBrowser, to: TestBrowser) => {
      for (const [name, value] of from.cookies) to.cookies.set(name, value);
    };
    return {
      through: (i: number) => {
        const [from, to] = i % 2 === 0 ? [b, a] : [a, b];
        share(from, to);
        return to;
      },
    };
  };
  const identify = (browser: TestBrowser, account: string, headers: Record<string, string> = {}) =>
    browser.post(authEndpoints.loginIdentify, { platform: 'psl', account }, headers);

  it('counts the accounts tried through both hubs in one bucket, and takes a solved challenge once', async () => {
    const email = 'shared-victim@example.ph';
    await seedAccount({ hub: hubs[0]!.hub, database: databases[0]!, clock } as unknown as TestHub, { email });
    const attacker = browsers('198.51.100.9');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push((await identify(attacker.through(i), `shared-${i}@example.ph`)).statusCode);
    expect(statuses).toEqual(Array(10).fill(404));
    // The 11th, through either hub, must solve a challenge.
    expect((await identify(attacker.through(0), email)).json().code).toBe('challenge.required');
    expect((await identify(attacker.through(1), email)).json().code).toBe('challenge.required');

    const solved = await solveSignInChallenge(attacker.through(0));
    expect((await identify(attacker.through(1), email, solved.header)).statusCode).toBe(200);
    // Replayed on the other hub, or on the same: refused.
    const replays = await Promise.all([
      identify(attacker.through(0), email, solved.header),
      identify(attacker.through(1), email, solved.header),
    ]);
    expect(replays.map((res) => `${res.statusCode} ${res.json().code}`)).toEqual([
      '403 challenge.invalid',
      '403 challenge.invalid',
    ]);
    // Two racing uses of one fresh solution on both hubs: one wins.
    const fresh = await solveSignInChallenge(attacker.through(0));
    const race = await Promise.all([
      identify(attacker.through(0), email, fresh.header),
      identify(attacker.through(1), email, fresh.header),
    ]);
    expect(race.map((res) => res.statusCode).sort()).toEqual([200, 403]);

    const keys = await redis.keys(`${prefix}*`);
    expect(keys.some((key) => key.startsWith(`${prefix}stuffing_ip_accounts:`))).toBe(true);
    for (const key of keys) {
      expect(key).not.toContain('198.51.100');
      expect(key).not.toContain('@example.ph');
    }
  });
});
