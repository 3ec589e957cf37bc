import { createPrivateKey, type KeyObject } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { policy } from '../policy.js';
import { randomToken } from '../services/tokens.js';
import type { HubDatabase } from '../storage/database.js';
import type { PrivateKeySealer } from '../storage/key-encryption.js';
import { createSigningKeyQueries } from '../storage/signing-keys.js';

export const AINFO_ALG = 'ES256';
/** The OpenID Connect provider signs with ES256 too, and with RS256 for clients that need it. */
export const OIDC_ALGS = ['ES256', 'RS256'] as const;
/** An ainfo token's lifetime in seconds (its exp claim): the policy's ainfoTtlMs. */
export const AINFO_TTL_SECONDS = policy.ainfoTtlMs / 1000;
/**
 * A new key is published this long before it signs, so tools that cache the JWKS (jose refetches
 * at most every 30 s) already know it when its first token arrives.
 */
export const KEY_PUBLISH_LEAD_MS = policy.signingKeyPublishLeadMs;

/**
 * How long a JWKS answer may be cached (Cache-Control max-age). Half the publication lead: a tool
 * or a cache in front of the hub that fetched the set just before a rotation fetches it again while
 * the new key is still only published, not yet signing.
 */
export const JWKS_MAX_AGE_SECONDS = policy.jwksCacheMaxAgeMs / 1000;

/**
 * How long a process may go on signing with the key it looked up last, without asking the database
 * again. Far below KEY_PUBLISH_LEAD_MS: a rotation made by another process is picked up long
 * before its key has to sign, and the key it supersedes stays published meanwhile.
 */
const CURRENT_KEY_RECHECK_MS = policy.signingKeyRecheckMs;

export interface SigningKey {
  kid: string;
  /** A node:crypto key: ainfo is signed synchronously, on the event loop, not in libuv's thread pool. */
  privateKey: KeyObject;
}

export interface KeyRing {
  /** The key to sign with now; created on first use when the database holds none. */
  current(): Promise<SigningKey>;
  /**
   * Makes the first key when none is live, so a fresh hub publishes the key it will sign with
   * before its first sign-in (the start-up does it, once, before serving).
   */
  ensure(): Promise<void>;
  /** The public keys to publish at /.well-known/jwks.json. */
  jwks(): Promise<{ keys: JWK[] }>;
  /**
   * Publishes a new key, which signs from KEY_PUBLISH_LEAD_MS on; the old ones sign until then and
   * stay published until their last tokens have expired.
   */
  rotate(): Promise<string>;
  /**
   * The private keys the OpenID Connect provider holds: for each of OIDC_ALGS the key that signs
   * now first, then the other live ones. An RS256 key is made on first use when there is none.
   * `fingerprint` changes whenever the set or the signing order does.
   */
  providerJwks(): Promise<{ keys: JWK[]; fingerprint: string }>;
}

/**
 * Which of the live keys (newest first) signs at `now`: the newest published long enough; else the
 * superseded key that signs until its successor's lead has passed; else a lone new key (the very
 * first signs at once). Undefined when none is live.
 */
export const signingKeyOf = <K extends { created_at: number; retired_at: number | null }>(
  live: readonly K[],
  now: number,
): K | undefined =>
  live.find((key) => key.created_at <= now - KEY_PUBLISH_LEAD_MS) ??
  live.find((key) => key.retired_at !== null) ??
  live[0];

/**
 * ES256 signing keys persisted in the database, so every hub process signs and publishes the same set.
 * Their private halves are sealed with the key-encryption key (`sealer`; the local stand-in by default).
 */
export const createKeyRing = (
  database: HubDatabase,
  now: () => number,
  sealer?: PrivateKeySealer,
): KeyRing => {
  const queries = createSigningKeyQueries(database.db, sealer);
  let cached: { key: SigningKey; recheckAt: number } | undefined;

  const createKey = async (alg: string = AINFO_ALG): Promise<string> => {
    const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
    const kid = `${new Date(now()).toISOString().slice(0, 10)}-${randomToken(6)}`;
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg };
    await queries.insert({
      kid,
      alg,
      public_jwk: JSON.stringify(publicJwk),
      private_jwk: JSON.stringify(privateJwk),
      created_at: now(),
      retired_at: null,
    });
    return kid;
  };

  return {
    async current() {
      if (cached && now() < cached.recheckAt) return cached.key;
      // ainfo is ES256 only: the RS256 keys beside them are the OpenID Connect provider's.
      const ofAinfoAlg = (rows: Awaited<ReturnType<typeof queries.findLive>>) =>
        rows.filter((row) => row.alg === AINFO_ALG);
      let live = ofAinfoAlg(await queries.findLive(now()));
      if (live.length === 0) {
        await createKey();
        live = ofAinfoAlg(await queries.findLive(now()));
      }
      const row = signingKeyOf(live, now());
      if (!row) throw new Error('no signing key could be created');
      const key =
        cached?.key.kid === row.kid
          ? cached.key
          : {
              kid: row.kid,
              privateKey: createPrivateKey({ key: JSON.parse(queries.privateJwkOf(row)), format: 'jwk' }),
            };
      cached = { key, recheckAt: now() + CURRENT_KEY_RECHECK_MS };
      return key;
    },
    async ensure() {
      if ((await queries.findLive(now())).length === 0) await createKey();
    },
    async jwks() {
      const rows = await queries.findPublished(now() - AINFO_TTL_SECONDS * 1000);
      return { keys: rows.map((row) => JSON.parse(row.public_jwk) as JWK) };
    },
    async rotate() {
      const hasRsa = (await queries.findLive(now())).some((row) => row.alg === 'RS256');
      const kid = await createKey();
      // The OpenID Connect provider's RS256 key (made when it first signs) rotates with it, under
      // the same publication rules.
      const kids = hasRsa ? [kid, await createKey('RS256')] : [kid];
      await queries.retireAllBut(kids, now() + KEY_PUBLISH_LEAD_MS);
      cached = undefined;
      return kid;
    },
    async providerJwks() {
      let live = await queries.findLive(now());
      for (const alg of OIDC_ALGS)
        if (!live.some((row) => row.alg === alg)) {
          await createKey(alg);
          live = await queries.findLive(now());
        }
      const ordered = OIDC_ALGS.flatMap((alg) => {
        const ofAlg = live.filter((row) => row.alg === alg);
        const signing = signingKeyOf(ofAlg, now());
        return signing ? [signing, ...ofAlg.filter((row) => row !== signing)] : ofAlg;
      });
      return {
        keys: ordered.map((row) => JSON.parse(queries.privateJwkOf(row)) as JWK),
        fingerprint: ordered.map((row) => row.kid).join(' '),
      };
    },
  };
};
