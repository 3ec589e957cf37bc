import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../test-support/database-url.js';
import { createTestDatabase, testDialects } from '../test-support/databases.js';
import { type HubDatabase, openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { auditOperatorMigration } from './migrations/0017-audit-operator.js';
import { auditToolMigration } from './migrations/0021-audit-tool.js';
import { auditPageQuery, createOperatorQueries } from './operators.js';

describe.each(testDialects)('migration 0017 (the audit rows’ operator column) on %s', (dialect) => {
  let database: HubDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => database?.close());

  it("fills the column from the rows' detail where an operator acted, and the filter reads it", async () => {
    const migration = auditOperatorMigration(dialect);
    await migration.down?.(database.db as never);
    const row = (detail: object) => ({
      at: 1,
      event: 'admin.sessions_ended',
      outcome: 'success',
      detail: JSON.stringify(detail),
    });
    await database.db
      .insertInto('audit_events' as never)
      .values([
        row({ operator: 'op-1', via: 'console', reason: 'asked' }),
        row({ operator: null, via: 'cli', reason: 'from the shell' }),
        row({ method: 'password' }),
        row({ note: '"operator":"op-1" inside a text' }),
      ] as never)
      .execute();
    await migration.up(database.db as never);
    const rows = await database.db.selectFrom('audit_events').select(['operator']).orderBy('id').execute();
    expect(rows.map((r) => r.operator)).toEqual(['op-1', null, null, null]);
    const page = await createOperatorQueries(database.db).auditPage({ operator: 'op-1', limit: 10 });
    expect(page).toHaveLength(1);
  });
});

describe.each(testDialects)('migration 0021 (the audit rows’ tool column) on %s', (dialect) => {
  let database: HubDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => database?.close());

  it("fills the column from the rows' `tool` or `tid`, numbers only, and the filter reads it", async () => {
    const migration = auditToolMigration(dialect);
    await migration.down?.(database.db as never);
    const row = (detail: object) => ({
      at: 1,
      event: 'login.success',
      outcome: 'success',
      detail: JSON.stringify(detail),
    });
    await database.db
      .insertInto('audit_events' as never)
      .values([
        row({ platform: 'psl', method: 'password', tool: 7001 }),
        row({ operator: 'op-1', reason: 'new tool', tid: 4501 }),
        row({ platform: 'psl', tool: null }),
        row({ tool: '7001' }),
        row({ note: '"tool":7001 inside a text' }),
      ] as never)
      .execute();
    await migration.up(database.db as never);
    const rows = await database.db.selectFrom('audit_events').select(['tool']).orderBy('id').execute();
    expect(rows.map((r) => r.tool)).toEqual([7001, 4501, null, null, null]);
    expect(await createOperatorQueries(database.db).auditPage({ tool: 7001, limit: 10 })).toHaveLength(1);
  });
});

