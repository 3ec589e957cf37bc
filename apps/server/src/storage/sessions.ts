import type { Kysely, Transaction } from 'kysely';
import { precompiled } from './precompiled.js';
import type { Database, SessionsTable } from './schema.js';

export const sessionColumns = [
  'id',
  'account_id',
  'platform',
  'auth_method',
  'amr',
  'ip',
  'user_agent',
  'created_at',
  'last_seen_at',
  'expires_at',
  'revoked_at',
] as const satisfies readonly (keyof SessionsTable)[];
// Every sign-in writes one: compiled once (precompiled.ts), every column named. A column added to
// the table must be added here too, or its value is silently left out (precompiled.test.ts checks).
const insertSession = precompiled<SessionsTable, never>(sessionColumns, (db, session) =>
  db.insertInto('sessions').values(session),
);

export const createSessionQueries = (db: Kysely<Database>) => ({
  insert: async (session: SessionsTable) => {
    await insertSession(db, session);
  },

  /** The methods a live session has proved, after a second step added one (sso/complete-sign-in.ts). */
  setAmr: async (id: string, amr: string) => {
    await db.updateTable('sessions').set({ amr }).where('id', '=', id).execute();
  },

  findActive: (id: string, now: number) =>
    db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst(),

  /** Ends every session of an account, but the one kept (a password reset ends the others). */
  revokeAllFor: async (
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
    return Number((await query.executeTakeFirst()).numUpdatedRows);
  },

  /** The account's live sessions, the most recently used first (the Devices page). */
  listActiveFor: (accountId: string, now: number) =>
    db
      .selectFrom('sessions')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('last_seen_at', 'desc')
      .orderBy('created_at', 'desc')
      .execute(),

  /**
   * Records that a session was used, unless another request (of any process) did after `staleBefore`:
   * the condition makes the write happen at most once per interval per session.
   */
  touch: (id: string, now: number, staleBefore: number) =>
    db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('id', '=', id)
      .where('last_seen_at', '<=', staleBefore)
      .execute(),

  /** Ends one of the account's live sessions; false when it has no such session (another account's, or over). */
  revokeOwn: async (
    accountId: string,
    id: string,
    now: number,
    trx: Kysely<Database> | Transaction<Database> = db,
  ) => {
    const result = await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Ends one session; true when it was live until now (false: ended already). */
  revoke: async (id: string, now: number, trx: Kysely<Database> | Transaction<Database> = db) =>
    Number(
      (
        await trx
          .updateTable('sessions')
          .set({ revoked_at: now })
          .where('id', '=', id)
          .where('revoked_at', 'is', null)
          .executeTakeFirst()
      ).numUpdatedRows,
    ) === 1,
});
export type SessionQueries = ReturnType<typeof createSessionQueries>;
