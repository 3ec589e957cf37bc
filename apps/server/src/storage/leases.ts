import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Named leases in the database: at most one holder at a time, on SQLite and PostgreSQL, across
 * processes and machines. Taking one is a single conditional update, which only one of any number
 * of racing processes wins (PostgreSQL re-checks the condition on the row the winner wrote).
 */
export const createLeaseQueries = (db: Kysely<Database>) => ({
  /** Takes `name` until `until` if it is free, expired at `now`, or already ours; true when ours now. */
  acquire: async (name: string, holder: string, now: number, until: number): Promise<boolean> => {
    // The row exists from the first try on; an expired one is free, so a new row starts expired.
    await db
      .insertInto('leases')
      .values({ name, holder: '', expires_at: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const result = await db
      .updateTable('leases')
      .set({ holder, expires_at: until })
      .where('name', '=', name)
      .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<=', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Extends our lease; false when it is no longer ours (it ran out and another process took it). */
  renew: async (name: string, holder: string, until: number): Promise<boolean> => {
    const result = await db
      .updateTable('leases')
      .set({ expires_at: until })
      .where('name', '=', name)
      .where('holder', '=', holder)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  find: (name: string) => db.selectFrom('leases').selectAll().where('name', '=', name).executeTakeFirst(),
});
export type LeaseQueries = ReturnType<typeof createLeaseQueries>;
