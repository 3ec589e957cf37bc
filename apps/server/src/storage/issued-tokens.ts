import type { Db } from './db.js';
import type { IssuedTokensTable } from './schema.js';

/** The jti of every ainfo issued, so a tool can redeem each one once. */
export const createIssuedTokenQueries = (db: Db) => ({
  insert: (token: IssuedTokensTable, trx: Db = db) => trx.insertInto('issued_tokens').values(token).execute(),

  /**
   * Marks the token redeemed; false when it is not this tool's, already redeemed or expired. One
   * conditional update, so of any number of concurrent redeems (from any process) one wins.
   */
  redeem: async (trx: Db, jti: string, tid: number, now: number) => {
    const result = await trx
      .updateTable('issued_tokens')
      .set({ redeemed_at: now })
      .where('jti', '=', jti)
      .where('tid', '=', tid)
      .where('redeemed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
});
export type IssuedTokenQueries = ReturnType<typeof createIssuedTokenQueries>;
