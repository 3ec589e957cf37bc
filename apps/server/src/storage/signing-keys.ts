import type { Kysely } from 'kysely';
import { createSealer, type PrivateKeySealer, rewrapRows } from './key-encryption.js';
import type { Database, SigningKeysTable } from './schema.js';

/**
 * The signing keys' rows. The private JWK is sealed on its way in and opened on its way out
 * (`sealer`), so the database never holds a private key in clear; callers see plain JWK text.
 */
export const createSigningKeyQueries = (db: Kysely<Database>, sealer: PrivateKeySealer = createSealer()) => ({
  /** `key.private_jwk` is the plain JWK text: it is stored sealed. */
  insert: (key: SigningKeysTable) =>
    db
      .insertInto('signing_keys')
      .values({ ...key, private_jwk: sealer.seal(key.kid, key.private_jwk) })
      .execute(),

  /** The plain private JWK text of a row read by findLive (throws KeyDecryptionError when it cannot). */
  privateJwkOf: (row: Pick<SigningKeysTable, 'kid' | 'private_jwk'>) => sealer.open(row.kid, row.private_jwk),

  /** Keys that may still sign at `now` (not retired yet), newest first. */
  findLive: (now: number) =>
    db
      .selectFrom('signing_keys')
      .selectAll()
      .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', now)]))
      .orderBy('created_at', 'desc')
      .orderBy('kid', 'desc')
      .execute(),

  /** Keys to publish: active ones, and retired ones whose last token may still be valid. */
  findPublished: (notRetiredBefore: number) =>
    db
      .selectFrom('signing_keys')
      .selectAll()
      .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', notRetiredBefore)]))
      .orderBy('created_at', 'desc')
      .execute(),

  /**
   * Every key, newest first, its private half as stored (sealed): the operator's read-only
   * listing (`hub keys list`); the key ring itself never needs every row.
   */
  listAll: () =>
    db
      .selectFrom('signing_keys')
      .select(['kid', 'alg', 'created_at', 'retired_at', 'private_jwk'])
      .orderBy('created_at', 'desc')
      .orderBy('kid', 'desc')
      .execute(),

  /** Retires every key but `kid` (or the kids given: the new key of each algorithm). */
  retireAllBut: (kid: string | readonly string[], now: number) =>
    db
      .updateTable('signing_keys')
      .set({ retired_at: now })
      .where('kid', 'not in', typeof kid === 'string' ? [kid] : [...kid])
      .where('retired_at', 'is', null)
      .execute(),

  /**
   * The start-up check: the not yet retired keys this process cannot open (with why), and those it
   * can but that are not sealed with the current KEK (plain rows from before encryption, or sealed
   * with the local stand-in or the previous KEK) and wait for `hub keys rewrap`.
   */
  checkLive: async (now: number) => {
    const rows = await db
      .selectFrom('signing_keys')
      .select(['kid', 'private_jwk'])
      .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', now)]))
      .execute();
    const unreadable: { kid: string; reason: string }[] = [];
    const notCurrent: string[] = [];
    for (const row of rows) {
      try {
        sealer.open(row.kid, row.private_jwk);
        const protection = sealer.protection(row.private_jwk);
        if (protection.kind === 'plain' || protection.kekId !== sealer.currentKekId) notCurrent.push(row.kid);
      } catch (error) {
        unreadable.push({ kid: row.kid, reason: (error as Error).message });
      }
    }
    return { unreadable, notCurrent };
  },

  /**
   * `hub keys rewrap`: seals every private key not yet sealed with the current KEK anew with it.
   * Each row is replaced only if it still holds what was read, so a concurrent rewrap or rotation
   * loses nothing. Rows that cannot be opened are left as they are and named.
   */
  rewrapAll: async () => {
    const rows = await db.selectFrom('signing_keys').select(['kid', 'private_jwk']).orderBy('kid').execute();
    return rewrapRows(
      sealer,
      rows.map((row) => ({ id: row.kid, stored: row.private_jwk })),
      async (kid, from, to) =>
        Number(
          (
            await db
              .updateTable('signing_keys')
              .set({ private_jwk: to })
              .where('kid', '=', kid)
              .where('private_jwk', '=', from)
              .executeTakeFirst()
          ).numUpdatedRows,
        ) === 1,
    );
  },
});
