import { encodeSainfo, type Platform, type ReturnFlow, routePath, type Sainfo } from '@hub/core';

/**
 * Spec §2: a screen's "Forgot password?" link. Its sainfo keeps what the screen's own sainfo said
 * and names the flow to come back to (spec §3 rrf: foundation for the login, tool_login for the
 * tool login, switching1 for option1, switching2 for option2), which the reset hands to the
 * server; `from` goes along, and so does an OpenID Connect interaction (`oidc`), which the reset
 * hands back to the login it returns to (docs/oidc.md).
 */
export const resetPasswordHref = (
  platform: Platform,
  rrf: ReturnFlow,
  sainfo: Sainfo | undefined,
  from: string | null,
  oidc?: string | null,
): string => {
  const query = new URLSearchParams({ sainfo: encodeSainfo({ ...sainfo, rrf }) });
  if (from) query.set('from', from);
  if (oidc) query.set('oidc', oidc);
  return `${routePath('reset_password', { platform })}?${query.toString()}`;
};
