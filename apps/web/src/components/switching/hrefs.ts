import { encodeSainfo, type Platform, type ReturnFlow, routePath, type Sainfo } from '@hub/core';

/**
 * Spec §2: a screen's "Forgot password?" link. Its sainfo keeps what the screen's own sainfo said
 * and names the flow to come back to (spec §3 rrf: foundation for the login, tool_login for the
 * tool login, switching1 for option1, switching2 for option2), which the reset hands to the
 * server; `from` goes along.
 */
export const resetPasswordHref = (
  platform: Platform,
  rrf: ReturnFlow,
  sainfo: Sainfo | undefined,
  from: string | null,
): string => {
  const query = new URLSearchParams({ sainfo: encodeSainfo({ ...sainfo, rrf }) });
  if (from) query.set('from', from);
  return `${routePath('reset_password', { platform })}?${query.toString()}`;
};
