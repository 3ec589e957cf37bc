import { buildPlatformExitUrl, decodeToolSession, type Platform } from '@hub/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setSessionCookie } from '../http/request-context.js';
import type { Hub } from '../hub.js';
import { oidcExitLocation } from '../oidc/interaction.js';
import { recordAudit } from '../services/audit.js';
import { randomToken, sha256 } from '../services/tokens.js';
import { issueAinfo } from '../sso/ainfo.js';
import { toolExitUrl } from '../sso/tool-exit.js';
import type { FlowContextRecord } from './flow-context.js';

export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export interface SignInOutcome {
  accountId: string;
  platform: Platform;
  authMethod: 'password' | 'signup' | 'session' | 'google' | 'facebook';
  context: FlowContextRecord;
  /** Returning from switching to a tool: the ainfo carries account type 3. */
  fromSwitching?: boolean;
}

/**
 * DESIGN.md rule 5: every sign-in ends here. It creates the hub session (unless the browser
 * already holds one for the account), writes the audit event and chooses the exit: the tool's
 * registered callback when the flow came from a tool, else the platform site's /sso/account/auth.
 */
export const completeSignIn = async (
  hub: Hub,
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: SignInOutcome,
): Promise<{ next: 'redirect'; location: string }> => {
  const location = await exitLocation(hub, outcome, request);
  const now = hub.now();
  if (outcome.authMethod !== 'session') await startSession(hub, request, reply, outcome, now);
  await recordAudit(
    hub.db,
    {
      event: outcome.authMethod === 'signup' ? 'signup.completed' : 'login.success',
      outcome: 'success',
      accountId: outcome.accountId,
      ip: request.ip,
      detail: {
        platform: outcome.platform,
        method: outcome.authMethod,
        tool: toolOf(outcome.context) ?? null,
      },
    },
    now,
  );
  // The page that hands the proof over must not leak it in a Referer.
  reply.header('referrer-policy', 'no-referrer');
  return { next: 'redirect', location };
};

const toolOf = (context: FlowContextRecord) => {
  const decoded = context.from ? decodeToolSession(context.from) : undefined;
  return decoded?.ok ? decoded.value.tid : undefined;
};

const exitLocation = async (hub: Hub, outcome: SignInOutcome, request: FastifyRequest) => {
  // An OpenID Connect sign-in ends its interaction; the provider answers the client from there.
  if (outcome.context.oidc) return oidcExitLocation(hub, request, outcome.accountId, outcome.context.oidc);
  const decoded = outcome.context.from ? decodeToolSession(outcome.context.from) : undefined;
  if (decoded?.ok) {
    return toolExitUrl(hub, {
      accountId: outcome.accountId,
      platform: outcome.platform,
      session: { ...decoded.value, subcb: decoded.value.subcb ?? outcome.context.subcb },
      authMethod: outcome.authMethod,
      ...(outcome.fromSwitching ? { fromSwitching: true } : {}),
    });
  }
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
  return buildPlatformExitUrl(hub.config.platformUrls[outcome.platform], ainfo, outcome.context.subcb);
};

const startSession = async (
  hub: Hub,
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: SignInOutcome,
  now: number,
) => {
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
};
