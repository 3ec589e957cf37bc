import { type FlowContext, loginRefusal, type Platform, platformProductNames } from '@hub/core';
import { type AuthenticationResponseJSON, generateAuthenticationOptions } from '@simplewebauthn/server';
import { HubError } from '../errors.js';
import type { FlowCaller } from '../flows/caller.js';
import { type FlowContextRecord, parseContext, toContextRecord } from '../flows/flow-context.js';
import { toolOfSession } from '../flows/login/service.js';
import { switchingRedirect } from '../flows/switching-redirect.js';
import type { Hub } from '../hub.js';
import { policy } from '../policy.js';
import { recordAudit } from '../services/audit.js';
import { checkAssertion, newChallenge, relyingParty, takeChallenge } from './passkeys.js';

/**
 * A passkey as the first factor, on the login screen's account step (the login and the tool login,
 * and through them an OpenID Connect interaction): the person picks a discoverable passkey (the
 * button, or the account field's autofill), the authenticator verifies them (user verification is
 * required here: the passkey is both factors), and the sign-in ends in the sign-in pipeline like a
 * password's. The challenge is the flow: bound to this browser's flow-binding cookie, single use,
 * holding the platform and the page's context.
 */

const loginTool = async (hub: Hub, context: FlowContextRecord) => {
  const tool = await toolOfSession(hub, context.tool);
  if (!tool) throw new HubError('sso.tsa_key_missing');
  return tool;
};

/** The options for the browser's navigator.credentials.get, and the challenge's id to answer with. */
export const passkeySignInOptions = async (
  hub: Hub,
  caller: FlowCaller,
  input: { platform: Platform; toolLogin?: boolean | undefined; context?: FlowContext | undefined },
) => {
  await hub.throttle.consume('passkeyOptionsPerIp', caller.ip);
  const context = toContextRecord(input.context);
  // A tool login's tool is known before any passkey is asked for, as before its account is typed.
  if (input.toolLogin) await loginTool(hub, context);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(hub.config).rpID,
    // No list: the authenticator offers the passkeys it holds for this site (discoverable ones).
    allowCredentials: [],
    userVerification: 'required',
    timeout: policy.passkeySignInTtlMs,
  });
  const challenge = await newChallenge(hub, {
    purpose: 'sign_in',
    challenge: options.challenge,
    binding: caller.binding,
    platform: input.platform,
    context: { ...context, ...(input.toolLogin ? { toolLogin: true } : {}) },
    ttlMs: policy.passkeySignInTtlMs,
  });
  return { challengeId: challenge.id, options: options as unknown as Record<string, unknown> };
};

/**
 * The answer to a sign-in challenge: who it proves, under the login's rules for the platform (and
 * the tool's, on a tool login). An account of the other platform goes to switching option1, as its
 * typed account would. `next: 'signed_in'` goes on to the sign-in pipeline with the auth method 'passkey'.
 */
export const verifyPasskeySignIn = async (
  hub: Hub,
  caller: FlowCaller,
  input: { challengeId: string; response: AuthenticationResponseJSON },
): Promise<
  | { next: 'signed_in'; accountId: string; platform: Platform; context: FlowContextRecord }
  | { next: 'redirect'; location: string }
> => {
  await hub.throttle.consume('passkeyPerIp', caller.ip);
  const challenge = await takeChallenge(hub, input.challengeId, 'sign_in', caller.binding);
  const platform = challenge.platform;
  if (!platform) throw new HubError('flow.not_found');
  const { toolLogin, ...context } = parseContext(challenge.context) as FlowContextRecord & {
    toolLogin?: boolean;
  };
  const { passkey } = await checkAssertion(hub, {
    challenge,
    response: input.response,
    requireUserVerification: true,
    from: caller,
  });
  const account = await hub.accounts.findById(passkey.account_id);
  if (!account) throw new HubError('passkey.refused');
  const refusal = loginRefusal(account.user_type, platform);
  if (refusal) throw new HubError(refusal);
  if (toolLogin) {
    const tool = await loginTool(hub, context);
    if (!(await hub.tools.isMember(tool.tid, account.id))) {
      throw new HubError('account.not_registered_to_tool', { params: { tool: tool.name } });
    }
  }
  const memberships = await hub.accounts.memberships(account.id);
  if (!memberships.some((m) => m.platform === platform) && account.email) {
    return switchingRedirect(platform, { kind: 'email', value: account.email }, context);
  }
  if (!memberships.some((m) => m.platform === platform)) {
    throw new HubError('account.not_registered_to_platform', {
      params: { platform: platformProductNames[platform] },
    });
  }
  await recordAudit(
    hub.db,
    {
      event: 'passkey.sign_in',
      outcome: 'success',
      accountId: account.id,
      from: caller,
      detail: { platform, passkey: passkey.id },
    },
    hub.now(),
  );
  return { next: 'signed_in', accountId: account.id, platform, context };
};
