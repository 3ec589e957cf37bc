import type { Db } from './db.js';
import type { ReferralsTable } from './schema.js';

export const createReferralQueries = (db: Db) => ({
  /** Writes the referral unless the account already has one for the tool (once per account and tool). */
  insertOnce: (referral: ReferralsTable, trx: Db = db) =>
    trx
      .insertInto('referrals')
      .values(referral)
      .onConflict((oc) => oc.columns(['referred_user_id', 'tool']).doNothing())
      .execute(),
});
export type ReferralQueries = ReturnType<typeof createReferralQueries>;
