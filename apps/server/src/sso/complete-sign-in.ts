import {
  accountNextPath,
  amrOf,
  buildPlatformExitUrl,
  decodeToolSession,
  type FirstFactor,
  type Platform,
  type RedirectAnswer,
  routePath,
  type SignInAnswer,
} from '@hub/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HubError } from '../errors.js';
import { setSessionCookie } from '../http/request-context.js';
import { currentSession, newSessionToken } from '../http/session.js';
import type { Hub } from '../hub.js';
import { cancelDeletion } from '../services/account-erasure.js';
import { recordAudit } from '../services/audit.js';
import { issueAinfo } from './ainfo.js';
import { checkSubcb } from './callbacks.js';
import { type ToolExit, toolExitUrl } from './tool-exit.js';

/**
 * What the exit reads of the flow's context: the tool session it came from and the page to return
 * to. A flow's whole context record fits; the exit needs no more of flows/ than this.
 */
export interface SignInContext {
  from?: string;
  subcb?: string;
  /** The OpenID Connect interaction the sign-in ends (its uid), when a client started it. */
  oidc?: string;
  /** The account center page a sign-in started there returns to (core accountNextPath). */
  next?: string;
}

export interface SignInOutcome {
  accountId: string;
  platform: Platform;
  authMethod: 'password' | 'signup' | 'session' | 'google' | 'facebook' | 'passkey';
  context: SignInContext;
  /** Returning from switching to a tool: the ainfo carries account type 3. */
  fromSwitching?: boolean;
  /** The second factors this sign-in proved (the second step, mfa/second-step.ts, resumes with them). */
  secondFactors?: string[];
}

/**
 * Where the tool login shows why a sign-in did not go on to a restricted tool: the screen reads
 * `refused` and names the tool ('Account is not registered to {tool name}').
 */
export const TOOL_REFUSAL_PARAM = 'refused';
export const TOOL_REFUSAL_NOT_MEMBER = 'not_registered_to_tool';

/**
 * Every sign-in ends here (docs/architecture.md). It creates the hub session (unless the browser
 * already holds one for the account), writes the audit event and chooses the exit: the tool's
 * registered callback when the flow came from a tool, else the platform site's /sso/account/auth.
 *
 * A restricted tool's membership is checked here, so no screen or method (password, sign-up,
 * switching, linking, Google, Facebook) can get around it. A non-member still gets the hub session
 * (they proved who they are, and a sign-up's account exists) but no ainfo for the tool: they land
 * on the tool login with the refusal shown.
 */
const completeAnySignIn = async (
  hub: Hub,
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: SignInOutcome,
): Promise<SignInAnswer> => {
  // An account that confirms its sign-ins with a second factor stops here until it has (docs/second-factors.md).
  const secondStep = await hub.secondStep?.(request, reply, outcome);
  if (secondStep) {
    const { location, ...answer } = secondStep;
    // A sign-in by the browser's session or by a new account answers with a redirect (the SSO
    // handler, Continue, the sign-up's last step): it goes to the same step on the login screen.
    return outcome.authMethod === 'session' || outcome.authMethod === 'signup'
      ? { next: 'redirect', location }
      : answer;
  }
  const amr = await amrOfSignIn(hub, request, outcome);
  // The tool session the sign-in came from, decoded once for the exit and the audit row.
  const toolSession = toolSessionOf(outcome.context);
  const exit = await exitLocation(hub, outcome, toolSession, request, amr);
  const now = hub.now();
  if (outcome.authMethod !== 'session') {
    await startSession(hub, request, reply, outcome, amr, now);
    // Signing in within the grace period keeps an account whose deletion was asked for.
    await cancelDeletion(hub, outcome.accountId, request.ip);
  }
  // The answer holds an ainfo (or leads to one): no cache may keep it.
  reply.header('cache-control', 'no-store');
  const refused = 'notMemberOf' in exit;
  if (refused) {
    await recordAudit(
      hub.db,
      {
        event: 'sso.tool_refused',
        outcome: 'refused',
        accountId: outcome.accountId,
        ip: request.ip,
        detail: { platform: outcome.platform, method: outcome.authMethod, tool: exit.notMemberOf.tid },
      },
      now,
    );
  }
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
        tool: refused ? null : (toolSession?.tid ?? null),
      },
    },
    now,
  );
  // The page that hands the proof over must not leak it in a Referer.
  reply.header('referrer-policy', 'no-referrer');
  return { next: 'redirect', location: refused ? refusalLocation(outcome) : exit.location };
};

