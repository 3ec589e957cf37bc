import { authEndpoints } from '@hub/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { CLEANUP_LEASE, createCleanupJob } from '../services/cleanup-job.js';
import { seedAccount } from '../test-support/accounts.js';
import { buildTestHub, createTestClock, type TestHub } from '../test-support/app.js';
import { runHubCli } from '../test-support/cli.js';
import { browserFor, latestCode, strongPassword } from '../test-support/client.js';
import { createTestDatabaseUrl } from '../test-support/database-url.js';
import { createTestDatabase, testDialects } from '../test-support/databases.js';
import { type HubDatabase, openDatabase } from './database.js';
import { createLeaseQueries } from './leases.js';
import { migrateToLatest } from './migrate.js';
import {
  EXPIRED_GRACE_MS,
  MAIL_RETENTION_MS,
  RETIRED_KEY_RETENTION_MS,
  runRetention,
  WEBHOOK_RETENTION_MS,
} from './retention.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const silent = { info: () => {}, warn: () => {} };

const cli = runHubCli;

/** The per-table counts `hub cleanup` printed. */
const countsIn = (output: string) =>
  Object.fromEntries(
    [...output.matchAll(/^([a-z_]+)\s+(\d+)\s/gm)].map((m) => [m[1]!, Number(m[2])] as [string, number]),
  );

