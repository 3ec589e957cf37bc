import {
  type ContinueAsRequest,
  type DeviceAccount,
  type DeviceAccounts,
  loginRefusal,
  type Platform,
  routePath,
} from '@hub/core';
import { HubError } from '../errors.js';
import { accountView } from '../flows/default-platform/service.js';
import { toContextRecord } from '../flows/flow-context.js';
import { linkAccountToPlatform } from '../flows/switching/complete.js';
import { switchingRedirect } from '../flows/switching-redirect.js';
import { cookieName } from '../http/request-context.js';
import { type DeviceSession, deviceSessions, switchDeviceSession } from '../http/session.js';
import type { SignedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import { SECOND_FACTOR_REASON } from '../oidc/constants.js';
import { type ClientOrigin, recordAudit } from '../services/audit.js';
import type { SignInCookie, SignInOutcome } from '../sso/complete-sign-in.js';
import { freshEnough } from '../sso/rqx.js';
import { endHubSession } from '../sso/sign-out.js';
import { initialsOf } from './summary.js';

type Cookies = Readonly<Record<string, string | undefined>>;

/**
 * 'Continue' on a landing card: a signed-in person goes on to the platform as their login would
 * end — the exit with a fresh ainfo (the sign-in pipeline, on the session they hold). When the login
 * would have a say first (an account of the other platform goes to switching; spec §6 refusals),
 * the person is sent to that platform's login, which says it.
 */
export const continueTo = async (
  hub: Hub,
  { account }: SignedInPerson,
  from: ClientOrigin,
  platform: Platform,
): Promise<{ next: 'redirect'; location: string } | { next: 'sign_in'; signIn: SignInOutcome }> => {
  await hub.throttle.consume('lookupPerIp', from.ip);
  const memberships = await hub.accounts.memberships(account.id);
  const member = memberships.some((m) => m.platform === platform);
  if (!member || loginRefusal(account.user_type, platform)) {
    return { next: 'redirect', location: routePath('login', { platform }) };
  }
  return { next: 'sign_in', signIn: { accountId: account.id, platform, authMethod: 'session', context: {} } };
};

/**
 * The accounts signed in on this browser, as the chooser and the header menu show them
 * (docs/sessions.md). A browser with none gets an empty list.
 */
export const deviceAccountsOf = async (hub: Hub, cookies: Cookies): Promise<DeviceAccounts> => {
  const sessions = await deviceSessions(hub, cookies);
  const current = cookies[cookieName(hub.config, 'hub_session')];
  const accounts = await Promise.all(
    sessions.map(async ({ token, session }): Promise<DeviceAccount | undefined> => {
      const account = await hub.accounts.findById(session.account_id);
      if (!account) return undefined;
      const profile = await hub.profiles.fullNameOf(account.id);
      const name = profile ? { first: profile.first_name, last: profile.last_name } : null;
      const { display } = accountView(account);
      return {
        id: account.id,
        display: name ? `${name.first} ${name.last}`.trim() : display,
        initials: initialsOf(name, display),
        current: token === current,
      };
    }),
  );
  return { accounts: accounts.filter((a): a is DeviceAccount => a !== undefined) };
};

/**
 * Why an OpenID Connect interaction may ask for a sign-in that Continue as answers (docs/sessions.md
 * "OpenID Connect"): the browser's current account is none of its accounts (`no_session`: the
 * others stay in its list), or the client wants a second factor the session has not proved (the
 * second step follows). prompt=login, an expired max_age and every other reason ask for the password.
 */
export const CONTINUE_AS_OIDC_REASONS: ReadonlySet<string> = new Set(['no_session', SECOND_FACTOR_REASON]);

/** What Continue as asks of the OpenID Connect provider (oidc/provider.ts, handed in by app.ts). */
export interface ContinueAsDeps {
  loginReasonsOf(uid: string): Promise<string[] | undefined>;
}

/** Whether Continue as may answer interaction `uid`'s login: only for the reasons above. */
export const oidcAllowsContinueAs = async (deps: ContinueAsDeps, uid: string) => {
  const reasons = await deps.loginReasonsOf(uid);
  return reasons?.every((reason) => CONTINUE_AS_OIDC_REASONS.has(reason)) === true;
};

/**
 * 'Continue as' on a login screen: the sign-in that screen would make, for one of this browser's
 * accounts, by its live session instead of the password (authMethod 'session': the pipeline still
 * holds the platform rules, the second factor, the tool's membership). A tool that demands a fresh
 * sign-in (its tool session's max_age, /sso/rqx `prompt=login` or `max_age`) and an OpenID Connect
 * interaction that does (prompt=login, max_age) get `session.fresh_sign_in_required`: the form is
 * the way on. An account of the other platform goes to switching option1, as its login would; from
 * there (`switching`) Continue as links it to this platform, after the second factor the account has
 * if its session did not prove one (mfa/requirement.ts).
 */
export const continueAsOf = async (
  hub: Hub,
  deps: ContinueAsDeps,
  cookies: Cookies,
  from: ClientOrigin,
  input: ContinueAsRequest,
): Promise<ContinueAs> => {
  await hub.throttle.consume('lookupPerIp', from.ip);
  const context = toContextRecord(input.context);
  const { chosen, cookies: switched } = await switchDeviceSession(hub, cookies, input.account);
  const current = chosen.token === cookies[cookieName(hub.config, 'hub_session')];
  const sessionCookies = current ? [] : switched;
  if (context.oidc && !(await oidcAllowsContinueAs(deps, context.oidc)))
    throw new HubError('session.fresh_sign_in_required');
  if (!freshEnough(context.tool, chosen.session.created_at, hub.now()))
    throw new HubError('session.fresh_sign_in_required');
  const account = await hub.accounts.findById(input.account);
  if (!account) throw new HubError('account.not_found');
  const member = (await hub.accounts.memberships(account.id)).some((m) => m.platform === input.platform);
  if (!member && !input.switching) {
    // As at login step 1 (spec §4): the platform's refusals first, then an account of the other
    // platform goes to switching option1, where Continue as links it.
    const refusal = loginRefusal(account.user_type, input.platform);
    if (refusal) throw new HubError(refusal);
    const { kind } = accountView(account);
    const value = account.email ?? account.mobile_num ?? account.username ?? '';
    return { redirect: switchingRedirect(input.platform, { kind, value }, context), cookies: sessionCookies };
  }
  // Switching an account that is already a member links nothing: it is the login's sign-in.
  const link = Boolean(input.switching && !member);
  const signIn: SignInOutcome = {
    accountId: input.account,
    platform: input.platform,
    authMethod: 'session',
    context,
    ...(link ? { fromSwitching: true } : {}),
  };
  return { signIn, session: chosen.session, cookies: sessionCookies, link };
};

/** Continue as's outcome: a sign-in by the chosen session (`link`: switching joins the platform first), or a redirect. */
type ContinueAs = { cookies: SignInCookie[] } & (
  | { signIn: SignInOutcome; session: DeviceSession['session']; link: boolean; redirect?: undefined }
  | { redirect: { next: 'redirect'; location: string }; signIn?: undefined }
);

/** Switching by Continue as, once the second-factor gate let it through: the account joins the platform. */
export const linkBySession = (hub: Hub, signIn: SignInOutcome, from: ClientOrigin) =>
  hub.db
    .transaction()
    .execute((trx) =>
      linkAccountToPlatform(
        hub,
        trx,
        { accountId: signIn.accountId, platform: signIn.platform, from },
        hub.now(),
      ),
    );

/** "Sign out of all accounts": every session this browser holds ends (the shared computer's way out). */
export const signOutAllOf = async (hub: Hub, cookies: Cookies, from: ClientOrigin) => {
  const sessions = await deviceSessions(hub, cookies);
  for (const { token, session } of sessions) {
    await endHubSession(hub, token);
    await recordAudit(
      hub.db,
      {
        event: 'account.logout',
        outcome: 'success',
        accountId: session.account_id,
        from,
        detail: { platform: session.platform, tool: null, toTool: false, all: true },
      },
      hub.now(),
    );
  }
  return { next: 'redirect' as const, location: '/' };
};
