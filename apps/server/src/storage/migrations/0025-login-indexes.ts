import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * SQLite: for each kind of identifier, an index holding everything login step 1 reads of an
 * account (`loginIndexes` names them; storage/accounts.ts reads them). The look-up then reads one
 * leaf of one index and no page of the table, and its flow's insert checks the account on that
 * same leaf (storage/flows.ts). Only accounts that have the identifier are in each.
 */
export const loginIndexes = {
  email: { name: 'accounts_login_email_idx', column: 'email_normalized' },
  mobile_num: { name: 'accounts_login_mobile_idx', column: 'mobile_num' },
  username: { name: 'accounts_login_username_idx', column: 'username_normalized' },
} as const;

/**
 * The columns of each index after its identifier: the account, what refuses it, its platforms
 * (0024), and whether it has a password. The password's hash itself (about 100 bytes) would more
 * than double each entry; SQLite reads `password_hash is not null` from the index when the query
 * asks for that very expression.
 */
const COVERED = 'id, user_type, sign_in_locked_at, platforms, (password_hash is not null)';

/**
 * Login's look-up from one index (docs/performance.md "At a million accounts"). At a million
 * accounts each look-up spread over every account read two pages SQLite's 2 MiB cache did not hold,
 * the identifier index's leaf and the account's row, each a read from the kernel; now it reads one.
 * The unique indexes stay: they keep each identifier to one account. PostgreSQL gets its own in
 * 0027 (`INCLUDE` there, which takes columns, not expressions).
 */
export const loginIndexesMigration = (dialect: Dialect): Migration => ({
  up: async (db: Kysely<unknown>) => {
    if (dialect !== 'sqlite') return;
    for (const { name, column } of Object.values(loginIndexes))
      await sql
        .raw(
          `create index if not exists ${name} on accounts (${column}, ${COVERED}) where ${column} is not null`,
        )
        .execute(db);
  },
  down: async (db: Kysely<unknown>) => {
    if (dialect !== 'sqlite') return;
    for (const { name } of Object.values(loginIndexes))
      await sql.raw(`drop index if exists ${name}`).execute(db);
  },
});
