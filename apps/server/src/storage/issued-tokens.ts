import type { Db } from './db.js';
import { precompiled } from './precompiled.js';
import type { IssuedTokensTable } from './schema.js';

// Every sign-in issues an ainfo: compiled once (precompiled.ts), every column named.
const insertToken = precompiled<IssuedTokensTable, never>(
  ['jti', 'tid', 'account_id', 'expires_at', 'redeemed_at'],
  (db, token) => db.insertInto('issued_tokens').values(token),
);

// Every redeem of an ainfo (a tool's back channel): compiled once.
const redeemToken = precompiled<{ jti: string; tid: number; now: number }, never>(
  ['jti', 'tid', 'now'],
  (db, v) =>
    db
      .updateTable('issued_tokens')
      .set({ redeemed_at: v.now })
      .where('jti', '=', v.jti)
      .where('tid', '=', v.tid)
      .where('redeemed_at', 'is', null)
      .where('expires_at', '>', v.now),
);

/** The jti of every ainfo issued, so a tool can redeem each one once. */
export const createIssuedTokenQueries = (db: Db) => ({
  insert: async (token: IssuedTokensTable, trx: Db = db) => {
    await insertToken(trx, token);
  },

  /**
   * Marks the token redeemed; false when it is not this tool's, already redeemed or expired. One
   * conditional update, so of any number of concurrent redeems (from any process) one wins.
   */
  redeem: async (trx: Db, jti: string, tid: number, now: number) =>
    Number((await redeemToken(trx, { jti, tid, now })).numAffectedRows) === 1,

  /** The tools holding ainfo of the account that is still redeemable (none for a platform: tid 0). */
  pendingToolsOf: async (accountId: string, now: number) =>
    (
      await db
        .selectFrom('issued_tokens')
        .select('tid')
        .distinct()
        .where('account_id', '=', accountId)
        .where('tid', '>', 0)
        .where('redeemed_at', 'is', null)
        .where('expires_at', '>', now)
        .execute()
    ).map((row) => row.tid),

  /** Makes the account's unredeemed ainfo for a tool expire now, so no redeem succeeds; how many. */
  expirePending: async (trx: Db, accountId: string, tid: number, now: number) => {
    const result = await trx
      .updateTable('issued_tokens')
      .set({ expires_at: now })
      .where('account_id', '=', accountId)
      .where('tid', '=', tid)
      .where('redeemed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
});
export type IssuedTokenQueries = ReturnType<typeof createIssuedTokenQueries>;
