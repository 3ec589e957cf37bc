import { authEndpoints, linkingEndpoints } from '@hub/core';
import SqliteDatabase from 'better-sqlite3';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { issueAinfo } from '../sso/ainfo.js';
import { seedAccount } from '../test-support/accounts.js';
import { buildTestHub, createTestClock, type TestHub } from '../test-support/app.js';
import { browserFor, latestCode, strongPassword, type TestBrowser } from '../test-support/client.js';
import { createTestDatabaseUrl } from '../test-support/database-url.js';
import { strayFlow } from '../test-support/flows.js';
import { startTcpProxy, type TcpProxy } from '../test-support/tcp-proxy.js';
import { registerTools } from '../test-support/tools.js';
import { type HubDatabase, openDatabase } from './database.js';
import { ConnectionFault, isDatabaseUnavailable, unusablePreparedStatement } from './faults.js';
import { createFlowQueries } from './flows.js';
import { migrateToLatest } from './migrate.js';

/** Small limits, so a test waits on a silent database for a second or two, not for the defaults. */
const timeouts = { connectMs: 1_000, acquireMs: 1_000, statementMs: 1_000 };

/** The real app on `url`, opened with `timeouts`; the database was migrated beforehand. */
const hubOn = async (url: string, options: { poolSize?: number; timeouts: Partial<typeof timeouts> }) => {
  const database = openDatabase(url, options);
  const config = loadConfig({ APP_ENV: 'local', LOG_LEVEL: 'silent', RATE_LIMIT_SCALE: '1000' });
  const clock = createTestClock(Date.now());
  return buildTestHub(database, config, clock);
};

/** A sign-up or reset for `account`, started and its mailed code verified: the flow id, ready to finalize. */
const verifiedFlow = async (
  hub: TestHub,
  browser: TestBrowser,
  flow: 'signup' | 'reset',
  account: string,
) => {
  const started = await browser.post(authEndpoints[`${flow}Start`], { platform: 'psl', account });
  expect(started.statusCode).toBe(200);
  const { flowId } = started.json();
  const code = await latestCode(hub, account);
  expect((await browser.post(authEndpoints[`${flow}Verify`], { flowId, code })).statusCode).toBe(200);
  return flowId as string;
};

const migrated = async (url: string) => {
  const database = openDatabase(url);
  try {
    await migrateToLatest(database);
  } finally {
    await database.close();
  }
};

/** A 503 as every request answers while the database is away: the catalogue code, a retry, no caching. */
const expectUnavailable = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({
    code: 'service.unavailable',
    message: 'The service is busy right now. Please try again in a moment.',
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.headers['cache-control']).toBe('no-store');
};

const signupStart = (hub: TestHub, email: string, ip: string) =>
  browserFor(hub, ip).post(authEndpoints.signupStart, { platform: 'psl', account: email });

