import {
  type AccountCheck,
  checkAccountInput,
  type ErrorCode,
  linkingRefusal,
  loginRefusal,
  type Platform,
  platformProductNames,
} from '@hub/core';
import type { Hub } from '../../hub.js';
import type { AccountRow } from '../../storage/accounts.js';

// No identifier of the hub holds an @ without being an email, nor spaces or control characters.
const malformedUsername = /[\s@\p{Cc}]/u;

/**
 * Spec §5, §8 on the linking screen: an empty account is 'Account is required'; a malformed one
 * (too long, or a username with an @, a space or a control character) 'Account format is invalid'
 * (the linking screen's wording, without a full stop).
 */
export const checkLinkingAccount = (input: string): AccountCheck => {
  const check = checkAccountInput(input);
  if (!check.ok) return check;
  if (check.kind === 'username' && malformedUsername.test(check.value)) {
    return { ok: false, code: 'account.format_invalid' };
  }
  return check;
};

export interface LinkingRefusal {
  code: ErrorCode;
  params?: Record<string, string>;
}

/**
 * Spec §6 and §8: may `child` be linked under `parent` on `platform`? Decided from the hub's
 * records only (docs/security.md "Query-string state"), in this order:
 * - the parent is the child itself: 'Account already exists';
 * - the child has a parent already, or the parent is the child's own child: 'Account already linked';
 * - the parent is not a member of the platform: 'Account is not registered to' + the platform's name;
 * - the parent may not use the platform at all (ut 5, or ut 2 on Personal): the login refusal;
 * - either account is an added user (u_type ≠ 1, a work account): 'You can’t link the work account …'.
 * Null when the link may be made.
 */
export const linkingRefusalFor = async (
  hub: Hub,
  child: AccountRow,
  parent: AccountRow,
  platform: Platform,
): Promise<LinkingRefusal | null> => {
  if (parent.id === child.id) return { code: 'account.already_exists' };
  if (await hub.links.parentOf(child.id, 'parent')) return { code: 'account.already_linked' };
  if ((await hub.links.parentOf(parent.id, 'parent')) === child.id) return { code: 'account.already_linked' };
  const memberships = await hub.accounts.memberships(parent.id);
  if (!memberships.some((m) => m.platform === platform)) {
    return {
      code: 'account.not_registered_to_platform',
      params: { platform: platformProductNames[platform] },
    };
  }
  const refusal =
    loginRefusal(parent.user_type, platform) ?? linkingRefusal(parent.u_type) ?? linkingRefusal(child.u_type);
  return refusal ? { code: refusal } : null;
};
