import { type Platform, platforms } from '@hub/core';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import type { ServerCaller } from '../sso/server-caller.js';

/** A platform sees its members; a tool sees the accounts that have signed in to it (tool_memberships). */
const mayRead = async (hub: Hub, caller: ServerCaller, accountId: string, accountPlatforms: Platform[]) =>
  caller.platform
    ? accountPlatforms.includes(caller.platform)
    : hub.tools.isMember(caller.tool.tid, accountId);

/**
 * Spec §7 account/read: verified (1 means verified) and the account's fields, server to server.
 * An account the caller may not see answers exactly as one that does not exist.
 */
export const readAccount = async (hub: Hub, caller: ServerCaller, accountId: string) => {
  const account = await hub.accounts.findById(accountId);
  const memberships = account ? await hub.accounts.memberships(account.id) : [];
  const accountPlatforms = platforms.filter((p) => memberships.some((m) => m.platform === p));
  if (!account || !(await mayRead(hub, caller, account.id, accountPlatforms))) {
    throw new HubError('account.not_found', { field: 'aid' });
  }
  return {
    verified: account.verified,
    aid: account.id,
    email: account.email,
    mobile_num: account.mobile_num,
    username: account.username,
    home_platform: account.home_platform,
    platforms: accountPlatforms,
    ut: account.user_type,
    u_type: account.u_type,
  };
};
