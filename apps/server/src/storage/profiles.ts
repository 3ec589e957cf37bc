import type { Db } from './db.js';
import type { ProfilesTable } from './schema.js';

export const createProfileQueries = (db: Db) => ({
  insert: (trx: Db, profile: ProfilesTable) => trx.insertInto('profiles').values(profile).execute(),

  /** The profile's name, if the account has a profile. */
  nameOf: (accountId: string, trx: Db = db) =>
    trx
      .selectFrom('profiles')
      .select(['first_name', 'last_name'])
      .where('account_id', '=', accountId)
      .executeTakeFirst(),
});
export type ProfileQueries = ReturnType<typeof createProfileQueries>;
