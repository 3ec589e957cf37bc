import type { Db } from './db.js';

/** The browsers each account signed in from (migration 0019, services/device.ts): by their cookie's SHA-256. */
export const createKnownDeviceQueries = (db: Db) => ({
  /** Whether this browser has signed in to the account before. */
  isKnown: async (accountId: string, deviceHash: string) =>
    (await db
      .selectFrom('known_devices')
      .select('account_id')
      .where('account_id', '=', accountId)
      .where('device_hash', '=', deviceHash)
      .executeTakeFirst()) !== undefined,

  /** A sign-in from a known browser: its time and language; false when the browser is not known. */
  touch: async (accountId: string, deviceHash: string, language: string, now: number) => {
    const updated = await db
      .updateTable('known_devices')
      .set({ last_seen_at: now, language })
      .where('account_id', '=', accountId)
      .where('device_hash', '=', deviceHash)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  },

  /** The language of the account's most recently used browser, if it has any. */
  latestLanguage: async (accountId: string) =>
    (
      await db
        .selectFrom('known_devices')
        .select('language')
        .where('account_id', '=', accountId)
        .orderBy('last_seen_at', 'desc')
        .limit(1)
        .executeTakeFirst()
    )?.language,

  /**
   * A browser new to the account (a second sign-in racing it only moves its time). The account keeps
   * its `keep` most recently used browsers: the others are forgotten, so the table stays bounded.
   */
  add: async (accountId: string, deviceHash: string, language: string, now: number, keep: number) => {
    await db
      .insertInto('known_devices')
      .values({
        account_id: accountId,
        device_hash: deviceHash,
        language,
        first_seen_at: now,
        last_seen_at: now,
      })
      .onConflict((oc) => oc.columns(['account_id', 'device_hash']).doUpdateSet({ last_seen_at: now }))
      .execute();
    await db
      .deleteFrom('known_devices')
      .where('account_id', '=', accountId)
      .where(
        'device_hash',
        'not in',
        db
          .selectFrom('known_devices')
          .select('device_hash')
          .where('account_id', '=', accountId)
          .orderBy('last_seen_at', 'desc')
          .orderBy('device_hash')
          .limit(keep),
      )
      .execute();
  },
});
