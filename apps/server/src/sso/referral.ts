import { buildReferral, decodeRefAFrnd } from '@hub/core';
import type { Hub } from '../hub.js';
import { randomToken } from '../services/tokens.js';
import type { Db } from '../storage/db.js';

/**
 * Spec §4: a referral record when a ref_a_frnd came with the request and its referrer exists;
 * referred_from is 1 for tool flows and the link's ref_from in the plain flow. Once per account
 * and tool.
 */
export const recordReferral = async (
  hub: Hub,
  db: Db,
  input: { refAFrnd: string | undefined; accountId: string; viaTool: boolean; now: number },
) => {
  if (!input.refAFrnd) return;
  const decoded = decodeRefAFrnd(input.refAFrnd);
  if (!decoded.ok) return;
  if (decoded.value.aid === input.accountId) return;
  const referrer = await hub.accounts.findById(String(decoded.value.aid), db);
  if (!referrer) return;
  const record = buildReferral({
    referral: decoded.value,
    referredUserId: input.accountId,
    viaTool: input.viaTool,
  });
  await hub.referrals.insertOnce({ id: randomToken(16), ...record, created_at: input.now }, db);
};
