import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HubDatabase, openDatabase } from '../storage/database.js';
import { createLeaseQueries } from '../storage/leases.js';
import { migrateToLatest } from '../storage/migrate.js';
import { runRetention } from '../storage/retention.js';
import type { Database } from '../storage/schema.js';
import { createTestDatabaseUrl } from '../test-support/database-url.js';
import { createTestDatabase } from '../test-support/databases.js';
import { CLEANUP_BATCH_TARGET_MS, CLEANUP_LEASE, createCleanupJob } from './cleanup-job.js';

const DAY = 86_400_000;
const now = Date.UTC(2035, 0, 1);
const silent = { info: () => {}, warn: () => {} };

/** `count` rows of a backlog the cleanup deletes: audit rows past retention and expired flows. */
const backlog = async (database: HubDatabase, count: number) => {
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
    insert into audit_events (at, event, outcome, account_id, ip, detail)
    select ${now - 400 * DAY} - i, 'stale', 'ok', null, null, '{}' from n`.execute(database.db);
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
    insert into flows (id, kind, state, platform, account_id, identifier, identifier_kind, context,
      binding_hash, attempts, expires_at, created_at, updated_at)
    select 'stale-' || i, 'login', 'completed', 'psl', null, null, null, '{}', 'b', 0,
      ${now - 3 * DAY} - i, ${now - 4 * DAY}, ${now - 4 * DAY} from n`.execute(database.db);
};

const remaining = async (database: HubDatabase) =>
  Number(
    (
      await sql<{ n: number }>`select (select count(*) from audit_events where event = 'stale')
        + (select count(*) from flows where id like 'stale-%') as n`.execute(database.db)
    ).rows[0]?.n,
  );

describe('the in-process cleanup on SQLite (a driver that answers synchronously)', () => {
  let database: HubDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(() => database?.close());

  it('never holds the event loop for long while it deletes a backlog, and deletes all of it', async () => {
    await backlog(database, 40_000);
    const job = createCleanupJob({
      database,
      now: () => now,
      intervalMs: 60_000,
      policy: { auditRetentionDays: 365 },
      log: silent,
      holder: 'loop-test',
    });
    // The longest the event loop went without running a timer of 2 ms while the job ran.
    let longest = 0;
    let last = performance.now();
    const beat = setInterval(() => {
      const at = performance.now();
      longest = Math.max(longest, at - last);
      last = at;
    }, 2);
    try {
      const outcomes = await job.runOnce();
      expect(outcomes?.find((o) => o.table === 'audit_events')?.rows).toBe(40_000);
      expect(outcomes?.find((o) => o.table === 'flows')?.rows).toBe(40_000);
    } finally {
      clearInterval(beat);
    }
    expect(await remaining(database)).toBe(0);
    // A batch is sized to about CLEANUP_BATCH_TARGET_MS; a busy machine may stretch one a few times.
    expect(longest).toBeLessThan(CLEANUP_BATCH_TARGET_MS * 10);
  });

  it('waits the delay it is started with before its first run', async () => {
    const job = createCleanupJob({
      database,
      now: () => now + 10 * 60_000,
      intervalMs: 60_000,
      policy: { auditRetentionDays: 365 },
      log: silent,
      holder: 'delayed',
    });
    job.start({ delayMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await job.stop();
    expect((await createLeaseQueries(database.db).find(CLEANUP_LEASE))?.holder).not.toBe('delayed');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the cleanup’s batch look-ups on PostgreSQL', () => {
  let url: string;
  let drop: () => Promise<void>;
  let pool: pg.Pool;
  beforeAll(async () => {
    ({ url, drop } = await createTestDatabaseUrl('postgres'));
    const database = openDatabase(url);
    await migrateToLatest(database);
    await database.close();
    pool = new pg.Pool({ connectionString: url, max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
    await drop?.();
  });

  it('walk their index: no sequential scan under a LIMIT, with a backlog of most of a table', async () => {
    const rows = 20_000;
    await pool.query(
      `insert into accounts (id, email, email_normalized, home_platform, created_at, updated_at)
       values ('a', 'a@example.ph', 'a@example.ph', 'psl', 0, 0)`,
    );
    await pool.query(
      `insert into flows (id, kind, state, platform, context, binding_hash, attempts, expires_at, created_at, updated_at)
       select 'f' || i, 'login', 'completed', 'psl', '{}', 'b', 0, $1::bigint - i, 0, 0 from generate_series(1, $2::int) i`,
      [now - 3 * DAY, rows],
    );
    await pool.query(
      `insert into sessions (id, account_id, platform, auth_method, created_at, last_seen_at, expires_at)
       select 's' || i, 'a', 'psl', 'password', 0, 0, $1::bigint - i * (i % 10) from generate_series(1, $2::int) i`,
      [now - 3 * DAY, rows],
    );
    await pool.query(
      `insert into audit_events (at, event, outcome, detail)
       select $1::bigint - i, 'stale', 'ok', '{}' from generate_series(1, $2::int) i`,
      [now - 400 * DAY, rows],
    );
    // Webhooks: most deliveries done and old, their events with no delivery kept.
    await pool.query(
      `insert into webhook_endpoints (id, tid, platform, url, secret, kinds, created_at)
       values ('ep', null, 'psl', 'https://tool.example.ph/hook', 'sealed', '["*"]', 0)`,
    );
    await pool.query(
      `insert into webhook_events (id, kind, account_id, payload, created_at)
       select 'e' || i, 'account.deleted', 'a', '{}', $1::bigint - i from generate_series(1, $2::int) i`,
      [now - 40 * DAY, rows],
    );
    await pool.query(
      `insert into webhook_deliveries (id, event_id, endpoint_id, status, attempts, next_attempt_at, created_at)
       select 'd' || i, 'e' || i, 'ep', case when i % 10 = 0 then 'pending' else 'delivered' end, 1, 0,
         $1::bigint - i from generate_series(1, $2::int) i`,
      [now - 40 * DAY, rows],
    );
    await pool.query('analyze');

    // The statements one run sends, captured inside a transaction that is then rolled back.
    const statements: Array<{ sql: string; parameters: readonly unknown[] }> = [];
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query);
      },
    });
    await db
      .transaction()
      .execute(async (trx) => {
        await runRetention(trx, { now, policy: { auditRetentionDays: 365 }, batchSize: 500 });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const deletes = statements.filter((s) =>
      /^delete from "(flows|sessions|audit_events|webhook_deliveries|webhook_events)"/.test(s.sql),
    );
    expect(deletes.length).toBeGreaterThanOrEqual(6);
    for (const statement of deletes) {
      const plan = (await pool.query(`explain ${statement.sql}`, [...statement.parameters])).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      expect(plan, statement.sql).not.toMatch(
        /Seq Scan on (flows|sessions|audit_events|webhook_deliveries|webhook_events)/,
      );
      expect(plan, statement.sql).toMatch(
        /Index (Only )?Scan using (flows_expires_account|sessions_expires|sessions_revoked|audit_events_at|webhook_deliveries_created|webhook_events_created)_idx/,
      );
    }
  });
});
