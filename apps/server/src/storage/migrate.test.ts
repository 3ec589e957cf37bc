import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../test-support/database-url.js';
import { type TestDialect, testDialects } from '../test-support/databases.js';
import { type HubDatabase, openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

describe.each(testDialects)('migrateToLatest on %s', (dialect: TestDialect) => {
  let database: HubDatabase;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabaseUrl(dialect);
    drop = created.drop;
    database = openDatabase(created.url);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('runs every migration on a new database, then finds it current and runs none', async () => {
    const first = await migrateToLatest(database);
    expect(first.results?.length).toBeGreaterThan(10);
    expect(first.results?.every((r) => r.status === 'Success')).toBe(true);
    const names = await database.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(names).toHaveLength(first.results!.length);

    // A start on a current database: nothing to run, and the Migrator (and its lock) is not used.
    expect(await migrateToLatest(database)).toEqual({ results: [] });
    const locks = await database.db
      .selectFrom('kysely_migration_lock' as never)
      .selectAll()
      .execute();
    expect(locks).toHaveLength(1);
  });

  it('refuses a database a newer hub has migrated, as the Migrator always did', async () => {
    // A migration this hub does not know (a rollback to an older release, say): no start on it.
    await database.db
      .insertInto('kysely_migration' as never)
      .values({ name: '9999-from-a-newer-hub', timestamp: new Date().toISOString() } as never)
      .execute();
    try {
      await expect(migrateToLatest(database)).rejects.toThrow(
        'previously executed migration 9999-from-a-newer-hub is missing',
      );
    } finally {
      await database.db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '9999-from-a-newer-hub' as never)
        .execute();
    }
  });

  it('runs the Migrator again when a migration is missing from its table', async () => {
    // A row gone (an older hub's database, say): the Migrator runs and reports what it did. This
    // migration can run twice (it drops and makes its indexes again), so it succeeds a second time.
    const missing = '0022-partial-audit-indexes';
    await database.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', missing as never)
      .execute();
    await expect(migrateToLatest(database)).resolves.toMatchObject({
      results: [{ migrationName: missing, status: 'Success' }],
    });
    // The last two gone: the first of them cannot run twice (its column exists), and the
    // Migrator's failure is reported.
    await database.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, 'in', ['0021-audit-tool', missing] as never)
      .execute();
    await expect(migrateToLatest(database)).rejects.toThrow('Migration 0021-audit-tool failed');
  });
});
