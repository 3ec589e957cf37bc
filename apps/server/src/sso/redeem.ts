import { createLocalJWKSet, type JWK, jwtVerify } from 'jose';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import type { ToolRow } from '../storage/tools.js';
import { audienceClaim } from './ainfo.js';

/**
 * The key set tokens are verified with, made anew only when the published keys change: jose
 * imports each key once per key set, and importing was a fifth of a redeem's CPU (docs/performance.md
 * "Performance"). The keys themselves are still read from the database on every redeem.
 */
let verificationKeys: { published: string; keySet: ReturnType<typeof createLocalJWKSet> } | undefined;
const keySetOf = (jwks: { keys: JWK[] }) => {
  const published = JSON.stringify(jwks);
  if (verificationKeys?.published !== published) {
    verificationKeys = { published, keySet: createLocalJWKSet(jwks) };
  }
  return verificationKeys.keySet;
};

/**
 * docs/security.md "ainfo": a tool redeems an ainfo once, server to server, for the account record.
 * The token must verify, be for this tool, be unexpired, and not have been redeemed (by any hub
 * process: the conditional update on issued_tokens decides).
 */
export const redeemAinfo = async (hub: Hub, tool: ToolRow, token: string) => {
  let payload: { jti?: string; aid?: unknown };
  // Read outside the try: the database failing to answer is a fault (503), not a bad token.
  const keySet = keySetOf(await hub.keys.jwks());
  try {
    const verified = await jwtVerify(token, keySet, {
      issuer: hub.config.publicUrl,
      audience: audienceClaim({ kind: 'tool', tid: tool.tid }),
      currentDate: new Date(hub.now()),
      algorithms: ['ES256'],
    });
    payload = verified.payload;
  } catch (error) {
    throw new HubError('token.invalid', { cause: error });
  }
  if (!payload.jti || typeof payload.aid !== 'string') throw new HubError('token.invalid');
  const { jti, aid } = payload;
  const now = hub.now();
  // The redemption commits only with the reads of its answer: a fault between them leaves the
  // token unredeemed, for the tool to try again, rather than spent with no answer given.
  return hub.db.transaction().execute(async (trx) => {
    if (!(await hub.issuedTokens.redeem(trx, jti, tool.tid, now))) throw new HubError('token.redeemed');
    const account = await hub.accounts.findById(aid, trx);
    if (!account) throw new HubError('token.invalid');
    const memberships = await hub.accounts.memberships(account.id, trx);
    return {
      account: {
        aid: account.id,
        email: account.email,
        mobile_num: account.mobile_num,
        username: account.username,
        verified: account.verified,
        home_platform: account.home_platform,
        platforms: memberships.map((m) => m.platform),
        ut: account.user_type,
        u_type: account.u_type,
      },
    };
  });
};
