import type { PlatformWorkAccountRequest } from '@hub/core';
import { HubError } from '../errors.js';
import { inviteWorkAccount } from '../flows/work-account/invitation.js';
import type { Hub } from '../hub.js';
import type { RequestOrigin } from '../services/audit.js';
import type { ServerCaller } from '../sso/server-caller.js';

/**
 * The Business platform adds a work account for one of its business owners, server to server:
 * only the Business platform may, and only for an owner the hub knows. The invitation goes out as
 * when the owner adds it from the hub's own page.
 */
export const inviteForPlatform = async (
  hub: Hub,
  caller: ServerCaller,
  body: PlatformWorkAccountRequest,
  from: RequestOrigin,
) => {
  if (caller.platform !== 'biz') throw new HubError('tool.forbidden');
  const owner = await hub.accounts.findById(body.owner_aid);
  if (!owner) throw new HubError('account.not_found', { field: 'owner_aid' });
  const invited = await inviteWorkAccount(hub, {
    owner,
    email: body.email,
    from: { ...from, ip: null },
    via: 'platform',
  });
  return { msg: 'delivered' as const, email: invited.email, expires_at: invited.expiresAt };
};
