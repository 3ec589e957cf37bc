import { ACR_MULTI_FACTOR, decodeToolSession } from '@hub/core';
import type { Hub, PendingSignIn } from '../hub.js';

/**
 * Whether the operator requires a second factor for this sign-in (docs/second-factors.md,
 * "Policy"): its platform is in REQUIRE_SECOND_FACTOR, the tool it returns to is marked
 * `hub tools update TID --second-factor required`, or the OpenID Connect client asked for the
 * multi-factor acr (acr_values). The tool and the client are read from the hub's own records,
 * never from what the page says about them.
 */
export const secondFactorRequired = async (hub: Hub, signIn: PendingSignIn): Promise<boolean> => {
  if (hub.config.requireSecondFactor.includes(signIn.platform)) return true;
  const session = signIn.context.from ? decodeToolSession(signIn.context.from) : undefined;
  if (session?.ok && (await hub.tools.findByTid(session.value.tid))?.require_second_factor === 1) return true;
  if (signIn.context.oidc && hub.oidcAcrValues)
    return (await hub.oidcAcrValues(signIn.context.oidc)).includes(ACR_MULTI_FACTOR);
  return false;
};
