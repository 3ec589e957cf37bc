import { loginRefusal, type Platform, routePath } from '@hub/core';
import type { SignedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import type { SignInOutcome } from '../sso/complete-sign-in.js';

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
