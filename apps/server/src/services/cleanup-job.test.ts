import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubDatabase } from '../storage/database.js';
import { createLeaseQueries } from '../storage/leases.js';
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
