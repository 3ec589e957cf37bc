import {
  type AppEnv,
  encodeToolSession,
  type SsoRequest,
  type ToolDisplayAnswer,
  toolSessionFrom,
} from '@hub/core';
import { HubError } from '../errors.js';
import { liveSession } from '../http/session.js';
import type { Hub } from '../hub.js';
import type { SignInOutcome } from './complete-sign-in.js';
import { decideSsoRequest, freshEnough, type SsoDecision, type SsoLog } from './rqx.js';
import type { ServerCaller } from './server-caller.js';

/** Who asks /sso/rqx: the client IP for the throttle, the browser's hub-session cookie, the request's log. */
export interface SsoCaller {
  ip: string;
  sessionToken: string | undefined;
  log?: SsoLog;
}

/** Where /sso/rqx goes: a screen (or refusal) to redirect to, or a sign-in the caller completes. */
export type SsoOutcome = SsoDecision | { next: 'sign_in'; signIn: SignInOutcome & { authMethod: 'session' } };

/**
 * POST /api/sso/rqx (spec §4 "SSO handler"): throttled per IP before anything is read, then the
 * browser's hub session (a direct checkout for the signed-in account completes at once) and the
 * decision by `from`.
 */
export const answerSsoRequest = async (
  hub: Hub,
  caller: SsoCaller,
  query: SsoRequest,
): Promise<SsoOutcome> => {
  await hub.throttle.consume('lookupPerIp', caller.ip);
  const session = await liveSession(hub, caller.sessionToken);
  const signedIn = session ? await hub.accounts.findById(session.account_id) : undefined;
  const decision = await decideSsoRequest(hub, query, signedIn, caller.log);
  // A tool that demands a fresh sign-in (prompt=login, max_age) gets the login, not the session's.
  const fresh = session && freshEnough(decision.toolSession, session.created_at, hub.now());
  if (decision.signedInAs && decision.toolSession && fresh) {
    return {
      next: 'sign_in',
      signIn: {
        accountId: decision.signedInAs,
        platform: decision.toolSession.platform ?? 'psl',
        authMethod: 'session',
        context: { from: encodeToolSession(decision.toolSession), tool: decision.toolSession },
      },
    };
  }
  const { signedInAs: _completesOnlyWhenFresh, ...answer } = decision;
  return answer;
};

/** A tool reads only its own registry entry; a platform (Personal, Business) reads any. */
const mayRead = (caller: ServerCaller, tid: number) =>
  caller.platform !== undefined || caller.tool.tid === tid;

/** The tu list of spec §3: `{callback}_auth_callback` entries, each with a value; the first first. */
const tuOf = (callbacks: Array<{ name: string; url: string }>) =>
  callbacks.map((c) => ({ name: `${c.name}_auth_callback`, value: c.url }));

/**
 * Spec §7 tools/ssorqx: a tool by its tsa key, with its callbacks in `env` (else the hub's own
 * environment). Undefined for an unknown key, and for another tool's key when a tool asks: a tool
 * reads only itself, so another tool's key answers as an unknown one does.
 */
export const readToolByKey = async (hub: Hub, caller: ServerCaller, tsaKey: string, env?: AppEnv) => {
  const tool = await hub.tools.findByKey(tsaKey);
  if (!tool || !mayRead(caller, tool.tid)) return undefined;
  const callbacks = await hub.tools.callbacks(tool.tid, env ?? hub.config.appEnv);
  return {
    msg: 'valid' as const,
    tinfo: [{ tid: tool.tid, name: tool.name, type: tool.type, logo: tool.logo ?? '' }],
    tu: tuOf(callbacks),
  };
};

/** Spec §7 tools/toolcb: a tool's callbacks in one environment, for that tool or a platform. */
export const readToolCallbacks = async (hub: Hub, caller: ServerCaller, tid: number, env: AppEnv) => {
  if (!mayRead(caller, tid)) throw new HubError('tool.forbidden');
  const tool = await hub.tools.findByTid(tid);
  if (!tool) throw new HubError('sso.tsa_key_missing');
  return { tu: tuOf(await hub.tools.callbacks(tool.tid, env)) };
};

/**
 * GET /api/sso/tool: what a screen shows of the tool its `from` tool session names (its first
 * tinfo item, spec §3). The hub parses `from` here, once; the web app never decodes it. Display
 * only: every decision re-derives the tool from the registry.
 */
export const toolDisplayOf = (from: string): ToolDisplayAnswer => {
  const session = toolSessionFrom(from);
  if (!session) return { session: false };
  const info = session.tinfo[0];
  if (!info) return { session: true };
  return {
    session: true,
    tool: { tid: info.tid, name: info.name, ...(info.logo ? { logo: info.logo } : {}) },
  };
};
