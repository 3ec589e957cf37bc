import { type Kysely, type Migration, sql } from 'kysely';

/** The console's name searches (storage/operators.ts `searchByName`): each expression, its index. */
export const nameSearchIndexes = {
  full: {
    name: 'profiles_full_name_account_idx',
    expression: "lower(first_name || ' ' || last_name)",
    before: 'profiles_full_name_idx',
  },
  last: {
    name: 'profiles_last_name_account_idx',
    expression: 'lower(last_name)',
    before: 'profiles_last_name_idx',
  },
} as const;

/**
 * The console's search by name at a million accounts
 * (docs/performance.md "The console at a million accounts"). 0016 indexed the lower-cased names
 * alone, and the search read them from `accounts` with the profile left-joined: SQLite then walked
 * every account (about a second at a million, the event loop held all that time). The search now starts from `profiles`, and each index holds
 * the account after the name, so a page in the search's order (the name, then the account) is read
 * from the index as it stands, however many accounts share a name. The indexes of 0016 go.
 */
export const consoleNameSearchMigration: Migration = {
  up: async (db: Kysely<unknown>) => {
    for (const { name, expression, before } of Object.values(nameSearchIndexes)) {
      await sql.raw(`create index if not exists ${name} on profiles (${expression}, account_id)`).execute(db);
      await sql.raw(`drop index if exists ${before}`).execute(db);
    }
  },
  down: async (db: Kysely<unknown>) => {
    for (const { name, expression, before } of Object.values(nameSearchIndexes)) {
      await sql.raw(`create index if not exists ${before} on profiles (${expression})`).execute(db);
      await sql.raw(`drop index if exists ${name}`).execute(db);
    }
  },
};
