import { sign } from 'node:crypto';
import type { Platform } from '@hub/core';
import type { Kysely } from 'kysely';
import { timeOrderedToken } from '../services/tokens.js';
import { createIssuedTokenQueries } from '../storage/issued-tokens.js';
import type { Database } from '../storage/schema.js';
import { AINFO_ALG, AINFO_TTL_SECONDS, type KeyRing, type SigningKey } from './signing-keys.js';

export interface AinfoSubject {
  accountId: string;
  /** The spec's account_type: the platform the account signs in to (3 on return from switching to a tool). */
  accountType: number | Platform;
  platform: Platform;
  /**
   * How the person signed in. Kept for the audit log, not put in the token: a tool must not be
   * able to tell a provider sign-in from a password login.
   */
  authMethod: string;
  /**
   * The RFC 8176 methods the hub checked (docs/second-factors.md): `pwd`, `otp`, `hwk`, `user`,
   * `mfa`. A provider sign-in names none of its own.
   */
  amr?: string[];
  /**
   * When the person last proved who they are (ms): a sign-in's own time, or the hub session's for a
   * sign-in by that session. In the token as `auth_time` (seconds), for a tool that asked for a
   * fresh sign-in (docs/partner-integration.md "Fresh sign-in") to check.
   */
  authTime?: number;
}

/** Who the token is for: a platform site or one tool (its `aud`). */
export type AinfoAudience = { kind: 'platform'; platform: Platform } | { kind: 'tool'; tid: number };

export const audienceClaim = (audience: AinfoAudience): string =>
  audience.kind === 'platform' ? `platform:${audience.platform}` : `tool:${audience.tid}`;

/**
 * docs/security.md "ainfo": ainfo is a compact ES256 JWS, valid 120 s, bound to one audience, with a
 * unique jti recorded so a tool can redeem it once. Its payload still carries aid and account_type.
 */
export const issueAinfo = async (
  deps: { db: Kysely<Database>; keys: KeyRing; issuer: string; now: () => number },
  subject: AinfoSubject,
  audience: AinfoAudience,
): Promise<string> => {
  const key = await deps.keys.current();
  const now = deps.now();
  const iat = Math.floor(now / 1000);
  const jti = timeOrderedToken(now, 16);
  const token = signJwt(key, {
    aid: subject.accountId,
    account_type: subject.accountType,
    platform: subject.platform,
    ...(subject.amr ? { amr: subject.amr } : {}),
    auth_time: Math.floor((subject.authTime ?? now) / 1000),
    iss: deps.issuer,
    sub: subject.accountId,
    aud: audienceClaim(audience),
    iat,
    exp: iat + AINFO_TTL_SECONDS,
    jti,
  });
  await createIssuedTokenQueries(deps.db).insert({
    jti,
    tid: audience.kind === 'tool' ? audience.tid : 0,
    account_id: subject.accountId,
    expires_at: (iat + AINFO_TTL_SECONDS) * 1000,
    redeemed_at: null,
  });
  return token;
};

const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A compact ES256 JWS (RFC 7515/7518): the signature in IEEE P1363 form (r ‖ s), as JOSE requires.
 * Signed with node:crypto on the spot, it costs no trip through libuv's thread pool, which is busy
 * with Argon2id when logins are many.
 */
export const signJwt = (key: SigningKey, claims: Record<string, unknown>): string => {
  const input = `${segment({ alg: AINFO_ALG, kid: key.kid, typ: 'JWT' })}.${segment(claims)}`;
  const signature = sign('sha256', Buffer.from(input), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
};
