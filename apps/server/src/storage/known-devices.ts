import type { Db } from './db.js';
import { precompiled } from './precompiled.js';

// Every sign-in asks (the look-up, for the risk of a new browser; the password step, to note its
// time): compiled once, as the other statements of a login are (precompiled.ts).
const knownDevice = precompiled<{ accountId: string; deviceHash: string }, { account_id: string }>(
  ['accountId', 'deviceHash'],
  (db, v) =>
    db
      .selectFrom('known_devices')
      .select('account_id')
      .where('account_id', '=', v.accountId)
      .where('device_hash', '=', v.deviceHash),
);
const touchDevice = precompiled<
  { accountId: string; deviceHash: string; language: string; now: number },
  never
>(['accountId', 'deviceHash', 'language', 'now'], (db, v) =>
  db
    .updateTable('known_devices')
    .set({ last_seen_at: v.now, language: v.language })
    .where('account_id', '=', v.accountId)
    .where('device_hash', '=', v.deviceHash),
);

/** The browsers each account signed in from (migration 0019, services/device.ts): by their cookie's SHA-256. */
export const createKnownDeviceQueries = (db: Db) => ({
  /** Whether this browser has signed in to the account before. */
  isKnown: async (accountId: string, deviceHash: string) =>
    (await knownDevice(db, { accountId, deviceHash })).rows.length > 0,

  /** A sign-in from a known browser: its time and language; false when the browser is not known. */
  touch: async (accountId: string, deviceHash: string, language: string, now: number) => {
    const updated = await touchDevice(db, { accountId, deviceHash, language, now });
    return Number(updated.numAffectedRows) > 0;
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
