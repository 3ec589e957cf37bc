import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * The hub's secret of this name: made at random by the first process that asks, the same for
 * every process on this database afterwards (the insert of a racing second process does nothing).
 */
export const sharedSecret = async (db: Kysely<Database>, name: string, now: number): Promise<Buffer> => {
  await db
    .insertInto('hub_secrets')
    .values({ name, value: randomBytes(32).toString('base64url'), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('hub_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
};
