import { type AccountKind, encodeBase64Account, encodeSainfo, type Platform, routePath } from '@hub/core';
import { contextQuery, type FlowContextRecord } from './flow-context.js';

/**
 * Spec §4: an account whose home is the other platform is sent to switching option1, with a
 * sainfo that describes it for display (the switching flow re-derives everything on the server).
 */
export const switchingRedirect = (
  platform: Platform,
  account: { kind: AccountKind; value: string },
  context: FlowContextRecord,
): { next: 'redirect'; location: string } => {
  const sainfo = encodeSainfo({
    va: account.kind,
    account: encodeBase64Account(`account_${account.value}`),
    step: 1,
    srf: 'default',
    rrf: 'foundation',
  });
  const path = routePath('switching_option1', { platform });
  return { next: 'redirect', location: `${path}${contextQuery({ ...context, sainfo })}` };
};
