import { buildPlatformExitUrl, type Platform } from '@hub/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setSessionCookie } from '../http/request-context.js';
import type { Hub } from '../hub.js';
import { recordAudit } from '../services/audit.js';
import { randomToken, sha256 } from '../services/tokens.js';
import { issueAinfo } from '../sso/ainfo.js';
import type { FlowContextRecord } from './flow-context.js';

export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export interface SignInOutcome {
  accountId: string;
  platform: Platform;
  authMethod: 'password' | 'signup';
  context: FlowContextRecord;
}

/**
 * DESIGN.md rule 5: every sign-in ends here. It creates the hub session, writes the audit event
 * and chooses the exit — the platform site's /sso/account/auth with a signed ainfo and subcb.
 * (Tool callbacks are added here by the SSO work, not in each flow.)
 */
export const completeSignIn = async (
  hub: Hub,
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: SignInOutcome,
): Promise<{ next: 'redirect'; location: string }> => {
  const now = hub.now();
  const token = randomToken(32);
  await hub.sessions.insert({
    id: sha256(token),
    account_id: outcome.accountId,
    platform: outcome.platform,
    auth_method: outcome.authMethod,
    ip: request.ip,
    user_agent: request.headers['user-agent']?.slice(0, 512) ?? null,
    created_at: now,
    last_seen_at: now,
    expires_at: now + SESSION_TTL_SECONDS * 1000,
    revoked_at: null,
  });
  setSessionCookie(reply, hub.config, token, SESSION_TTL_SECONDS);
  await recordAudit(
    hub.db,
    {
      event: outcome.authMethod === 'signup' ? 'signup.completed' : 'login.success',
      outcome: 'success',
      accountId: outcome.accountId,
      ip: request.ip,
      detail: { platform: outcome.platform, method: outcome.authMethod },
    },
    now,
  );
  const ainfo = await issueAinfo(
    { db: hub.db, keys: hub.keys, issuer: hub.config.publicUrl, now: hub.now },
    {
      accountId: outcome.accountId,
      accountType: outcome.platform,
      platform: outcome.platform,
      authMethod: outcome.authMethod,
    },
    { kind: 'platform', platform: outcome.platform },
  );
  const location = buildPlatformExitUrl(
    hub.config.platformUrls[outcome.platform],
    ainfo,
    outcome.context.subcb,
  );
  return { next: 'redirect', location };
};
