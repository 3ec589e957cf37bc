import { createHmac, randomInt } from 'node:crypto';
import { SIGN_IN_CHALLENGE_HEADER } from '@hub/core';
import { type Challenge, createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { HubError } from '../errors.js';
import { policy } from '../policy.js';
import type { Db } from '../storage/db.js';
import { addressBuckets } from './client-address.js';
import { isKnownDevice } from './device.js';
import type { PairCounts } from './distinct-counts.js';
import { throttleRefusals } from './metrics.js';
import type { Throttle } from './throttle.js';
import { sha256 } from './tokens.js';

/**
 * Credential stuffing (docs/security.md "Credential stuffing"): sign-in attempts from browsers the
 * account does not know are counted, across hub processes in the throttle store, as distinct
 * accounts per address bucket and distinct buckets per account. Past the first thresholds the
 * attempt must carry a solved proof-of-work challenge (ALTCHA v2, self-hosted, signed with a key
 * derived from the hub's shared secret); past the second, the stricter limits of the policy apply
 * as well. An attempt is checked before it is counted: one refused for want of a solved challenge
 * counts nowhere. A challenge is bound to the browser's flow binding (and to the flow, at a password
 * step), expires, and is taken once (the throttle store remembers it, so across processes with Redis).
 */

/** The request header that carries a solved challenge: base64url of `{ challenge, solution }`. */
export const CHALLENGE_HEADER = SIGN_IN_CHALLENGE_HEADER;

/** Who attempts a sign-in step: the caller's address, browser binding, device cookie and solved challenge. */
export interface SignInAttempt {
  ip: string;
  binding: string;
  device?: string | undefined;
  challenge?: string | undefined;
}

/** A signed challenge as the page receives it. */
export interface IssuedChallenge {
  parameters: Challenge['parameters'] & Record<string, unknown>;
  signature: string;
}

export interface SignInGuard {
  /** A challenge for this browser (and this flow, at a password step). */
  issue(binding: string, flowId?: string): Promise<IssuedChallenge>;
  /**
   * Counts the attempt on `accountKey` (an account id, or the typed identifier of an unknown
   * account) unless the browser is a known device of `accountId`, and demands a challenge or
   * applies the stricter limits when the risk calls for them.
   */
  check(
    attempt: SignInAttempt,
    target: { accountKey: string; accountId?: string; flowId?: string },
  ): Promise<void>;
}

/** The risk of an attempt: 0 nothing, 1 a challenge, 2 a challenge and the stricter limits. */
export type StuffingLevel = 0 | 1 | 2;

/** The credential-stuffing counts' names in the throttle store: a bucket's accounts, an account's buckets. */
const COUNTS = { left: 'stuffing_ip_accounts', right: 'stuffing_account_ips' };
/** The same for IPv6 sites (/48): a site's accounts (an account's sites are not used). */
const SITE_COUNTS = { left: 'stuffing_site_accounts', right: 'stuffing_account_sites' };

const levelOf = (count: number, challengeAt: number, strictAt: number): StuffingLevel =>
  count > strictAt ? 2 : count > challengeAt ? 1 : 0;

interface SolvedChallenge {
  challenge: Challenge;
  solution: { counter: number; derivedKey: string };
}

const parseSolved = (header: string | undefined): SolvedChallenge | undefined => {
  if (!header || header.length > 4096) return undefined;
  try {
    const value = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as SolvedChallenge;
    const { challenge, solution } = value ?? {};
    if (typeof challenge?.signature !== 'string' || typeof challenge.parameters !== 'object')
      return undefined;
    if (typeof solution?.counter !== 'number' || typeof solution.derivedKey !== 'string') return undefined;
    return { challenge, solution };
  } catch {
    return undefined;
  }
};

/**
 * How an attempt's risk is read (`peekPair`) or noted (`distinctPair`) in the throttle store, its
 * thresholds multiplied by RATE_LIMIT_SCALE (`scale`).
 */
const stuffingRisk = (throttle: Throttle, scale: number) => {
  const scaled = (n: number) => Math.ceil(n * scale);

  /** The risk levels of a bucket's count of accounts and an account's count of buckets. */
  const levels = ({ ofLeft: accounts, ofRight: buckets }: PairCounts) => ({
    byIp: levelOf(
      accounts,
      scaled(policy.stuffingAccountsPerIpChallenge),
      scaled(policy.stuffingAccountsPerIpStrict),
    ),
    byAccount: levelOf(
      buckets,
      scaled(policy.stuffingIpsPerAccountChallenge),
      scaled(policy.stuffingIpsPerAccountStrict),
    ),
  });

  /**
   * The risk of an attempt from what the counts are (`peekPair`) or become (`distinctPair`): its
   * bucket's and its account's levels, and for an IPv6 address its site's (a /48), which only ever
   * asks for a challenge: without it one holder of a /48 could spread a run over 65,536 buckets of
   * /64, ten free accounts each.
   */
  return async (
    look: 'peekPair' | 'distinctPair',
    { bucket, site }: { bucket: string; site: string | undefined },
    accountKey: string,
  ): Promise<{ byIp: StuffingLevel; byAccount: StuffingLevel; challenge: boolean }> => {
    const counts = (names: typeof COUNTS, left: string) =>
      throttle[look](names, left, accountKey, policy.stuffingWindowMs);
    // Both at once for IPv6 (two round trips to Redis in parallel); IPv4 has no site to wait for.
    const [bucketCounts, siteCounts] = site
      ? await Promise.all([counts(COUNTS, bucket), counts(SITE_COUNTS, site)])
      : [await counts(COUNTS, bucket), undefined];
    const { byIp, byAccount } = levels(bucketCounts);
    const bySite = (siteCounts?.ofLeft ?? 0) > scaled(policy.stuffingAccountsPerSiteChallenge);
    return { byIp, byAccount, challenge: byIp > 0 || byAccount > 0 || bySite };
  };
};

export const createSignInGuard = (deps: {
  throttle: Throttle;
  db: Db;
  now: () => number;
  /** The hub's shared secret; the challenge keys are derived from it. */
  secret: Buffer;
  /** RATE_LIMIT_SCALE: multiplies the thresholds, as it does every throttle's points. */
  scale: number;
  /** SIGN_IN_CHALLENGE: off counts nothing and demands nothing. */
  enabled: boolean;
}): SignInGuard => {
  const derive = (label: string) => createHmac('sha256', deps.secret).update(label).digest('base64url');
  const signatureSecret = derive('altcha-challenge');
  const keySignatureSecret = derive('altcha-key');
  const bindingDigest = (binding: string) => sha256(`challenge:${binding}`).slice(0, 24);
  const riskOf = stuffingRisk(deps.throttle, deps.scale);

  const verify = async (attempt: SignInAttempt, flowId: string | undefined) => {
    const solved = parseSolved(attempt.challenge);
    if (!solved) {
      throttleRefusals.inc({ rule: attempt.challenge ? 'challenge_invalid' : 'challenge_required' });
      throw new HubError(attempt.challenge ? 'challenge.invalid' : 'challenge.required');
    }
    const data = solved.challenge.parameters.data ?? {};
    const bound =
      data.b === bindingDigest(attempt.binding) &&
      (data.f ?? undefined) === flowId &&
      typeof data.exp === 'number' &&
      data.exp > deps.now();
    const result = bound
      ? await verifySolution({
          challenge: solved.challenge,
          solution: solved.solution,
          deriveKey,
          hmacSignatureSecret: signatureSecret,
          hmacKeySignatureSecret: keySignatureSecret,
        })
      : undefined;
    // Taken once: a replay (here or on another process sharing the store) is refused.
    if (
      !result?.verified ||
      !(await deps.throttle.once('challenge_used', solved.challenge.signature!, policy.challengeTtlMs))
    ) {
      throttleRefusals.inc({ rule: 'challenge_invalid' });
      throw new HubError('challenge.invalid');
    }
  };

  return {
    async issue(binding, flowId) {
      const challenge = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: policy.challengeCost,
        counter: randomInt(policy.challengeCounterMin, policy.challengeCounterMax + 1),
        deriveKey,
        data: {
          b: bindingDigest(binding),
          exp: deps.now() + policy.challengeTtlMs,
          ...(flowId ? { f: flowId } : {}),
        },
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySignatureSecret,
      });
      return { parameters: { ...challenge.parameters }, signature: challenge.signature ?? '' };
    },
    async check(attempt, target) {
      if (!deps.enabled) return;
      // A person's own browser, one that signed in to this account before, is never asked.
      if (target.accountId && (await isKnownDevice(deps.db, target.accountId, attempt.device))) return;
      // An attempt that must solve a challenge is checked before it counts: one that has not solved
      // it is refused and noted nowhere, so a run that never solves one adds nothing to the counts
      // (their memory stays bounded however many identifiers it sprays) and moves no bucket or
      // account to the strict level, where a person sharing the address or owning the account would
      // meet it. Only attempts that get through count.
      const from = addressBuckets(attempt.ip);
      const challenged = (await riskOf('peekPair', from, target.accountKey)).challenge;
      if (challenged) await verify(attempt, target.flowId);
      const risk = await riskOf('distinctPair', from, target.accountKey);
      if (!risk.challenge) return;
      if (risk.byIp === 2) await deps.throttle.consume('stuffingStrictPerIp', from.bucket);
      if (risk.byAccount === 2) await deps.throttle.consume('stuffingStrictPerAccount', target.accountKey);
      // Attempts counted in between raised the level: this one needs its challenge too (counted, so
      // a burst of parallel attempts can leave as many notes as it had in flight, and no more).
      if (!challenged) await verify(attempt, target.flowId);
    },
  };
};
