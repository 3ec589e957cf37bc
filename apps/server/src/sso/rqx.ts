import {
  encodeBase64Account,
  encodeSainfo,
  encodeToolSession,
  envFromCallbackParam,
  isEmail,
  isEntry,
  type Platform,
  parseFrom,
  platformFromName,
  type RouteId,
  routePath,
  type SsoRequest,
  ssoBranchOf,
  type ToolSession,
  toolStateSchema,
  truncateText,
} from '@hub/core';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import type { ToolRow } from '../storage/tools.js';
import { callbackFor, checkSubcb } from './callbacks.js';

/** The query of /sso/rqx (spec §2, core's contracts/sso.ts), every value optional and untrusted. */
export type { SsoRequest };

export interface SsoDecision {
  next: 'redirect';
  location: string;
  /** What the browser keeps under pm_tool_session (spec §3); display and context only. */
  toolSession?: ToolSession;
  /** A direct checkout for the account this browser is signed in as: the sign-in completes at once. */
  signedInAs?: string;
}

/** Where a tool's mistakes that the user is let past are written for the tool's operator (the request's logger). */
export interface SsoLog {
  warn: (details: Record<string, unknown>, message: string) => void;
}

const tsaKeyMissing = () => new HubError('sso.tsa_key_missing');

/**
 * Spec §4 "SSO handler", decided by `from`. Every tool, key and callback comes from the registry;
 * the query only names them. `signedInAccount` is the account of the browser's hub session, if any.
 */
export const decideSsoRequest = async (
  hub: Hub,
  query: SsoRequest,
  signedInAccount: { id: string; email: string | null } | undefined,
  log?: SsoLog,
): Promise<SsoDecision> => {
  // Here `from` is the asking tool's tsa key (core parseFrom); anything else names no tool.
  const parsed = parseFrom(query.from, 'tsa_key');
  const key = parsed.ok && parsed.value.kind === 'tsa_key' ? parsed.value.key : '';
  const platform = platformFromName(query.platform);
  const env = envFromCallbackParam(query.callback);
  const branch = ssoBranchOf(key);
  const tool = key ? await hub.tools.findByKey(key) : undefined;
  if (!tool) throw tsaKeyMissing();
  const subject = await subjectTool(hub, branch, tool, query);
  // The marketplace's sign-in and preview return to its 'auth' callback; its checkouts to the first one.
  const callbackName = key === 'MP_SSO_RQX' || branch === 'market_preview' ? 'auth' : undefined;
  const cb = await callbackFor(hub.tools, tool.tid, env, hub.config.appEnv, callbackName);
  const session = toolSessionFor(tool, subject, cb, platform, key, query);
  const authTarget: RouteId = query.auth_type === 'registration' ? 'registration' : 'login';

  switch (branch) {
    case 'marketplace_login':
      return to('login', platform, session);
    case 'market_preview':
      return to('registration', platform, session);
    case 'partner_auth':
      return to(authTarget, platform, session, query.entry);
    case 'direct_checkout':
      return directCheckout(hub, query, platform, session, authTarget, signedInAccount, tool, log);
    case 'tool_key':
      return tool.type === 1
        ? to(authTarget, platform, session, query.entry, { tool_auth: tool.name })
        : to('tool_login', platform, session);
  }
};

/**
 * The tool a marketplace request is about (tinfo[0]): the previewed tool named by tsa_key for a
 * market preview, the tool named by tid for a checkout; otherwise the tool itself. It must be in
 * the registry. The callback and the ainfo's audience stay the requesting tool's own.
 */
const subjectTool = async (hub: Hub, branch: string, tool: ToolRow, query: SsoRequest): Promise<ToolRow> => {
  if (branch === 'market_preview') {
    const previewed = query.tsa_key ? await hub.tools.findByKey(query.tsa_key) : undefined;
    if (!previewed) throw tsaKeyMissing();
    return previewed;
  }
  const checkout = branch === 'direct_checkout' || query.from === 'MP_MARKET_CHECKOUT_SSO_RQX';
  if (!checkout || !query.tid) return tool;
  const named = /^\d{1,9}$/.test(query.tid) ? await hub.tools.findByTid(Number(query.tid)) : undefined;
  if (!named) throw tsaKeyMissing();
  return named;
};

