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

  /** Every part of the profile's name (the account center shows and edits them). */
  fullNameOf: (accountId: string, trx: Db = db) =>
    trx
      .selectFrom('profiles')
      .select(['first_name', 'middle_name', 'last_name', 'suffix'])
      .where('account_id', '=', accountId)
      .executeTakeFirst(),

  /**
   * Sets the profile's name; an account without a profile row gets one (its other parts empty).
   * One statement, so two changes at once cannot both insert.
   */
  setName: (
    accountId: string,
    name: { first_name: string; middle_name: string | null; last_name: string; suffix: string | null },
    now: number,
    trx: Db = db,
  ) =>
    trx
      .insertInto('profiles')
      .values({
        account_id: accountId,
        ...name,
        contact_info: '{}',
        other_info: '{}',
        profile: '{}',
        created_at: now,
      })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(name))
      .execute(),
});
export type ProfileQueries = ReturnType<typeof createProfileQueries>;