const rowCounts = async (db: HubDatabase['db']) => {
  const tables = [
    'flows',
    'verification_codes',
    'sessions',
    'issued_tokens',
    'mail_outbox',
    'audit_events',
    'accounts',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
};

describe.each(testDialects)('hub cleanup on %s', (dialect) => {
  let url: string;
  let drop: () => Promise<void>;
  let hub: TestHub;

  beforeAll(async () => {
    ({ url, drop } = await createTestDatabaseUrl(dialect));
    const database = openDatabase(url, { poolSize: 3 });
    await migrateToLatest(database);
    const config = loadConfig({ APP_ENV: 'local', LOG_LEVEL: 'silent', DATABASE_URL: url });
    hub = await buildTestHub(database, config, createTestClock());
  });
  afterAll(async () => {
    await hub?.close();
    await drop?.();
  });

  it('deletes what real sign-ins left once it has expired, and audit events after AUDIT_RETENTION_DAYS', async () => {
    const email = 'cleanup@example.ph';
    await seedAccount(hub, { email });
    const browser = browserFor(hub);
    // A sign-in: a flow, a session, an ainfo token and audit events.
    const identified = await browser.post(authEndpoints.loginIdentify, { platform: 'psl', account: email });
    const signedIn = await browser.post(authEndpoints.loginPassword, {
      flowId: identified.json().flowId,
      password: strongPassword,
    });
    expect(signedIn.statusCode).toBe(200);
    // A password reset started: a flow with a code, and the mail that carried it (sent, so its body is gone).
    const reset = await browser.post(authEndpoints.resetStart, { platform: 'psl', account: email });
    expect(reset.statusCode).toBe(200);
    await latestCode(hub, email);

    const db = hub.database.db;
    const before = await rowCounts(db);
    for (const table of [
      'flows',
      'verification_codes',
      'sessions',
      'issued_tokens',
      'mail_outbox',
      'audit_events',
    ])
      expect(before[table], table).toBeGreaterThan(0);
    const env = { DATABASE_URL: url };

    // Nothing has expired long enough yet: a run now deletes nothing.
    const early = await cli(['cleanup'], env, hub.clock.now);
    expect(early.code).toBe(0);
    expect(Object.values(countsIn(early.out)).every((n) => n === 0)).toBe(true);
    expect(await rowCounts(db)).toEqual(before);

    // Past 31 days on, the 30-day session has been expired over a day and the mail was queued over 30 days ago.
    hub.clock.advance(31 * DAY + MINUTE);
    const dry = await cli(['cleanup', '--dry-run'], env, hub.clock.now);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('Dry run: nothing was deleted.');
    expect(countsIn(dry.out)).toMatchObject({
      sessions: before.sessions,
      issued_tokens: before.issued_tokens,
      mail_outbox: before.mail_outbox,
      audit_events: 0,
    });
    expect(await rowCounts(db)).toEqual(before);

    const run = await cli(['cleanup'], env, hub.clock.now);
    expect(run.code).toBe(0);
    const deleted = countsIn(run.out);
    expect(deleted).toMatchObject({
      sessions: before.sessions,
      issued_tokens: before.issued_tokens,
      mail_outbox: before.mail_outbox,
      audit_events: 0,
    });
    // Every code went: by its own expiry, or with its flow.
    expect(deleted.flows).toBe(before.flows);
    expect(await rowCounts(db)).toEqual({
      flows: 0,
      verification_codes: 0,
      sessions: 0,
      issued_tokens: 0,
      mail_outbox: 0,
      audit_events: before.audit_events,
      accounts: before.accounts,
    });

    // Audit events go after AUDIT_RETENTION_DAYS (365 by default); 0 keeps them for ever.
    // 366 days after the sign-in.
    hub.clock.advance(335 * DAY);
    const kept = await cli(['cleanup'], { ...env, AUDIT_RETENTION_DAYS: '0' }, hub.clock.now);
    expect(kept.out).toContain('kept for ever');
    expect(countsIn(kept.out).audit_events).toBeUndefined();
    expect((await rowCounts(db)).audit_events).toBe(before.audit_events);
    const old = await cli(['cleanup'], env, hub.clock.now);
    expect(countsIn(old.out).audit_events).toBe(before.audit_events);
    expect((await rowCounts(db)).audit_events).toBe(0);
  });

  it('refuses an unknown option before it opens the database', async () => {
    const result = await cli(['cleanup', '--everything'], { DATABASE_URL: url }, Date.now);
    expect(result.code).toBe(64);
    expect(result.err).toContain('See: hub cleanup help');
    expect((await cli(['cleanup', 'help'], {}, Date.now)).out).toContain('--dry-run');
  });
});

describe.each(testDialects)('retention rules on %s', (dialect) => {
  let database: HubDatabase;
  const now = Date.UTC(2031, 0, 1);
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => database?.close());

  it('deletes exactly the rows past their retention, in batches, and keeps every other row', async () => {
    const db = database.db;
    const account = 'retention-account';
    await db
      .insertInto('accounts')
      .values({
        id: account,
        email: null,
        email_normalized: null,
        mobile_num: null,
        username: 'retention',
        username_normalized: 'retention',
        password_hash: null,
        home_platform: 'psl',
        user_type: 0,
        u_type: 1,
        verified: 1,
        created_at: now,
        updated_at: now,
        password_changed_at: null,
        password_blocked_until: null,
      })
      .execute();
    const gone = now - EXPIRED_GRACE_MS - 1;
    const kept = now - EXPIRED_GRACE_MS + 1;
    const flow = (id: string, expiresAt: number) => ({
      id,
      kind: 'login',
      state: 'started',
      platform: 'psl' as const,
      account_id: account,
      identifier: null,
      identifier_kind: null,
      context: '{}',
      binding_hash: 'b',
      attempts: 0,
      expires_at: expiresAt,
      created_at: expiresAt - 15 * MINUTE,
      updated_at: expiresAt - 15 * MINUTE,
    });
    // Five expired flows (deleted 2 at a time), one that expired just under a day ago, one open.
    await db
      .insertInto('flows')
      .values([
        ...[1, 2, 3, 4, 5].map((i) => flow(`old-${i}`, gone - i)),
        flow('recent', kept),
        flow('open', now + MINUTE),
      ])
      .execute();
    const code = (id: string, flowId: string, expiresAt: number) => ({
      id,
      flow_id: flowId,
      purpose: 'login',
      code_hash: 'h',
      attempts: 0,
      expires_at: expiresAt,
      consumed_at: null,
      created_at: expiresAt - 10 * MINUTE,
    });
    // A long-expired code of an open flow goes by its own expiry; a younger code of an old flow with the flow.
    await db
      .insertInto('verification_codes')
      .values([
        code('c-expired', 'open', gone),
        code('c-of-old-flow', 'old-1', kept),
        code('c-live', 'open', now + MINUTE),
      ])
      .execute();
    const session = (id: string, expiresAt: number, revokedAt: number | null) => ({
      id,
      account_id: account,
      platform: 'psl' as const,
      auth_method: 'password',
      ip: null,
      user_agent: null,
      created_at: now - 40 * DAY,
      last_seen_at: now - 40 * DAY,
      expires_at: expiresAt,
      revoked_at: revokedAt,
    });
    await db
      .insertInto('sessions')
      .values([
        session('s-expired', gone, null),
        session('s-signed-out', now + 20 * DAY, gone),
        session('s-signed-out-today', now + 20 * DAY, kept),
        session('s-live', now + 20 * DAY, null),
      ])
      .execute();
    await db
      .insertInto('issued_tokens')
      .values([
        { jti: 't-expired', tid: 18, account_id: account, expires_at: gone, redeemed_at: null },
        { jti: 't-recent', tid: 18, account_id: account, expires_at: kept, redeemed_at: gone },
      ])
      .execute();
    const mail = (id: string, status: 'pending' | 'sent' | 'failed', createdAt: number) => ({
      id,
      to_address: 'a@example.ph',
      subject: 's',
      text_body: status === 'pending' ? 'code 123456' : null,
      html_body: status === 'pending' ? '<p>code 123456</p>' : null,
      status,
      attempts: 1,
      next_attempt_at: createdAt,
      last_error: null,
      created_at: createdAt,
      sent_at: status === 'sent' ? createdAt : null,
    });
    const oldMail = now - MAIL_RETENTION_MS - 1;
    await db
      .insertInto('mail_outbox')
      .values([
        mail('m-sent-old', 'sent', oldMail),
        mail('m-failed-old', 'failed', oldMail),
        // Never delivered: it is the worker's to send or give up on, never the cleanup's.
        mail('m-pending-old', 'pending', oldMail),
        mail('m-sent-recent', 'sent', now - MAIL_RETENTION_MS + 1),
      ])
      .execute();
    const key = (kid: string, retiredAt: number | null) => ({
      kid,
      alg: 'ES256',
      private_jwk: '{}',
      public_jwk: '{}',
      created_at: now - 60 * DAY,
      retired_at: retiredAt,
    });
    await db
      .insertInto('signing_keys')
      .values([
        key('k-retired-long-ago', now - RETIRED_KEY_RETENTION_MS - 1),
        key('k-retired-recently', now - RETIRED_KEY_RETENTION_MS + 1),
        key('k-active', null),
      ])
      .execute();
    await db
      .insertInto('audit_events')
      .values([
        { at: now - 91 * DAY, event: 'old', outcome: 'ok', account_id: null, ip: null, detail: '{}' },
        { at: now - 89 * DAY, event: 'recent', outcome: 'ok', account_id: null, ip: null, detail: '{}' },
      ])
      .execute();

    await db
      .insertInto('oidc_payloads')
      .values(
        [
          ['o-expired', now - 2 * DAY],
          ['o-expired-today', now - 60 * MINUTE],
          ['o-live', now + 60 * MINUTE],
          ['o-forever', null],
        ].map(([id, expiresAt]) => ({
          model: 'Session',
          id: id as string,
          payload: '{}',
          grant_id: null,
          user_code: null,
          uid: null,
          expires_at: expiresAt as number | null,
          consumed_at: null,
        })),
      )
      .execute();

    await db
      .insertInto('passkey_challenges')
      .values(
        [
          ['pk-expired', now - 2 * DAY],
          ['pk-expired-today', now - 60 * MINUTE],
          ['pk-live', now + 5 * MINUTE],
        ].map(([id, expiresAt]) => ({
          id: id as string,
          purpose: 'sign_in',
          challenge: 'challenge',
          binding_hash: 'binding',
          account_id: null,
          flow_id: null,
          platform: 'psl' as const,
          context: '{}',
          expires_at: expiresAt as number,
          created_at: now - 3 * DAY,
        })),
      )
      .execute();

    // Webhooks: done deliveries past their time go; an event goes once no kept delivery is left.
    await db
      .insertInto('webhook_endpoints')
      .values(
        (['psl', 'biz'] as const).map((platform) => ({
          id: `ep-${platform}`,
          tid: null,
          platform,
          url: 'https://tool.example.ph/hook',
          secret: 'sealed',
          kinds: '["*"]',
          created_at: now - 90 * DAY,
        })),
      )
      .execute();
    const oldEvent = now - WEBHOOK_RETENTION_MS - 1;
    const recentEvent = now - WEBHOOK_RETENTION_MS + 1;
    await db
      .insertInto('webhook_events')
      .values(
        (
          [
            ['ev-done', oldEvent],
            ['ev-waiting', oldEvent],
            ['ev-bare', oldEvent],
            ['ev-recent', recentEvent],
          ] as const
        ).map(([id, createdAt]) => ({
          id,
          kind: 'account.deleted',
          account_id: account,
          payload: '{}',
          created_at: createdAt,
        })),
      )
      .execute();
    await db
      .insertInto('webhook_deliveries')
      .values(
        (
          [
            ['d-delivered-old', 'ev-done', 'ep-psl', 'delivered', oldEvent],
            ['d-dead-old', 'ev-done', 'ep-biz', 'dead', oldEvent],
            ['d-delivered-old-2', 'ev-waiting', 'ep-psl', 'delivered', oldEvent],
            // A retry (or a redelivery) still to come: it and its event stay.
            ['d-pending-old', 'ev-waiting', 'ep-biz', 'pending', oldEvent],
            ['d-delivered-recent', 'ev-recent', 'ep-psl', 'delivered', recentEvent],
          ] as const
        ).map(([id, eventId, endpointId, status, createdAt]) => ({
          id,
          event_id: eventId,
          endpoint_id: endpointId,
          status,
          attempts: 1,
          next_attempt_at: createdAt,
          last_error: null,
          created_at: createdAt,
          delivered_at: status === 'delivered' ? createdAt : null,
        })),
      )
      .execute();

    const policy = { auditRetentionDays: 90 };
    const counted = await runRetention(db, { now, policy, dryRun: true });
    const deleted = await runRetention(db, { now, policy, batchSize: 2 });
    const expected = {
      verification_codes: 1,
      flows: 5,
      issued_tokens: 1,
      sessions: 2,
      mail_outbox: 2,
      signing_keys: 1,
      oidc_payloads: 1,
      passkey_challenges: 1,
      webhook_deliveries: 3,
      webhook_events: 2,
      audit_events: 1,
    };
    const byTable = (outcomes: { table: string; rows: number }[]) =>
      Object.fromEntries(outcomes.map((o) => [o.table, o.rows]));
    expect(byTable(counted.outcomes)).toEqual(expected);
    expect(deleted.complete).toBe(true);
    expect(byTable(deleted.outcomes)).toEqual(expected);

    const ids = async (table: 'flows' | 'verification_codes' | 'sessions' | 'mail_outbox') =>
      (await sql<{ id: string }>`select id from ${sql.table(table)} order by id`.execute(db)).rows.map(
        (r) => r.id,
      );
    expect(await ids('flows')).toEqual(['open', 'recent']);
    expect(await ids('verification_codes')).toEqual(['c-live']);
    expect(await ids('sessions')).toEqual(['s-live', 's-signed-out-today']);
    expect(await ids('mail_outbox')).toEqual(['m-pending-old', 'm-sent-recent']);
    expect((await db.selectFrom('issued_tokens').select('jti').execute()).map((r) => r.jti)).toEqual([
      't-recent',
    ]);
    expect(
      (await db.selectFrom('signing_keys').select('kid').orderBy('kid').execute()).map((r) => r.kid),
    ).toEqual(['k-active', 'k-retired-recently']);
    expect(
      (await db.selectFrom('oidc_payloads').select('id').orderBy('id').execute()).map((r) => r.id),
    ).toEqual(['o-expired-today', 'o-forever', 'o-live']);
    expect(
      (await db.selectFrom('passkey_challenges').select('id').orderBy('id').execute()).map((r) => r.id),
    ).toEqual(['pk-expired-today', 'pk-live']);
    expect((await db.selectFrom('audit_events').select('event').execute()).map((r) => r.event)).toEqual([
      'recent',
    ]);

    expect(
      (await db.selectFrom('webhook_deliveries').select('id').orderBy('id').execute()).map((r) => r.id),
    ).toEqual(['d-delivered-recent', 'd-pending-old']);
    expect(
      (await db.selectFrom('webhook_events').select('id').orderBy('id').execute()).map((r) => r.id),
    ).toEqual(['ev-recent', 'ev-waiting']);

    // A second run finds nothing more.
    const again = await runRetention(db, { now, policy });
    expect(again.outcomes.every((o) => o.rows === 0)).toBe(true);
  });

  it('stops between batches when told to, leaving the rest for the next run', async () => {
    const db = database.db;
    await db
      .insertInto('audit_events')
      .values(
        [1, 2, 3, 4, 5].map((i) => ({
          at: now - 400 * DAY - i,
          event: `stale-${i}`,
          outcome: 'ok',
          account_id: null,
          ip: null,
          detail: '{}',
        })),
      )
      .execute();
    const stale = () =>
      db.selectFrom('audit_events').select('event').where('event', 'like', 'stale-%').execute();
    const result = await runRetention(db, {
      now,
      policy: { auditRetentionDays: 365 },
      batchSize: 2,
      // Asked before every statement after the first: say stop once one batch of these went.
      keepGoing: async () => (await stale()).length === 5,
    });
    expect(result.complete).toBe(false);
    expect(result.outcomes.at(-1)).toMatchObject({ table: 'audit_events', rows: 2 });
    expect(await stale()).toHaveLength(3);
  });
});

