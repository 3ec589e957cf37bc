import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { loginIndexes } from './0025-login-indexes.js';

/**
 * PostgreSQL: what 0025 gave SQLite, login's look-up from one index. Each kind's index holds, after
 * its identifier, everything login step 1 reads of an account (`INCLUDE`, so not part of the key),
 * and the flow's insert checks the account on the same entry (storage/flows.ts); with the table's
 * pages marked all-visible, as autovacuum keeps them, both are index-only scans and read no page of
 * the table. At a million accounts a look-up spread over every account read two pages (the
 * identifier's leaf and the account's row) where it now reads one leaf of this index, about 110
 * bytes an account (docs/performance.md "At a million accounts").
 *
 * Only accounts that have a password are in each: login step 1 finds no other, and `INCLUDE` takes
 * columns, not `password_hash is not null`, so the alternative was the hash itself, about 100 bytes
 * more an entry. The queries say `password_hash is not null` too (`loginIndexCondition`), which is
 * what lets PostgreSQL's planner use an index with that condition. A change of a covered column (a
 * membership's `platforms`, a password, an operator's lock) can no longer be a HOT update and
 * writes every index of the table; a login's attempt counts, which every login writes, still are.
 */
export const loginIndexesPostgresMigration = (dialect: Dialect): Migration => ({
  up: async (db: Kysely<unknown>) => {
    if (dialect !== 'postgres') return;
    for (const { name, column } of Object.values(loginIndexes))
      await sql
        .raw(
          `create index if not exists ${name} on accounts (${column})
            include (id, user_type, sign_in_locked_at, platforms)
            where ${column} is not null and password_hash is not null`,
        )
        .execute(db);
  },
  down: async (db: Kysely<unknown>) => {
    if (dialect !== 'postgres') return;
    for (const { name } of Object.values(loginIndexes))
      await sql.raw(`drop index if exists ${name}`).execute(db);
  },
});
