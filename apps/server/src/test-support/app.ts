import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp, type HubApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { HubDatabase } from '../storage/database.js';
import { browserFor, type TestBrowser } from './client.js';
import { createTestDatabase, type TestDialect } from './databases.js';
import { type FacebookStandIn, facebookEnv } from './facebook-stand-in.js';
import type { GoogleStandIn } from './google-stand-in.js';
import { testHubEnv } from './hub-env.js';
import type { LogRecord } from './log.js';
import { googleEnv, useFacebookStandIn, useGoogleStandIn } from './social-sign-in.js';

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
  /** The app's log lines, when built with `captureLog` (test-support/log.ts reads them). */
  logLines?: LogRecord[] | undefined;
  close: () => Promise<void>;
}

/**
 * The real app on a fresh database of the given dialect, with an injected clock and no log noise:
 * its log is off, or with `captureLog` kept in memory (from level info) for the test to read.
 */
export const createTestHub = async (
  dialect: TestDialect,
  env: Record<string, string> = {},
  { captureLog = false }: { captureLog?: boolean } = {},
): Promise<TestHub> => {
  const database = await createTestDatabase(dialect);
  // The credential-stuffing challenge off: a describe block signs in to many accounts from one /24;
  // flows/stuffing.test.ts turns it on.
  const config = loadConfig({
    APP_ENV: 'local',
    LOG_LEVEL: 'silent',
    SIGN_IN_CHALLENGE: 'off',
    ...testHubEnv,
    ...env,
  });
  const clock = createTestClock();
  const logLines: LogRecord[] | undefined = captureLog ? [] : undefined;
  const logger = logLines
    ? { level: 'info', stream: { write: (line: string) => logLines.push(JSON.parse(line) as LogRecord) } }
    : false;
  return { ...(await buildTestHub(database, config, clock, logger)), logLines };
};

/**
 * The real app on a database the caller opened (and migrated), ready for requests; closing the
 * hub closes the app and then the database.
 */
export const buildTestHub = async (
  database: HubDatabase,
  config: Config,
  clock: TestClock,
  logger: Parameters<typeof buildApp>[0]['logger'] = false,
): Promise<TestHub> => {
  const built = await buildApp({ config, database, now: clock.now, logger });
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

export interface TestHubOptions {
  /** Configuration on top of the test defaults; a function when it is known only once other hooks ran. */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Rows every test of the block relies on (the catalogue, registered tools), written once. */
  seed?: (hub: TestHub) => Promise<unknown>;
  /** The first three octets of each test's browser address; the fourth is the test's number. */
  network?: string;
  /** Keeps the app's log in memory for the tests to read (test-support/log.ts). */
  captureLog?: boolean;
  /** Starts the Google stand-in before the hub (stopped after it) and points the hub's Google sign-in at it. */
  google?: boolean;
  /** The same for the Facebook stand-in. */
  facebook?: boolean;
}

/** What the tests of one describe block share: a hub, and for each test a number and a browser. */
export interface TestHubContext {
  readonly hub: TestHub;
  /** The hub's database, for what a test looks up or arranges there directly. */
  readonly db: HubDatabase['db'];
  /** 1 in the first test, 2 in the next: a test's own emails. A test moves it on for fresh ones. */
  n: number;
  /** A browser of this test's own (no cookies yet) at `${network}.${n}`. */
  readonly browser: TestBrowser;
  /** The Google stand-in the hub signs in with (setUpTestHub's `google` option). */
  readonly google: GoogleStandIn;
  /** The Facebook stand-in the hub signs in with (setUpTestHub's `facebook` option). */
  readonly facebook: FacebookStandIn;
}

/**
 * Registers the hooks of a describe block that runs against one hub: built (and seeded) before the
 * first test, closed after the last, and a fresh number and browser before each test.
 */
export const setUpTestHub = (dialect: TestDialect, options: TestHubOptions = {}): TestHubContext => {
  let hub: TestHub | undefined;
  let browser: TestBrowser | undefined;
  const standIn = options.google ? useGoogleStandIn() : undefined;
  const facebookStandIn = options.facebook ? useFacebookStandIn() : undefined;
  const context: TestHubContext = {
    get hub() {
      if (!hub) throw new Error('the test hub is built in beforeAll: use it in a hook or a test');
      return hub;
    },
    get db() {
      return context.hub.database.db;
    },
    n: 0,
    get browser() {
      if (!browser) throw new Error('no test browser: give setUpTestHub a network');
      return browser;
    },
    get google() {
      if (!standIn) throw new Error('no Google stand-in: give setUpTestHub google: true');
      return standIn.google;
    },
    get facebook() {
      if (!facebookStandIn) throw new Error('no Facebook stand-in: give setUpTestHub facebook: true');
      return facebookStandIn.facebook;
    },
  };
  beforeAll(async () => {
    const { env, seed } = options;
    const own = typeof env === 'function' ? env() : env;
    const standIns = {
      ...(standIn ? googleEnv(standIn.google) : {}),
      ...(facebookStandIn ? facebookEnv(facebookStandIn.facebook) : {}),
    };
    hub = await createTestHub(
      dialect,
      { ...standIns, ...own },
      {
        captureLog: options.captureLog ?? false,
      },
    );
    await seed?.(hub);
  });
  afterAll(async () => hub?.close());
  beforeEach(() => {
    context.n += 1;
    if (options.network) browser = browserFor(context.hub, `${options.network}.${context.n}`);
  });
  return context;
};
