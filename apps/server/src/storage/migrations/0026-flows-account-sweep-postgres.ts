import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * PostgreSQL: the name of the foreign key from `flows.account_id` to `accounts` (0001 made it
 * inline, so PostgreSQL named it), if there still is one.
 */
const flowsAccountKey = async (db: Kysely<unknown>) =>
  (
    await sql<{ name: string }>`
      select c.conname as name from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.conrelid = 'flows'::regclass
        and c.confrelid = 'accounts'::regclass and a.attname = 'account_id'`.execute(db)
  ).rows[0]?.name;

/**
 * On PostgreSQL too a flow's account is no longer a foreign key with an index of its own: what
 * migration 0023 did on SQLite (docs/data-retention.md "Deleted accounts",
 * docs/performance.md "At a million accounts"). Every login's look-up inserts a flow; the foreign
 * key's check locks the account's row (`FOR KEY SHARE`), which writes to the row's page, and
 * `flows_account_idx` put each insert on a random leaf. At a million accounts the look-ups spread
 * over every account ran at 0.76 of an empty database's rate with both, 0.81 without (medians of
 * rounds that move by a tenth). The expiry index carries the account (`expires_at, account_id`),
 * and an erasure notes the account in `erased_account_flows` for the sweep, as on SQLite.
 *
 * On both: `erased_account_flows.swept_at`. PostgreSQL runs transactions side by side, so a
 * look-up's insert that checked the account just before its erasure committed can commit after the
 * sweep went by; a note is therefore swept twice, at its erasure and again once every such insert
 * has ended (storage/account-data.ts sweepErasedFlows), and forgotten only then.
 */
export const flowsAccountSweepPostgresMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    // Run again (a lost row of Kysely's table), it finds everything done and does nothing.
    const notes = (await db.introspection.getTables()).find((table) => table.name === 'erased_account_flows');
    if (!notes?.columns.some((column) => column.name === 'swept_at'))
      await db.schema.alterTable('erased_account_flows').addColumn('swept_at', 'bigint').execute();
    if (dialect !== 'postgres') return;
    const key = await flowsAccountKey(db);
    if (key) await sql`alter table flows drop constraint ${sql.id(key)}`.execute(db);
    await sql`drop index if exists flows_account_idx`.execute(db);
    await sql`drop index if exists flows_expires_idx`.execute(db);
    await sql`create index if not exists flows_expires_account_idx on flows (expires_at, account_id)`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    if (dialect === 'postgres') {
      // The flows an erasure left for a sweep that did not come: the foreign key would refuse them.
      await sql`delete from flows where account_id is not null
        and not exists (select 1 from accounts where accounts.id = flows.account_id)`.execute(db);
      await sql`alter table flows add constraint flows_account_id_fkey foreign key (account_id)
        references accounts (id) on delete cascade`.execute(db);
      await sql`create index flows_account_idx on flows (account_id)`.execute(db);
      await sql`create index flows_expires_idx on flows (expires_at)`.execute(db);
      await sql`drop index flows_expires_account_idx`.execute(db);
    }
    await db.schema.alterTable('erased_account_flows').dropColumn('swept_at').execute();
  },
});