/**
 * A tool's demand for a fresh sign-in (docs/partner-integration.md "Fresh sign-in"): `prompt=login`
 * is 0 s, `max_age` the seconds since the person last typed their password (or proved a passkey or
 * a provider) that the tool accepts. Undefined when the tool asks nothing; a malformed value is refused.
 */
export const freshSignInDemand = (query: SsoRequest): number | undefined => {
  if (query.prompt !== undefined && query.prompt !== 'login' && query.prompt !== '')
    throw new HubError('request.invalid', { field: 'prompt' });
  const maxAge = query.max_age === undefined || query.max_age === '' ? undefined : query.max_age;
  if (maxAge !== undefined && !/^\d{1,8}$/.test(maxAge))
    throw new HubError('request.invalid', { field: 'max_age' });
  if (query.prompt === 'login') return 0;
  return maxAge === undefined ? undefined : Math.min(Number(maxAge), 31_536_000);
};

/** Whether a hub session signed in at `signedInAt` meets a tool session's fresh-sign-in demand. */
export const freshEnough = (session: ToolSession | undefined, signedInAt: number, now: number) =>
  session?.max_age === undefined || now - signedInAt <= session.max_age * 1000;

const toolSessionFor = (
  tool: ToolRow,
  subject: ToolRow,
  cb: string,
  platform: Platform,
  key: string,
  query: SsoRequest,
): ToolSession => {
  const subcb = checkSubcb(query.subcb);
  // A malformed state is refused, not dropped: the tool would refuse its own callback without it.
  if (query.state && !toolStateSchema.safeParse(query.state).success) throw new HubError('sso.state_invalid');
  const maxAge = freshSignInDemand(query);
  return {
    cb,
    tid: tool.tid,
    tinfo: [{ tid: subject.tid, name: subject.name, logo: subject.logo ?? '', type: subject.type }],
    expiration: '',
    platform,
    tsa_key: key,
    ...(query.pricing ? { pricing: truncateText(query.pricing, 256) } : {}),
    ...(subcb ? { subcb } : {}),
    ...(query.ref_a_frnd ? { ref_a_frnd: truncateText(query.ref_a_frnd, 1024) } : {}),
    ...(query.state ? { state: query.state } : {}),
    ...(maxAge !== undefined ? { max_age: maxAge } : {}),
  };
};

const to = (
  route: RouteId,
  platform: Platform,
  session: ToolSession,
  entry?: string,
  extra: Record<string, string> = {},
): SsoDecision => {
  const path = routePath(route, {
    platform,
    ...(isEntry(entry) && route === 'registration' ? { entry } : {}),
  });
  const query = new URLSearchParams({ from: encodeToolSession(session), ...extra });
  if (session.subcb) query.set('subcb', session.subcb);
  if (session.ref_a_frnd) query.set('ref_a_frnd', session.ref_a_frnd);
  return { next: 'redirect', location: `${path}?${query.toString()}`, toolSession: session };
};

/**
 * Spec §4 MP_DIRECT_CHECKOUT_RQX. The spec hands out ainfo for an email taken from the URL; we
 * do that only when this browser's hub session is that account (the caller then completes the
 * sign-in). Otherwise the email only pre-fills the login (existing account) or sign-up (new one).
 */
const directCheckout = async (
  hub: Hub,
  query: SsoRequest,
  platform: Platform,
  session: ToolSession,
  authTarget: RouteId,
  signedInAccount: { id: string; email: string | null } | undefined,
  tool: ToolRow,
  log: SsoLog | undefined,
): Promise<SsoDecision> => {
  const account = (query.account ?? '').trim();
  if (account === '' || account === 'none') return to(authTarget, platform, session);
  if (!isEmail(account)) {
    // The tool sent something that is not an email: its mistake, not the user's and not a failed
    // authorization. The user goes on to the login or sign-up without a pre-fill; the tool's
    // operator finds the line in the log.
    log?.warn(
      { tool: tool.name, tid: tool.tid, tsaKey: query.from, accountLength: account.length },
      'direct checkout: the tool sent an account that is not an email; opened the form without it',
    );
    return to(authTarget, platform, session);
  }
  const existing = await hub.accounts.findByIdentifier('email', account);
  if (existing && signedInAccount?.id === existing.id) {
    return { ...to('login', platform, session), signedInAs: existing.id };
  }
  const sainfo = encodeSainfo({ va: 'email', account: encodeBase64Account(`account_${account}`) });
  return to(existing ? 'login' : 'registration', platform, session, undefined, { sainfo });
};
