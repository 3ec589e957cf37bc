import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** The account column of `flows` as 0001 made it, a foreign key that cascades. */
const ACCOUNT_COLUMN = '"account_id" text';
const ACCOUNT_REFERENCE = `${ACCOUNT_COLUMN} references "accounts" ("id") on delete cascade`;

/** The indexes of `flows` on SQLite before this migration and after it. */
const INDEXES_BEFORE = [
  'create index "flows_expires_idx" on "flows" ("expires_at")',
  'create index "flows_account_idx" on "flows" ("account_id")',
];
const INDEXES_AFTER = ['create index "flows_expires_account_idx" on "flows" ("expires_at", "account_id")'];

/**
 * SQLite: `flows` again, its account column rewritten by `column`, with `indexes`. SQLite cannot drop
 * a foreign key in place, so the table is made anew (its own CREATE TABLE with that one change),
 * filled, and put in the old one's place, in one transaction, with foreign keys off so that dropping
 * the old table does not take the verification codes with it (sqlite.org, "Making Other Kinds Of
 * Table Schema Changes"). Every row and every code stays.
 */
const remakeFlows = async (db: Kysely<unknown>, column: (sql: string) => string, indexes: string[]) => {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const table = await sql<{
        sql: string;
      }>`select sql from sqlite_schema where type = 'table' and name = 'flows'`.execute(trx);
      const created = column(table.rows[0]?.sql ?? '').replace(
        /^CREATE TABLE "flows"/,
        'CREATE TABLE "flows_remade"',
      );
      if (!created.startsWith('CREATE TABLE "flows_remade"'))
        throw new Error(`unexpected flows table: ${created}`);
      await sql.raw(created).execute(trx);
      await sql`insert into flows_remade select * from flows`.execute(trx);
      await sql`drop table flows`.execute(trx);
      await sql`alter table flows_remade rename to flows`.execute(trx);
      for (const index of indexes) await sql.raw(index).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0)
        throw new Error(`foreign keys broken by remaking flows: ${JSON.stringify(broken.rows)}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
};

/**
 * On SQLite a flow's account is no longer a foreign key with an index of its own
 * (docs/data-retention.md "Deleted accounts", docs/performance.md "At a million accounts"). Every
 * login's look-up inserts a flow; at a million accounts the index on `flows.account_id` put each
 * insert on a page of its own, read from the kernel and written to the write-ahead log, and the
 * look-ups spread over every account ran at about 0.6 of an empty database's rate. The expiry index
 * now carries the account (`expires_at, account_id`, written in time order), and an erasure notes
 * the account in `erased_account_flows` in its own transaction; the erasure then deletes the
 * account's flows through that index in short steps and forgets the note (services/account-erasure.ts).
 * PostgreSQL keeps the foreign key, its cascade and its index: its pages stay in `shared_buffers`,
 * and the look-up there was flat at a million accounts. The note's table exists on both, empty on
 * PostgreSQL.
 */
export const flowsAccountSweepMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('erased_account_flows')
      .ifNotExists()
      .addColumn('account_id', 'text', (c) => c.primaryKey())
      .addColumn('erased_at', 'bigint', (c) => c.notNull())
      .execute();
    if (dialect !== 'sqlite') return;
    // Run again (a lost row of Kysely's table), it makes the table again as it is.
    await remakeFlows(db, (table) => table.replace(ACCOUNT_REFERENCE, ACCOUNT_COLUMN), INDEXES_AFTER);
  },
  async down(db: Kysely<unknown>) {
    if (dialect === 'sqlite')
      await remakeFlows(db, (table) => table.replace(ACCOUNT_COLUMN, ACCOUNT_REFERENCE), INDEXES_BEFORE);
    await db.schema.dropTable('erased_account_flows').execute();
  },
});
