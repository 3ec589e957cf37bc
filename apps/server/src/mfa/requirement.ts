import { ACR_MULTI_FACTOR, type SecondFactorMethod, secondStepFor } from '@hub/core';
import type { Hub } from '../hub.js';
import type { SignInOutcome, SignInRequest } from '../sso/complete-sign-in.js';
import { enrolledMethods } from './methods.js';

/**
 * The one place that decides whether a sign-in needs a second factor (docs/second-factors.md,
 * "Policy"): the sign-in pipeline's second-factor step asks secondStepOf, and the OpenID Connect
 * provider's login check asks oidcSessionNeedsSecondFactor.
 */

/** What the decision needs of the OpenID Connect provider: the acr_values its client asked for. */
export interface SecondFactorPolicyDeps {
  acrValuesOf: (uid: string) => Promise<string[]>;
}

/**
 * Whether the operator requires a second factor for this sign-in: its platform is in
 * REQUIRE_SECOND_FACTOR, the tool it returns to is marked `hub tools update TID --second-factor
 * required`, or the OpenID Connect client asked for the multi-factor acr (acr_values). The tool and
 * the client are read from the hub's own records, never from what the page says about them.
 */
export const secondFactorRequired = async (
  hub: Hub,
  deps: SecondFactorPolicyDeps,
  request: Pick<SignInRequest, 'tools'>,
  signIn: SignInOutcome,
): Promise<boolean> => {
  if (hub.config.requireSecondFactor.includes(signIn.platform)) return true;
  const tool = signIn.context.tool;
  if (tool && (await request.tools.byTid(tool.tid))?.require_second_factor === 1) return true;
  if (signIn.context.oidc) return (await deps.acrValuesOf(signIn.context.oidc)).includes(ACR_MULTI_FACTOR);
  return false;
};

/**
 * First factors that stop for a second one only where this sign-in requires it (the platform's,
 * the tool's or the OpenID Connect client's policy): a new account has none to prove yet, and a
 * live session proved its own sign-in; a session that proved only one factor is not enough for a
 * tool that requires two, whichever screen reaches it. A passkey sign-in is two factors in one
 * (the device and the person's verification on it) and never stops.
 */
const SECOND_STEP_IF_REQUIRED = new Set(['session', 'signup']);

/**
 * The second step this sign-in takes: `none`, `verify` (the account has second factors) or
 * `enrol` (it has none, and this sign-in requires one).
 */
export const secondStepOf = async (
  hub: Hub,
  deps: SecondFactorPolicyDeps,
  request: SignInRequest,
  signIn: SignInOutcome,
): Promise<{ step: 'none' } | { step: 'verify' | 'enrol'; methods: SecondFactorMethod[] }> => {
  if (signIn.authMethod === 'passkey' || (signIn.secondFactors?.length ?? 0) > 0) return { step: 'none' };
  // Read once, and only when the answer matters (the tool, the OpenID Connect interaction).
  let requirement: Promise<boolean> | undefined;
  const isRequired = () => {
    requirement ??= secondFactorRequired(hub, deps, request, signIn);
    return requirement;
  };
  if (SECOND_STEP_IF_REQUIRED.has(signIn.authMethod)) {
    if (signIn.authMethod === 'session' && sessionProvedTwoFactors((await request.session())?.amr))
      return { step: 'none' };
    // Switching by a session (Continue as on switching option1) links the account to another
    // platform: like switching's password, it asks for the second factor the account has.
    const linking = signIn.authMethod === 'session' && signIn.fromSwitching === true;
    if (!linking && !(await isRequired())) return { step: 'none' };
  }
  const methods = await enrolledMethods(hub, signIn.accountId);
  const required = methods.length === 0 && (await isRequired());
  const step = secondStepFor({ enrolled: methods, required, satisfied: false });
  return step === 'none' ? { step } : { step, methods };
};

/** A hub session signed in with two factors (its amr says `mfa`). */
const sessionProvedTwoFactors = (amr: string | null | undefined) => (amr ?? '').split(' ').includes('mfa');

/**
 * The OpenID Connect provider's login check: a client that asks for the multi-factor acr
 * (acr_values) gets a new sign-in when the browser's session was signed in with one factor.
 */
export const oidcSessionNeedsSecondFactor = (askedAcrValues: string, sessionAcr: string | undefined) =>
  askedAcrValues.split(' ').includes(ACR_MULTI_FACTOR) && sessionAcr !== ACR_MULTI_FACTOR;
