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
    for (const filter of [
      { operator: 'op-3', limit: 21 },
      { tool: 7003, before: 40_000, limit: 21 },
    ]) {
      const query = auditPageQuery(database.db, filter).compile();
      const plan = await database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      expect(plan.rows.map((row) => row.detail).join('\n'), query.sql).toMatch(
        'tool' in filter
          ? /USING (COVERING )?INDEX audit_events_tool_idx/
          : /USING (COVERING )?INDEX audit_events_operator_idx/,
      );
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

  it('walks the (operator, id) and (tool, id) indexes, newest first, among 50 000 rows: no sequential scan', async () => {
    await pool.query(
      `insert into audit_events (at, event, outcome, detail, operator)
       select i, 'login.success', 'success', '{}', case when i % 500 = 0 then 'op-' || (i % 7) else null end
       from generate_series(1, 50000) i`,
    );
    await pool.query(`update audit_events set tool = 7000 + (id % 7) where id % 300 = 0`);
    await pool.query('analyze audit_events');
    for (const filter of [
      { operator: 'op-3', limit: 21 },
      { operator: 'op-3', before: 40_000, limit: 21 },
      { operator: 'op-3', from: 10_000, to: 30_000, limit: 21 },
      { tool: 7003, limit: 21 },
      { tool: 7003, before: 40_000, limit: 21 },
    ]) {
      const query = auditPageQuery(database.db, filter).compile();
      const plan = (await pool.query(`explain ${query.sql}`, [...query.parameters])).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      expect(plan, query.sql).not.toMatch(/Seq Scan on audit_events/);
      // Read by the index: walked newest first, or (few rows match) a bitmap of them then sorted.
      expect(plan, query.sql).toMatch(
        'tool' in filter
          ? /(Index Scan (Backward )?using|Bitmap Index Scan on) audit_events_tool_idx/
          : /(Index Scan (Backward )?using|Bitmap Index Scan on) audit_events_operator_idx/,
      );
    }
  });
});
