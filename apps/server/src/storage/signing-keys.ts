import type { Kysely } from 'kysely';
import type { Database, SigningKeysTable } from './schema.js';

export const createSigningKeyQueries = (db: Kysely<Database>) => ({
  insert: (key: SigningKeysTable) => db.insertInto('signing_keys').values(key).execute(),

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

  retireAllBut: (kid: string, now: number) =>
    db
      .updateTable('signing_keys')
      .set({ retired_at: now })
      .where('kid', '!=', kid)
      .where('retired_at', 'is', null)
      .execute(),
});
