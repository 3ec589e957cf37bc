import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../test-support/database-url.js';
import { type TestDialect, testDialects } from '../test-support/databases.js';
import { type HubDatabase, openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { flowsAccountSweepMigration } from './migrations/0023-flows-account-sweep.js';
import { accountPlatformsMigration } from './migrations/0024-account-platforms.js';
import { loginIndexesMigration } from './migrations/0025-login-indexes.js';
import { flowsAccountSweepPostgresMigration } from './migrations/0026-flows-account-sweep-postgres.js';
import { loginIndexesPostgresMigration } from './migrations/0027-login-indexes-postgres.js';

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

  it("takes the flows' foreign key to accounts away and back, every flow and code kept", async () => {
    await migrateToLatest(database);
    const db = database.db;
    const at = Date.UTC(2034, 0, 1);
    await db
      .insertInto('accounts')
      .values({ id: 'acc-0023', home_platform: 'psl', created_at: at, updated_at: at } as never)
      .execute();
    await db
      .insertInto('flows')
      .values({
        id: 'flow-0023',
        kind: 'login',
        state: 'password',
        platform: 'psl',
        account_id: 'acc-0023',
        identifier: 'a@example.ph',
        identifier_kind: 'email',
        context: '{"x":1}',
        binding_hash: 'b',
        attempts: 2,
        expires_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('verification_codes')
      .values({
        id: 'code-0023',
        flow_id: 'flow-0023',
        purpose: 'p',
        code_hash: 'h',
        attempts: 0,
        expires_at: at,
        consumed_at: null,
        created_at: at,
      })
      .execute();
    const state = async () => ({
      flows: await db.selectFrom('flows').selectAll().where('id', '=', 'flow-0023').execute(),
      codes: await db
        .selectFrom('verification_codes')
        .select('id')
        .where('flow_id', '=', 'flow-0023')
        .execute(),
      keys: (dialect === 'sqlite'
        ? await sql<{ table: string }>`select "table" from pragma_foreign_key_list('flows')`.execute(db)
        : await sql<{ table: string }>`select confrelid::regclass::text as "table" from pg_constraint
              where conrelid = 'flows'::regclass and contype = 'f'`.execute(db)
      ).rows,
      indexes: (dialect === 'sqlite'
        ? await sql<{ name: string }>`select name from pragma_index_list('flows') order by name`.execute(db)
        : await sql<{ name: string }>`select indexname as name from pg_indexes
              where tablename = 'flows' order by indexname`.execute(db)
      ).rows.map((index) => index.name),
      noteColumns: (await db.introspection.getTables())
        .find((table) => table.name === 'erased_account_flows')
        ?.columns.map((column) => column.name),
    });
    const primaryKey = dialect === 'sqlite' ? 'sqlite_autoindex_flows_1' : 'flows_pkey';
    const after = await state();
    expect(after.keys).toEqual([]);
    expect(after.indexes).toEqual(['flows_expires_account_idx', primaryKey]);
    expect(after.noteColumns).toEqual(['account_id', 'erased_at', 'swept_at']);
    // Back to before 0023 on SQLite, before 0026 on PostgreSQL (whose 0023 only made the notes' table).
    const migrations = [flowsAccountSweepMigration(dialect), flowsAccountSweepPostgresMigration(dialect)];
    const undone = dialect === 'sqlite' ? migrations : migrations.slice(1);
    for (const migration of [...undone].reverse()) await migration.down?.(db as never);
    const before = await state();
    expect(before.keys).toEqual([{ table: 'accounts' }]);
    expect(before.indexes).toEqual(['flows_account_idx', 'flows_expires_idx', primaryKey]);
    for (const migration of undone) await migration.up(db as never);
    const again = await state();
    for (const seen of [before, again]) {
      expect(seen.flows).toEqual(after.flows);
      expect(seen.codes).toEqual([{ id: 'code-0023' }]);
    }
    expect(again).toEqual(after);
    // The codes still go with their flow.
    await db.deleteFrom('flows').where('id', '=', 'flow-0023').execute();
    expect(
      await db.selectFrom('verification_codes').select('id').where('id', '=', 'code-0023').execute(),
    ).toEqual([]);
  });

  it("keeps each account's platforms from its memberships, whoever writes them, and fills them when made", async () => {
    await migrateToLatest(database);
    const db = database.db;
    const at = Date.UTC(2034, 0, 1);
    const ids = ['acc-0024-a', 'acc-0024-b', 'acc-0024-c'];
    for (const id of ids)
      await db
        .insertInto('accounts')
        .values({ id, home_platform: 'psl', created_at: at, updated_at: at } as never)
        .execute();
    const platforms = async () =>
      Object.fromEntries(
        (await db.selectFrom('accounts').select(['id', 'platforms']).where('id', 'in', ids).execute()).map(
          (row) => [row.id, row.platforms],
        ),
      );
    const member = (account_id: string, platform: 'psl' | 'biz') =>
      db
        .insertInto('platform_memberships')
        .values({ account_id, platform, is_default: 0, linked_at: at })
        .execute();
    expect(await platforms()).toEqual({ 'acc-0024-a': '', 'acc-0024-b': '', 'acc-0024-c': '' });
    await member('acc-0024-a', 'psl');
    await member('acc-0024-b', 'psl');
    await member('acc-0024-b', 'biz');
    expect(await platforms()).toEqual({ 'acc-0024-a': 'psl', 'acc-0024-b': 'biz psl', 'acc-0024-c': '' });
    // A membership moved to another account changes both; one deleted leaves the rest.
    await db
      .updateTable('platform_memberships')
      .set({ account_id: 'acc-0024-c' })
      .where('account_id', '=', 'acc-0024-b')
      .where('platform', '=', 'biz')
      .execute();
    await db.deleteFrom('platform_memberships').where('account_id', '=', 'acc-0024-a').execute();
    expect(await platforms()).toEqual({ 'acc-0024-a': '', 'acc-0024-b': 'psl', 'acc-0024-c': 'biz' });

    // Down and up again (0025's and 0027's indexes, which hold the column, first): the column comes
    // back filled from the memberships there are.
    const migration = accountPlatformsMigration(dialect);
    await loginIndexesPostgresMigration(dialect).down?.(db as never);
    await loginIndexesMigration(dialect).down?.(db as never);
    await migration.down?.(db as never);
    await db
      .insertInto('platform_memberships')
      .values({ account_id: 'acc-0024-a', platform: 'biz', is_default: 1, linked_at: at })
      .execute();
    await migration.up(db as never);
    await loginIndexesMigration(dialect).up(db as never);
    await loginIndexesPostgresMigration(dialect).up(db as never);
    expect(await platforms()).toEqual({ 'acc-0024-a': 'biz', 'acc-0024-b': 'psl', 'acc-0024-c': 'biz' });
    // Erasing an account takes its memberships with it; the others' platforms stay.
    await db.deleteFrom('accounts').where('id', '=', 'acc-0024-b').execute();
    expect(await platforms()).toEqual({ 'acc-0024-a': 'biz', 'acc-0024-c': 'biz' });
    await db.deleteFrom('accounts').where('id', 'in', ids).execute();
  });

  it.runIf(dialect === 'postgres')(
    'on PostgreSQL, keeps both platforms when two transactions add memberships of one account at once',
    async () => {
      await migrateToLatest(database);
      const db = database.db;
      const at = Date.UTC(2034, 0, 1);
      const id = 'acc-0024-race';
      await db
        .insertInto('accounts')
        .values({ id, home_platform: 'psl', created_at: at, updated_at: at } as never)
        .execute();
      let firstAdded!: () => void;
      let finishFirst!: () => void;
      const added = new Promise<void>((resolve) => (firstAdded = resolve));
      const finish = new Promise<void>((resolve) => (finishFirst = resolve));
      const first = db.transaction().execute(async (trx) => {
        await trx
          .insertInto('platform_memberships')
          .values({ account_id: id, platform: 'psl', is_default: 1, linked_at: at })
          .execute();
        firstAdded();
        await finish;
      });
      await added;
      // The second's trigger waits for the first's lock on the account, then reads both memberships.
      const second = db
        .insertInto('platform_memberships')
        .values({ account_id: id, platform: 'biz', is_default: 0, linked_at: at })
        .execute();
      await new Promise((resolve) => setTimeout(resolve, 200));
      finishFirst();
      await Promise.all([first, second]);
      expect(
        await db.selectFrom('accounts').select('platforms').where('id', '=', id).executeTakeFirst(),
      ).toEqual({ platforms: 'biz psl' });
      await db.deleteFrom('accounts').where('id', '=', id).execute();
    },
  );

  it('runs the Migrator again when a migration is missing from its table', async () => {
    // A row gone (an older hub's database, say): the Migrator runs and reports what it did. The
    // last migration can run twice (it finds its work done), so it succeeds a second time.
    const missing = '0029-audit-time-indexes';
    await database.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', missing as never)
      .execute();
    await expect(migrateToLatest(database)).resolves.toMatchObject({
      results: [{ migrationName: missing, status: 'Success' }],
    });
    // The last nine gone: the first of them cannot run twice (its column exists), and the
    // Migrator's failure is reported.
    await database.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, 'in', [
        '0021-audit-tool',
        '0022-partial-audit-indexes',
        '0023-flows-account-sweep',
        '0024-account-platforms',
        '0025-login-indexes',
        '0026-flows-account-sweep-postgres',
        '0027-login-indexes-postgres',
        '0028-console-name-search',
        missing,
      ] as never)
      .execute();
    await expect(migrateToLatest(database)).rejects.toThrow('Migration 0021-audit-tool failed');
  });
});
