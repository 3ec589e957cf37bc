import type { Kysely, Transaction } from 'kysely';
import type { Database, SessionsTable } from './schema.js';

export const createSessionQueries = (db: Kysely<Database>) => ({
  insert: (session: SessionsTable) => db.insertInto('sessions').values(session).execute(),

  findActive: (id: string, now: number) =>
    db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst(),

  /** Ends every session of an account, but the one kept (a password reset ends the others). */
  revokeAllFor: (
    trx: Kysely<Database> | Transaction<Database>,
    accountId: string,
    now: number,
    keep?: string,
  ) => {
    let query = trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null);
    if (keep) query = query.where('id', '!=', keep);
    return query.execute();
  },

  revoke: (id: string, now: number) =>
    db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute(),
});
export type SessionQueries = ReturnType<typeof createSessionQueries>;