/**
 * A sign-in by a new account (sign-up), by the browser's live hub session, or by a passkey (which
 * proves possession and the person's verification at once) never stops for a second factor: its
 * answer is always the exit.
 */
type CompleteSignIn = {
  (
    hub: Hub,
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: SignInOutcome & { authMethod: 'signup' | 'session' | 'passkey' },
  ): Promise<RedirectAnswer>;
  (hub: Hub, request: FastifyRequest, reply: FastifyReply, outcome: SignInOutcome): Promise<SignInAnswer>;
};
export const completeSignIn = completeAnySignIn as CompleteSignIn;

/** The tool login of the same tool session, told to show why the sign-in stopped there. */
const refusalLocation = (outcome: SignInOutcome) => {
  const query = new URLSearchParams({
    from: outcome.context.from ?? '',
    [TOOL_REFUSAL_PARAM]: TOOL_REFUSAL_NOT_MEMBER,
  });
  return `${routePath('tool_login', { platform: outcome.platform })}?${query.toString()}`;
};

const toolSessionOf = (context: SignInContext) => {
  const decoded = context.from ? decodeToolSession(context.from) : undefined;
  return decoded?.ok ? decoded.value : undefined;
};

/**
 * The RFC 8176 methods of this sign-in: its first factor and the second factors it proved; a
 * sign-in by the browser's hub session keeps the methods that session was signed in with.
 */
const amrOfSignIn = async (hub: Hub, request: FastifyRequest, outcome: SignInOutcome) => {
  if (outcome.authMethod !== 'session')
    return amrOf(outcome.authMethod as FirstFactor, outcome.secondFactors);
  const session = await currentSession(hub, request);
  const held = session?.amr ? session.amr.split(' ') : [];
  if (!outcome.secondFactors?.length) return held;
  // A session's sign-in that a tool or platform required a second factor for: the session proved its
  // first factor, the second step just proved another, and the session now holds both.
  if (!session) throw new HubError('session.required');
  const amr = [...new Set([...held, ...amrOf('session', outcome.secondFactors), 'mfa'])];
  await hub.sessions.setAmr(session.id, amr.join(' '));
  return amr;
};

const exitLocation = async (
  hub: Hub,
  outcome: SignInOutcome,
  toolSession: ReturnType<typeof toolSessionOf>,
  request: FastifyRequest,
  amr: string[],
): Promise<ToolExit> => {
  // An OpenID Connect sign-in ends its interaction; the provider answers the client from there.
  if (outcome.context.oidc) {
    if (!hub.oidcExit) throw new HubError('oidc.interaction_invalid');
    return { location: await hub.oidcExit(request, outcome.accountId, outcome.context.oidc, amr) };
  }
  if (toolSession) {
    return toolExitUrl(hub, {
      accountId: outcome.accountId,
      platform: outcome.platform,
      session: { ...toolSession, subcb: toolSession.subcb ?? outcome.context.subcb },
      authMethod: outcome.authMethod,
      amr,
      ...(outcome.fromSwitching ? { fromSwitching: true } : {}),
    });
  }
  // Sent to log in by the account center: back there, checked again (no ainfo is needed on the hub).
  const back = accountNextPath(outcome.context.next);
  if (back) return { location: back };
  // The platform exit follows the same subcb rule as a tool's (checked before any ainfo exists).
  const subcb = checkSubcb(outcome.context.subcb);
  const ainfo = await issueAinfo(
    { db: hub.db, keys: hub.keys, issuer: hub.config.publicUrl, now: hub.now },
    {
      accountId: outcome.accountId,
      accountType: outcome.platform,
      platform: outcome.platform,
      authMethod: outcome.authMethod,
      amr,
    },
    { kind: 'platform', platform: outcome.platform },
  );
  return { location: buildPlatformExitUrl(hub.config.platformUrls[outcome.platform], ainfo, subcb) };
};

const startSession = async (
  hub: Hub,
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: SignInOutcome,
  amr: string[],
  now: number,
) => {
  const { token, id } = newSessionToken(now);
  await hub.sessions.insert({
    id,
    account_id: outcome.accountId,
    platform: outcome.platform,
    auth_method: outcome.authMethod,
    amr: amr.join(' '),
    ip: request.ip,
    user_agent: request.headers['user-agent']?.slice(0, 512) ?? null,
    created_at: now,
    last_seen_at: now,
    expires_at: now + hub.config.sessionTtlMs,
    revoked_at: null,
  });
  setSessionCookie(reply, hub.config, token, Math.floor(hub.config.sessionTtlMs / 1000));
};
