import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRow } from '../test-support/accounts.js';
import { createTestDatabase, testDialects } from '../test-support/databases.js';
import type { HubDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

describe.each(testDialects)('storage on %s', (dialect) => {
  let database: HubDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => database?.close());

  const now = Date.UTC(2026, 10, 21);
  const insertAccount = (id: string, email: string) =>
    database.db
      .insertInto('accounts')
      .values(accountRow(id, email, now))
      .execute();

  it('migrates idempotently', async () => {
    const again = await migrateToLatest(database);
    expect(again.results).toEqual([]);
  });

  it('round-trips an account with epoch-millisecond times as numbers', async () => {
    await insertAccount('a1', 'Maria@Example.PH');
    const row = await database.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', 'a1')
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('Maria@Example.PH');
    expect(row.created_at).toBe(now);
    expect(typeof row.created_at).toBe('number');
  });

  it('keeps emails unique regardless of case', async () => {
    await expect(insertAccount('a2', 'MARIA@example.ph')).rejects.toThrow();
  });

  it('cascades an account removal to its memberships and sessions', async () => {
    await insertAccount('a3', 'juan@example.ph');
    await database.db
      .insertInto('platform_memberships')
      .values({ account_id: 'a3', platform: 'psl', is_default: 1, linked_at: now })
      .execute();
    await database.db
      .insertInto('sessions')
      .values({
        id: 's3',
        account_id: 'a3',
        platform: 'psl',
        auth_method: 'password',
        ip: '127.0.0.1',
        user_agent: null,
        created_at: now,
        last_seen_at: now,
        expires_at: now + 1000,
        revoked_at: null,
      })
      .execute();
    await database.db.deleteFrom('accounts').where('id', '=', 'a3').execute();
    const left = await sql<{ n: number }>`select count(*) as n from sessions where account_id = 'a3'`.execute(
      database.db,
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
  });

  it('numbers audit events in order', async () => {
    for (const event of ['login', 'logout']) {
      await database.db
        .insertInto('audit_events')
        .values({ at: now, event, outcome: 'success', account_id: null, ip: null, detail: '{}' })
        .execute();
    }
    const rows = await database.db.selectFrom('audit_events').select(['id', 'event']).orderBy('id').execute();
    expect(rows.map((r) => r.event)).toEqual(['login', 'logout']);
    expect(Number(rows[1]!.id)).toBeGreaterThan(Number(rows[0]!.id));
  });

  it('answers ping while open', async () => {
    expect(await database.ping()).toBe(true);
  });
});
