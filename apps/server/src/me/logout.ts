import type { MeLogoutRequest } from '@hub/core';
import type { SignedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import { type ClientOrigin, recordAudit } from '../services/audit.js';
import { signOut } from '../sso/sign-out.js';

/**
 * Log out from the account center or the header: the hub's single logout (sso/sign-out.ts), the
 * one tools use, run as it is — it ends this browser's hub session (and with it the OpenID Connect
 * sign-ins that mirror it) and names where the browser goes: the registered logout address of the
 * tool this browser keeps a session of, else the hub's home. Audited.
 */
export const logOut = async (
  hub: Hub,
  { session, account }: SignedInPerson,
  sessionToken: string | undefined,
  from: ClientOrigin,
  input: MeLogoutRequest,
) => {
  const { target } = await signOut(hub, sessionToken, input);
  await recordAudit(
    hub.db,
    {
      event: 'account.logout',
      outcome: 'success',
      accountId: account.id,
      from,
      detail: { platform: session.platform, tool: input.tid ?? null, toTool: target !== '/' },
    },
    hub.now(),
  );
  return { next: 'redirect' as const, location: target };
};