describe.each(testDialects)('the operator and tool indexes (migration 0022) on %s', (dialect) => {
  let database: HubDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => database?.close());

  it('hold only the rows that have an operator or a tool', async () => {
    const definitions =
      dialect === 'sqlite'
        ? await database.db
            .selectFrom('sqlite_master' as never)
            .select(['name as name', 'sql as definition'] as never)
            .where('tbl_name' as never, '=', 'audit_events' as never)
            .execute()
        : (
            await database.db.executeQuery<{ name: string; definition: string }>(
              CompiledQuery.raw(
                "select indexname as name, indexdef as definition from pg_indexes where tablename = 'audit_events'",
              ),
            )
          ).rows;
    const definitionOf = (name: string) =>
      String(
        (definitions as Array<{ name: string; definition: string }>).find((d) => d.name === name)?.definition,
      );
    expect(definitionOf('audit_events_operator_idx')).toMatch(/where .?operator.? is not null/i);
    expect(definitionOf('audit_events_tool_idx')).toMatch(/where .?tool.? is not null/i);
  });

  it.runIf(dialect === 'sqlite')("are what SQLite's plan for the console's filters reads", async () => {
    for (const [filter, index] of [
      [{ operator: 'op-3', limit: 21 }, 'audit_events_operator_idx'],
      [{ tool: 7003, before: 40_000, limit: 21 }, 'audit_events_tool_idx'],
      [{ event: 'admin.account_locked', limit: 21 }, 'audit_events_event_idx'],
      [{ event: 'admin.account_locked', before: 40_000, limit: 5_000 }, 'audit_events_event_idx'],
      [{ from: 1_000, to: 90_000, limit: 21 }, 'audit_events_at_idx'],
      [{ from: 1_000, to: 90_000, before: 40_000, limit: 21 }, 'audit_events_at_idx'],
      [{ accountId: 'acc-1', before: 40_000, limit: 21 }, 'audit_events_account_idx'],
      [{ limit: 21 }, 'audit_events_at_idx'],
    ] as const) {
      const query = auditPageQuery(database.db, filter).compile();
      const plan = await database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      const text = plan.rows.map((row) => row.detail).join('\n');
      expect(text, query.sql).toMatch(new RegExp(`USING (COVERING )?INDEX ${index}`));
      // Newest first from the index as it stands: no sort of the matching rows.
      expect(text, query.sql).not.toMatch(/TEMP B-TREE/);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the audit filter by operator on PostgreSQL', () => {
  let url: string;
  let drop: () => Promise<void>;
  let database: HubDatabase;
  let pool: pg.Pool;
  beforeAll(async () => {
    ({ url, drop } = await createTestDatabaseUrl('postgres'));
    database = openDatabase(url);
    await migrateToLatest(database);
    pool = new pg.Pool({ connectionString: url, max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
    await database?.close();
    await drop?.();
  });

  it('walks the operator, tool, event and time indexes (migration 0029), newest first, among 50 000 rows: no sequential scan', async () => {
    await pool.query(
      `insert into audit_events (at, event, outcome, detail, operator)
       select i, 'login.success', 'success', '{}', case when i % 500 = 0 then 'op-' || (i % 7) else null end
       from generate_series(1, 50000) i`,
    );
    await pool.query(`update audit_events set tool = 7000 + (id % 7) where id % 300 = 0`);
    await pool.query(`update audit_events set event = 'admin.account_locked' where id % 1000 = 7`);
    await pool.query('analyze audit_events');
    for (const filter of [
      { operator: 'op-3', limit: 21 },
      { operator: 'op-3', before: 40_000, limit: 21 },
      { operator: 'op-3', from: 10_000, to: 30_000, limit: 21 },
      { tool: 7003, limit: 21 },
      { tool: 7003, before: 40_000, limit: 21 },
      { event: 'admin.account_locked', limit: 21 },
      { event: 'admin.account_locked', before: 40_000, limit: 5_000 },
      { from: 10_000, to: 45_000, limit: 21 },
      { from: 10_000, to: 45_000, before: 40_000, limit: 21 },
    ]) {
      const query = auditPageQuery(database.db, filter).compile();
      const plan = (await pool.query(`explain ${query.sql}`, [...query.parameters])).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      expect(plan, query.sql).not.toMatch(/Seq Scan on audit_events/);
      // The filter's own index when it has one, else time's.
      const index =
        'tool' in filter
          ? 'audit_events_tool_idx'
          : 'event' in filter
            ? 'audit_events_event_idx'
            : 'operator' in filter
              ? 'audit_events_operator_idx'
              : 'audit_events_at_idx';
      // Read by the index: walked newest first, or (few rows match) a bitmap of them then sorted.
      expect(plan, query.sql).toMatch(
        new RegExp(`(Index Scan (Backward )?using|Bitmap Index Scan on) ${index}`),
      );
    }
  });
});

describe.each(testDialects)(
  'the audit log in order of time, a page at a time (migration 0029) on %s',
  (dialect) => {
    let database: HubDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => database?.close());

    it('pages newest first by time, then id, through rows of one millisecond and rows written late', async () => {
      // Rows 1–12: times 100, 100, 100, 200, 200, 150 (written after 200), 300 … in id order.
      const times = [100, 100, 100, 200, 200, 150, 300, 300, 300, 300, 50, 400];
      await database.db
        .insertInto('audit_events')
        .values(
          times.map((at, i) => ({ at, event: 'login.success', outcome: 'success', detail: `{"n":${i}}` })),
        )
        .execute();
      const queries = createOperatorQueries(database.db);
      const seen: Array<[number, number]> = [];
      let before: number | undefined;
      for (;;) {
        const page = await queries.auditPage({ limit: 5, before });
        seen.push(...page.map((row): [number, number] => [row.at, Number(row.id)]));
        if (page.length < 5) break;
        before = Number(page.at(-1)!.id);
      }
      const expected = times
        .map((at, i): [number, number] => [at, i + 1])
        .sort((a, b) => b[0] - a[0] || b[1] - a[1]);
      // A new database: the rows' ids are 1 to 12.
      expect(seen).toEqual(expected);
      // A time range is cut from the same order.
      const range = await queries.auditPage({ from: 100, to: 300, limit: 21 });
      expect(range.map((row) => row.at)).toEqual([200, 200, 150, 100, 100, 100]);
      // The row the cursor names deleted (the retention's oldest first): nothing older is left either.
      const oldest = seen.at(-1)!;
      await database.db.deleteFrom('audit_events').where('at', '<=', 50).execute();
      expect(await queries.auditPage({ limit: 5, before: oldest[1] })).toEqual([]);
    });
  },
);