describe('database timeouts and fault classification', () => {
  it('reads the three timeouts, with defaults of a few seconds, and refuses a value that is not one', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({
      connectMs: 5_000,
      acquireMs: 5_000,
      statementMs: 5_000,
    });
    const set = loadConfig({
      DATABASE_CONNECT_TIMEOUT_MS: '1500',
      DATABASE_ACQUIRE_TIMEOUT_MS: '2500',
      DATABASE_STATEMENT_TIMEOUT_MS: '3500',
    });
    expect(set.databaseTimeouts).toEqual({ connectMs: 1_500, acquireMs: 2_500, statementMs: 3_500 });
    for (const value of ['soon', '0', '-1', '1.5', '3600000']) {
      expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: value })).toThrow(
        /DATABASE_STATEMENT_TIMEOUT_MS/,
      );
    }
  });

  it('counts the database being away, lost, busy or slow as unavailable, and nothing else', () => {
    const coded = (code: string) => Object.assign(new Error(code), { code });
    for (const code of [
      '57P01',
      '57014',
      '08006',
      '53300',
      '40001',
      'ECONNREFUSED',
      'ECONNRESET',
      'SQLITE_BUSY',
      'SQLITE_BUSY_SNAPSHOT',
      'SQLITE_LOCKED',
    ]) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new ConnectionFault('lost'))).toBe(true);
    for (const code of ['23505', '42P01', '22P02', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR']) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('tells a stale prepared statement by the server routine that refused it, in any language', () => {
    const refusal = (code: string, message: string, routine?: string) =>
      Object.assign(new Error(message), { code, routine });
    expect(unusablePreparedStatement(refusal('0A000', 'cached plan must not change result type'))).toBe(
      'schema',
    );
    expect(
      unusablePreparedStatement(
        refusal(
          '0A000',
          'le plan en cache ne doit pas modifier le type de résultat',
          'RevalidateCachedQuery',
        ),
      ),
    ).toBe('schema');
    expect(unusablePreparedStatement(refusal('0A000', 'another feature not supported'))).toBeUndefined();
    expect(unusablePreparedStatement(refusal('26000', 'prepared statement "hub_1" does not exist'))).toBe(
      'pooler',
    );
    expect(unusablePreparedStatement(refusal('42P05', 'prepared statement "hub_1" already exists'))).toBe(
      'pooler',
    );
    expect(unusablePreparedStatement(refusal('23505', 'duplicate key'))).toBeUndefined();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'PostgreSQL faults, through a proxy of the test’s own',
  () => {
    let proxy: TcpProxy;
    let hub: TestHub;
    /** The same database, straight (not through the proxy): what a test checks is really there. */
    let direct: HubDatabase;
    let admin: pg.Client;
    let databaseName: string;
    let drop: () => Promise<void>;
    let n = 0;
    const email = () => `fault${n}@example.ph`;
    const ip = () => `192.0.2.${n}`;

    beforeAll(async () => {
      const created = await createTestDatabaseUrl('postgres');
      drop = created.drop;
      databaseName = new URL(created.url).pathname.slice(1);
      await migrated(created.url);
      direct = openDatabase(created.url, { poolSize: 2 });
      const target = new URL(created.url);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      hub = await hubOn(proxy.urlFor(created.url), { poolSize: 5, timeouts });
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
    });
    afterAll(async () => {
      await hub?.close();
      await proxy?.close();
      await direct?.close();
      await admin?.end();
      await drop?.();
    });

    /** Ends every backend of this test's own database (the hub's, whatever they are doing). */
    const terminateBackends = () =>
      admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      );

    const serving = async () => {
      await vi.waitFor(async () => expect((await hub.app.inject('/readyz')).statusCode).toBe(200), {
        timeout: 15_000,
        interval: 100,
      });
    };

    it('lives through its connections ended under load, answers 503 (never 500), and serves again', async () => {
      n += 1;
      const statuses: number[] = [];
      let running = true;
      const load = Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const res =
            i % 4 === 3
              ? await hub.app.inject('/.well-known/jwks.json')
              : await signupStart(hub, `load${i}@example.ph`, `192.0.2.${100 + (i % 50)}`);
          statuses.push(res.statusCode);
          if (res.statusCode !== 200) expectUnavailable(res);
        }),
      ).finally(() => {
        running = false;
      });
      // Backends ended while requests are mid-query, mid-transaction and idle in the pool, then the
      // connections cut as a failover or a restart cuts them.
      let faults = 0;
      while (running || faults < 3) {
        await terminateBackends();
        if (faults % 2 === 1) proxy.cut();
        faults += 1;
      }
      await load;
      expect(statuses).toHaveLength(40);
      await serving();
      const res = await signupStart(hub, email(), ip());
      expect(res.statusCode).toBe(200);
    });

    it('answers 503 on a silent network within its timeouts (/readyz 503, /healthz 200), then serves again', async () => {
      n += 1;
      proxy.pause();
      try {
        expect((await hub.app.inject('/healthz')).statusCode).toBe(200);
        const ready = await hub.app.inject('/readyz');
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ status: 'unavailable' });
        // In parallel: more requests than the pool has connections, all answered.
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            signupStart(hub, `silent${i}@example.ph`, `192.0.2.${200 + i}`),
          ),
        );
        for (const res of answers) expectUnavailable(res);
        expectUnavailable(await hub.app.inject('/.well-known/jwks.json'));
        // The mail worker's run fails as a run, and the process goes on.
        await expect(hub.mailWorker.runOnce()).rejects.toMatchObject({ code: 'service.unavailable' });
      } finally {
        proxy.resume();
      }
      await serving();
      expect((await signupStart(hub, email(), ip())).statusCode).toBe(200);
      await expect(hub.mailWorker.runOnce()).resolves.toBeDefined();
    });

    it('leaves no account when a sign-up finalize is cut after the account’s insert, and finishes on a retry', async () => {
      n += 1;
      const browser = browserFor(hub, ip());
      const flowId = await verifiedFlow(hub, browser, 'signup', email());

      const cut = proxy.cutAfterAnswerTo('insert into "accounts"');
      expectUnavailable(
        await browser.post(authEndpoints.signupFinalize, { flowId, password: strongPassword }),
      );
      await cut;
      const accounts = await direct.db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', email())
        .execute();
      expect(accounts).toEqual([]);
      const flow = await direct.db
        .selectFrom('flows')
        .select('state')
        .where('id', '=', flowId)
        .executeTakeFirst();
      expect(flow?.state).toBe('verified');

      const done = await browser.post(authEndpoints.signupFinalize, { flowId, password: strongPassword });
      expect(done.statusCode).toBe(200);
      const account = await direct.db
        .selectFrom('accounts')
        .select(['id', 'password_hash'])
        .where('email', '=', email())
        .executeTakeFirstOrThrow();
      expect(account.password_hash).toBeTruthy();
      const memberships = await direct.db
        .selectFrom('platform_memberships')
        .select('platform')
        .where('account_id', '=', account.id)
        .execute();
      expect(memberships).toEqual([{ platform: 'psl' }]);
    });

    it('keeps the old password when a reset finalize is cut after the password’s update, and finishes on a retry', async () => {
      n += 1;
      const accountId = await seedAccount(hub, { email: email() });
      const hashOf = async () =>
        (
          await direct.db
            .selectFrom('accounts')
            .select('password_hash')
            .where('id', '=', accountId)
            .executeTakeFirstOrThrow()
        ).password_hash;
      const before = await hashOf();
      const browser = browserFor(hub, ip());
      const flowId = await verifiedFlow(hub, browser, 'reset', email());

      const password = 'Rizal-Park-2026!';
      const cut = proxy.cutAfterAnswerTo('update "accounts"');
      expectUnavailable(await browser.post(authEndpoints.resetFinalize, { flowId, password }));
      await cut;
      expect(await hashOf()).toBe(before);
      const flow = await direct.db
        .selectFrom('flows')
        .select('state')
        .where('id', '=', flowId)
        .executeTakeFirst();
      expect(flow?.state).toBe('verified');

      expect((await browser.post(authEndpoints.resetFinalize, { flowId, password })).statusCode).toBe(200);
      expect(await hashOf()).not.toBe(before);
    });

    it('leaves no link when linking is cut after the link’s insert, and links on a retry', async () => {
      n += 1;
      const parentPassword = 'Owner-Password-77';
      const child = await seedAccount(hub, { email: `child${n}@example.ph`, platforms: ['biz'] });
      await seedAccount(hub, { email: `owner${n}@example.ph`, platforms: ['biz'], password: parentPassword });
      const browser = browserFor(hub, ip());
      const identified = await browser.post(authEndpoints.loginIdentify, {
        platform: 'biz',
        account: `child${n}@example.ph`,
      });
      const signedIn = await browser.post(authEndpoints.loginPassword, {
        flowId: identified.json().flowId,
        password: strongPassword,
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const linking = await browser.post(linkingEndpoints.linkingIdentify, {
        platform: 'biz',
        account: `owner${n}@example.ph`,
      });
      expect(linking.statusCode, linking.body).toBe(200);
      const { flowId } = linking.json();
      const linksOf = () =>
        direct.db.selectFrom('account_links').select('kind').where('child_account_id', '=', child).execute();

      const cut = proxy.cutAfterAnswerTo('insert into "account_links"');
      expectUnavailable(
        await browser.post(linkingEndpoints.linkingPassword, { flowId, password: parentPassword }),
      );
      await cut;
      expect(await linksOf()).toEqual([]);

      const done = await browser.post(linkingEndpoints.linkingPassword, {
        flowId,
        password: parentPassword,
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(await linksOf()).toEqual([{ kind: 'parent' }]);
    });

    it('leaves an ainfo unredeemed when its redemption is cut after the update, so the tool gets its answer on a retry', async () => {
      n += 1;
      const { 301: credential } = await registerTools(hub, [[301, 'Fault Tool']]);
      const accountId = await seedAccount(hub, { email: email() });
      const ainfo = await issueAinfo(
        { db: hub.database.db, keys: hub.hub.keys, issuer: hub.config.publicUrl, now: hub.clock.now },
        { accountId, accountType: 'psl', platform: 'psl', authMethod: 'password' },
        { kind: 'tool', tid: 301 },
      );
      const redeem = (token = ainfo) =>
        hub.app.inject({
          method: 'POST',
          url: '/api/tools/ainfo/redeem',
          payload: { ainfo: token },
          headers: { authorization: `Bearer ${credential}` },
        });

      const cut = proxy.cutAfterAnswerTo('update "issued_tokens"');
      expectUnavailable(await redeem());
      await cut;
      const token = await direct.db
        .selectFrom('issued_tokens')
        .select('redeemed_at')
        .executeTakeFirstOrThrow();
      expect(token.redeemed_at).toBeNull();

      const retried = await redeem();
      expect(retried.statusCode).toBe(200);
      expect(retried.json().account).toMatchObject({ aid: accountId, email: email() });
      expect((await redeem()).json().code).toBe('token.redeemed');

      // The redemption's transaction still lets exactly one of many parallel redeems through.
      const another = await issueAinfo(
        { db: hub.database.db, keys: hub.hub.keys, issuer: hub.config.publicUrl, now: hub.clock.now },
        { accountId, accountType: 'psl', platform: 'psl', authMethod: 'password' },
        { kind: 'tool', tid: 301 },
      );
      const answers = await Promise.all(Array.from({ length: 10 }, () => redeem(another)));
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((res) => res.json().code === 'token.redeemed')).toHaveLength(9);
    });
  },
);

describe('SQLite held by another process', () => {
  let hub: TestHub;
  let other: SqliteDatabase.Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabaseUrl('sqlite');
    drop = created.drop;
    await migrated(created.url);
    hub = await hubOn(created.url, { timeouts: { acquireMs: 200 } });
    other = new SqliteDatabase(created.url.slice('sqlite:'.length));
  });
  afterAll(async () => {
    other?.close();
    await hub?.close();
    await drop?.();
  });

  it('answers 503 while another connection holds the write lock, and serves once it lets go', async () => {
    other.exec('begin immediate');
    try {
      expectUnavailable(await signupStart(hub, 'busy@example.ph', '192.0.2.1'));
    } finally {
      other.exec('rollback');
    }
    expect((await signupStart(hub, 'busy@example.ph', '192.0.2.1')).statusCode).toBe(200);
  });

  it('answers a precompiled write, which skips Kysely on SQLite, with service.unavailable too', async () => {
    const flows = createFlowQueries(hub.database.db);
    other.exec('begin immediate');
    try {
      await expect(flows.insert(hub.database.db, strayFlow('held-write'))).rejects.toMatchObject({
        code: 'service.unavailable',
      });
      // Readers are not held back by a writer (WAL): the read still answers.
      expect(await flows.findById('held-write')).toBeUndefined();
    } finally {
      other.exec('rollback');
    }
    await flows.insert(hub.database.db, strayFlow('held-write'));
    expect(await flows.findById('held-write')).toMatchObject({ id: 'held-write' });
  });
});
