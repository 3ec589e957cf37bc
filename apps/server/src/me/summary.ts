import { type MeSummary, platforms } from '@hub/core';
import { accountView } from '../flows/default-platform/service.js';
import type { SignedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';

/** One or two capital letters for the avatar: first and last name, else the account's first letter. */
export const initialsOf = (name: { first: string; last: string } | null, display: string): string => {
  const letters = name ? [name.first, name.last] : [display.replace(/^[^\p{L}\p{N}]+/u, '')];
  const initials = letters
    .map((part) => Array.from(part.trim())[0] ?? '')
    .join('')
    .toLocaleUpperCase('en');
  return initials || '?';
};

/** Who is signed in, as the header's menu and the account center's overview show it. */
export const meSummary = async (hub: Hub, { account }: SignedInPerson): Promise<MeSummary> => {
  const [profile, memberships] = await Promise.all([
    hub.profiles.fullNameOf(account.id),
    hub.accounts.memberships(account.id),
  ]);
  const name = profile
    ? {
        first: profile.first_name,
        middle: profile.middle_name,
        last: profile.last_name,
        suffix: profile.suffix,
      }
    : null;
  const view = accountView(account);
  return {
    account: view,
    name,
    initials: initialsOf(name, view.display),
    userType: account.user_type,
    homePlatform: account.home_platform,
    platforms: platforms.filter((p) => memberships.some((m) => m.platform === p)),
    createdAt: account.created_at,
  };
};
