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
import { cookieName } from '../http/request-context.js';
import { deviceSessions, switchDeviceSession } from '../http/session.js';
import type { SignedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import { recordAudit } from '../services/audit.js';
import type { SignInOutcome } from '../sso/complete-sign-in.js';
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
  ip: string,
  platform: Platform,
): Promise<{ next: 'redirect'; location: string } | { next: 'sign_in'; signIn: SignInOutcome }> => {
  await hub.throttle.consume('lookupPerIp', ip);
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
 * 'Continue as' on a login screen: the sign-in that screen would make, for one of this browser's
 * accounts, by its live session instead of the password (authMethod 'session': the pipeline still
 * holds the platform rules, the second factor, the tool's membership). A tool that demands a fresh
 * sign-in (its tool session's max_age, /sso/rqx `prompt=login` or `max_age`) and an OpenID Connect
 * interaction (the provider signs a live session in by itself; its login screen shows only when the
 * client asked for a new sign-in) get `session.fresh_sign_in_required`: the form is the way on.
 */
export const continueAsOf = async (hub: Hub, cookies: Cookies, ip: string, input: ContinueAsRequest) => {
  await hub.throttle.consume('lookupPerIp', ip);
  const context = toContextRecord(input.context);
  const { chosen, cookies: switched } = await switchDeviceSession(hub, cookies, input.account);
  if (context.oidc || !freshEnough(context.tool, chosen.session.created_at, hub.now())) {
    throw new HubError('session.fresh_sign_in_required');
  }
  const signIn: SignInOutcome = {
    accountId: input.account,
    platform: input.platform,
    authMethod: 'session',
    context,
  };
  const current = chosen.token === cookies[cookieName(hub.config, 'hub_session')];
  return { signIn, session: chosen.session, cookies: current ? [] : switched };
};

/** "Sign out of all accounts": every session this browser holds ends (the shared computer's way out). */
export const signOutAllOf = async (hub: Hub, cookies: Cookies, ip: string) => {
  const sessions = await deviceSessions(hub, cookies);
  for (const { token, session } of sessions) {
    await endHubSession(hub, token);
    await recordAudit(
      hub.db,
      {
        event: 'account.logout',
        outcome: 'success',
        accountId: session.account_id,
        ip,
        detail: { platform: session.platform, tool: null, toTool: false, all: true },
      },
      hub.now(),
    );
  }
  return { next: 'redirect' as const, location: '/' };
};
