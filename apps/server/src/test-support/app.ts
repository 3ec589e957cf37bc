import type { FastifyInstance } from 'fastify';
import { buildApp, type HubApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { HubDatabase } from '../storage/database.js';
import { createTestDatabase, type TestDialect } from './databases.js';

export interface TestClock {
  now: () => number;
  advance: (ms: number) => void;
  set: (ms: number) => void;
}

/** A clock that only moves when a test moves it. */
export const createTestClock = (start = Date.UTC(2026, 10, 21, 12, 0, 0)): TestClock => {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
};

export interface TestHub extends Omit<HubApp, 'app'> {
  app: FastifyInstance;
  database: HubDatabase;
  config: Config;
  clock: TestClock;
  close: () => Promise<void>;
}

/** The real app on a fresh database of the given dialect, with an injected clock and no log noise. */
export const createTestHub = async (
  dialect: TestDialect,
  env: Record<string, string> = {},
): Promise<TestHub> => {
  const database = await createTestDatabase(dialect);
  const config = loadConfig({ APP_ENV: 'local', LOG_LEVEL: 'silent', ...env });
  const clock = createTestClock();
  const built = await buildApp({ config, database, now: clock.now, logger: false });
  await built.app.ready();
  const { app } = built;
  return {
    ...built,
    database,
    config,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
};