describe.each(testDialects)('the cleanup job on %s', (dialect) => {
  let database: HubDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => database?.close());

  it('gives a lease to exactly one of many processes racing for it', async () => {
    const leases = createLeaseQueries(database.db);
    const now = Date.UTC(2031, 0, 1);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => leases.acquire('race', `holder-${i}`, now, now + MINUTE)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = `holder-${results.indexOf(true)}`;
    expect((await leases.find('race'))?.holder).toBe(winner);
    // Its holder may take it again; others only once it has run out.
    expect(await leases.acquire('race', winner, now + 1, now + MINUTE)).toBe(true);
    expect(await leases.acquire('race', 'late', now + MINUTE - 1, now + 2 * MINUTE)).toBe(false);
    expect(await leases.acquire('race', 'late', now + MINUTE, now + 2 * MINUTE)).toBe(true);
    expect(await leases.renew('race', winner, now + 3 * MINUTE)).toBe(false);
  });

  it('runs in one process per interval; another takes over once the lease has run out', async () => {
    const clock = createTestClock(Date.UTC(2032, 0, 1));
    const options = {
      database,
      now: clock.now,
      intervalMs: 10 * MINUTE,
      policy: { auditRetentionDays: 365 },
      log: silent,
    };
    const a = createCleanupJob({ ...options, holder: 'process-a' });
    const b = createCleanupJob({ ...options, holder: 'process-b' });
    expect(await a.runOnce()).toBeDefined();
    expect(await b.runOnce()).toBeUndefined();
    clock.advance(5 * MINUTE);
    expect(await b.runOnce()).toBeUndefined();
    // The holder runs again at its next tick.
    expect(await a.runOnce()).toBeDefined();
    // Process a stopped for good: an interval after its last run, b takes over.
    clock.advance(10 * MINUTE);
    expect(await b.runOnce()).toBeDefined();
    expect(await a.runOnce()).toBeUndefined();
    expect((await createLeaseQueries(database.db).find(CLEANUP_LEASE))?.holder).toBe('process-b');
  });

  it('starts with a run, and goes on serving when the database fails (it logs and tries again)', async () => {
    const clock = createTestClock(Date.UTC(2033, 0, 1));
    const info = vi.fn();
    await database.db
      .insertInto('audit_events')
      .values({
        at: clock.now() - 400 * DAY,
        event: 'job-stale',
        outcome: 'ok',
        account_id: null,
        ip: null,
        detail: '{}',
      })
      .execute();
    const job = createCleanupJob({
      database,
      now: clock.now,
      intervalMs: MINUTE,
      policy: { auditRetentionDays: 365 },
      log: { info, warn: () => {} },
      holder: 'starter',
    });
    job.start();
    await vi.waitFor(() =>
      expect(info).toHaveBeenCalledWith(
        expect.objectContaining({ deleted: { audit_events: 1 } }),
        expect.any(String),
      ),
    );
    await job.stop();

    const broken = await createTestDatabase(dialect);
    await broken.close();
    const warn = vi.fn();
    const failing = createCleanupJob({
      database: broken,
      now: clock.now,
      intervalMs: MINUTE,
      policy: { auditRetentionDays: 365 },
      log: { info: () => {}, warn },
    });
    failing.start();
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(expect.anything(), 'cleanup run failed; will retry'),
    );
    await failing.stop();
  });

  it('does not run at all with CLEANUP_INTERVAL_MINUTES=0', async () => {
    const job = createCleanupJob({
      database,
      now: Date.now,
      intervalMs: 0,
      policy: { auditRetentionDays: 1 },
      log: silent,
      holder: 'switched-off',
    });
    job.start();
    await job.stop();
    expect((await createLeaseQueries(database.db).find(CLEANUP_LEASE))?.holder).not.toBe('switched-off');
  });
});
