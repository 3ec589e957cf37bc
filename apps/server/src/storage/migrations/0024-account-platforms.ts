import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The account's platforms, space-separated in name order ('biz psl', 'psl', ''), as the database
 * writes them for `account`: the only writer is the triggers below, so the column is never out of
 * step with `platform_memberships`, whoever writes there (a flow, the CLI, a seeding script).
 */
const platformsOf = (account: string) =>
  `coalesce((select group_concat(platform, ' ') from (select platform from platform_memberships where account_id = ${account} order by platform)), '')`;
const platformsOfPostgres = (account: string) =>
  `coalesce((select string_agg(platform, ' ' order by platform) from platform_memberships where account_id = ${account}), '')`;

/** SQLite: one trigger per kind of write, each writing the account's platforms afresh. */
const SQLITE_TRIGGERS = [
  ['account_platforms_insert', 'after insert on platform_memberships', ['new']],
  ['account_platforms_delete', 'after delete on platform_memberships', ['old']],
  [
    'account_platforms_update',
    'after update of account_id, platform on platform_memberships',
    ['old', 'new'],
  ],
] as const;

/**
 * PostgreSQL: the account's row locked first, then its platforms read in a statement of their own.
 * Under READ COMMITTED each statement of the function sees what was committed when it began, so two
 * transactions adding memberships of one account at once each write what the other committed too:
 * the second waits for the first's lock, and its read then sees the first's membership. (An update
 * whose subquery began before that wait would write the platforms without the other's.)
 */
const POSTGRES_FUNCTION = `create or replace function account_platforms_sync() returns trigger language plpgsql as $$
declare
  account text;
begin
  foreach account in array (case tg_op when 'INSERT' then array[new.account_id] when 'DELETE' then array[old.account_id]
    else array[old.account_id, new.account_id] end) loop
    perform 1 from accounts where id = account for update;
    update accounts set platforms = ${platformsOfPostgres('account')} where id = account;
  end loop;
  return null;
end $$`;

/** SQLite: the column unless there (a run again, after a lost row of Kysely's table), its triggers, the fill. */
const upSqlite = async (db: Kysely<unknown>) => {
  const present = await sql`select name from pragma_table_info('accounts') where name = 'platforms'`.execute(
    db,
  );
  if (present.rows.length === 0)
    await sql`alter table accounts add column platforms text not null default ''`.execute(db);
  for (const [name, event, rows] of SQLITE_TRIGGERS) {
    const body = rows
      .map(
        (row) =>
          `update accounts set platforms = ${platformsOf(`${row}.account_id`)} where id = ${row}.account_id;`,
      )
      .join(' ');
    await sql.raw(`create trigger if not exists ${name} ${event} begin ${body} end`).execute(db);
  }
  await sql.raw(`update accounts set platforms = ${platformsOf('accounts.id')}`).execute(db);
};

const upPostgres = async (db: Kysely<unknown>) => {
  await sql`alter table accounts add column if not exists platforms text not null default ''`.execute(db);
  await sql.raw(POSTGRES_FUNCTION).execute(db);
  await sql`drop trigger if exists account_platforms_sync on platform_memberships`.execute(db);
  await sql`create trigger account_platforms_sync after insert or delete or update of account_id, platform
    on platform_memberships for each row execute function account_platforms_sync()`.execute(db);
  await sql.raw(`update accounts set platforms = ${platformsOfPostgres('accounts.id')}`).execute(db);
};

/**
 * `accounts.platforms`: the platforms the account is a member of, kept by the database from
 * `platform_memberships` (docs/performance.md "At a million accounts"). Login's look-up reads it
 * from the account's row instead of reading the membership's own index: at a million accounts that
 * index's leaf was one of the three pages each look-up spread over every account read from the
 * kernel (SQLite's page cache holds a few of its thousands of leaves). The memberships table stays
 * the truth every other reader uses; a trigger writes the column in the same statement as any
 * change of it, on both databases. Filled here for every account there is.
 */
export const accountPlatformsMigration = (dialect: Dialect): Migration => ({
  up: (db: Kysely<unknown>) => (dialect === 'sqlite' ? upSqlite(db) : upPostgres(db)),
  async down(db: Kysely<unknown>) {
    if (dialect === 'sqlite') {
      for (const [name] of SQLITE_TRIGGERS) await sql.raw(`drop trigger if exists ${name}`).execute(db);
    } else {
      await sql`drop trigger if exists account_platforms_sync on platform_memberships`.execute(db);
      await sql`drop function if exists account_platforms_sync()`.execute(db);
    }
    await db.schema.alterTable('accounts').dropColumn('platforms').execute();
  },
});
