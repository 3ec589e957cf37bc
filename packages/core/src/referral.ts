import { z } from 'zod';
import { decodeBase64JsonWith, encodeBase64Json } from './codecs.js';
import { storedIntegerSchema } from './contracts/input.js';
import { accountIdSchema, toolIdSchema } from './ids.js';
import type { Result } from './result.js';

export const REF_A_FRND_MAX_BYTES = 1024;

/** Spec §3 "ref_a_frnd": an encoded JSON with tid, aid (the referrer) and ref_from. */
export const refAFrndSchema = z.object({
  tid: toolIdSchema,
  aid: accountIdSchema,
  ref_from: storedIntegerSchema,
});
export type RefAFrnd = z.output<typeof refAFrndSchema>;

/** base64url (no padding) of the JSON, so the value needs no further escaping in a URL. */
export const encodeRefAFrnd = (value: RefAFrnd): string => encodeBase64Json(value);

export const decodeRefAFrnd = (raw: string | null | undefined): Result<RefAFrnd> =>
  decodeBase64JsonWith(refAFrndSchema, raw, REF_A_FRND_MAX_BYTES);

/** Spec §3 "Referral record". */
export const referralRecordSchema = z.object({
  tool: toolIdSchema,
  referrer_user_id: accountIdSchema,
  referred_user_id: accountIdSchema,
  referred_from: storedIntegerSchema,
});
export type ReferralRecord = z.output<typeof referralRecordSchema>;

/** Spec §4: referred_from is 1 for tool flows and the referrer's ref_from in the plain flow. */
export const REFERRED_FROM_TOOL = 1;

/**
 * Spec §4: the referral created when a referrer exists, for the referred account that just signed up
 * or logged in. `viaTool` is true when the user came through a tool (a 'from' session).
 */
export const buildReferral = (input: {
  referral: RefAFrnd;
  referredUserId: string;
  viaTool: boolean;
}): ReferralRecord => ({
  tool: input.referral.tid,
  referrer_user_id: input.referral.aid,
  referred_user_id: input.referredUserId,
  referred_from: input.viaTool ? REFERRED_FROM_TOOL : input.referral.ref_from,
});
